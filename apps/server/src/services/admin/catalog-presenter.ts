import type { AdminBundle, AdminCharacter, AdminMediaItem } from "@reverie/shared";
import type { MediaRow } from "../../db/schema.ts";
import type { BundleWithCounts } from "../../repositories/bundles.ts";
import type { CharacterWithCounts } from "../../repositories/characters.ts";
import { characterProfileOf, type Presenter } from "../presenters.ts";

/** Catalog rows as the admin console reads them (hidden ones too, every field it edits). */
export class AdminCatalogPresenter {
  readonly #present: Presenter;

  constructor(presenter: Presenter) {
    this.#present = presenter;
  }

  character(row: CharacterWithCounts): AdminCharacter {
    return {
      id: row.id,
      slug: row.slug,
      ...characterProfileOf(row),
      avatar_url: this.#present.fileUrl(row.avatar_key),
      cover_url: this.#present.fileUrl(row.cover_key),
      position: row.position,
      hidden: row.hidden_at !== null,
      photo_count: row.photo_count,
      video_count: row.video_count,
      created_at: new Date(row.created_at).toISOString(),
    };
  }

  media(row: MediaRow): AdminMediaItem {
    return {
      id: row.id,
      kind: row.kind,
      bundle_id: row.bundle_id,
      url: this.#present.fileUrl(row.file_key),
      thumbnail_url: this.#present.fileUrl(row.thumbnail_key),
      width: row.width,
      height: row.height,
      position: row.position,
    };
  }

  bundle(row: BundleWithCounts): AdminBundle {
    return {
      id: row.id,
      slug: row.slug,
      kind: row.kind,
      character_id: row.character_id,
      gender: row.gender,
      title: row.title,
      description: row.description,
      price_tokens: row.price_tokens,
      cover_url: this.#present.fileUrl(row.cover_key),
      photo_count: row.photo_count,
      video_count: row.video_count,
    };
  }
}

/** What the audit log keeps of a character: every field the console edits. */
export function characterSnapshot(row: CharacterWithCounts) {
  return {
    ...characterProfileOf(row),
    avatar_key: row.avatar_key,
    cover_key: row.cover_key,
    position: row.position,
    hidden: row.hidden_at !== null,
  };
}
