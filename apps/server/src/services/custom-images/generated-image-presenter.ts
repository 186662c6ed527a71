import type { GeneratedImage } from "@reverie/shared";
import type { MediaRow } from "../../db/schema.ts";
import type { PrivateMediaSigner } from "../../media/private-urls.ts";

/**
 * A generated picture as the API answers it. Its files are private and reached by signed,
 * expiring links only: the picture is its owner's alone, and only the owner is answered with it.
 */
export function presentGeneratedImage(row: MediaRow, signer: PrivateMediaSigner): GeneratedImage {
  return {
    id: row.id,
    model_id: row.character_id,
    url: signer.url(row.file_key),
    thumbnail_url: signer.url(row.thumbnail_key),
    prompt: row.prompt ?? "",
    style: row.style ?? "realistic",
    created_at: new Date(row.created_at).toISOString(),
  };
}
