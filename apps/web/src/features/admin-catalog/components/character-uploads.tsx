import type { AdminCharacterDetail } from "@reverie/shared";
import { type ChangeEvent, useState } from "react";
import { Notice } from "@/components/ui/notice";
import { errorMessage } from "@/lib/api-client";
import { useUploadMedia } from "../api/upload-media";
import { useUploadPortrait } from "../api/upload-portrait";
import { DeleteMediaButton } from "./bundle-contents";

const ACCEPT = "image/png,image/jpeg,image/webp";
/** the contract's ADMIN_UPLOAD_MAX_BYTES, which the server enforces (413); not imported, so the shared constants chunk stays as small as the other screens need */
const ADMIN_UPLOAD_MAX_BYTES = 10 * 1024 * 1024;

/** The portrait and the gallery photos; the server checks each file's content and re-encodes it. */
export function CharacterUploads({
  character,
  canEdit,
}: {
  character: AdminCharacterDetail;
  canEdit: boolean;
}) {
  const portrait = useUploadPortrait(character.id);
  const media = useUploadMedia(character.id);
  const [tooBig, setTooBig] = useState(false);

  function pick(upload: (file: Blob) => unknown) {
    return (event: ChangeEvent<HTMLInputElement>) => {
      const file = event.target.files?.[0];
      event.target.value = "";
      if (!file) return;
      setTooBig(file.size > ADMIN_UPLOAD_MAX_BYTES);
      if (file.size <= ADMIN_UPLOAD_MAX_BYTES) upload(file);
    };
  }

  const failure = portrait.error ?? media.error;
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end gap-4">
        {character.cover_url ? (
          <img
            src={character.cover_url}
            alt={`${character.name}'s cover`}
            className="h-40 w-30 rounded-xl object-cover"
          />
        ) : (
          <div className="grid h-40 w-30 place-items-center rounded-xl bg-ink-700 text-xs text-ink-400">
            No portrait
          </div>
        )}
        {canEdit ? (
          <div className="space-y-2 text-sm text-ink-200">
            <label className="block">
              <span className="block">Portrait (PNG, JPEG or WebP, 10 MiB at most)</span>
              <input
                type="file"
                accept={ACCEPT}
                onChange={pick((file) => portrait.mutate(file))}
                data-testid="admin-portrait-input"
              />
            </label>
            <label className="block">
              <span className="block">Add a gallery photo</span>
              <input
                type="file"
                accept={ACCEPT}
                onChange={pick((file) => media.mutate(file))}
                data-testid="admin-media-input"
              />
            </label>
            {portrait.isPending || media.isPending ? <p className="text-ink-400">Uploading…</p> : null}
          </div>
        ) : null}
      </div>
      {tooBig ? <Notice tone="error">That file is over 10 MiB.</Notice> : null}
      {failure ? <Notice tone="error">{errorMessage(failure)}</Notice> : null}
      <ul className="grid grid-cols-3 gap-2 sm:grid-cols-5" data-testid="admin-character-media">
        {character.media.map((item) => (
          <li key={item.id}>
            <img src={item.thumbnail_url} alt="" className="aspect-[3/4] w-full rounded-lg object-cover" />
            <span className="text-[11px] text-ink-500">{item.bundle_id ? "in a bundle" : item.kind}</span>
            {canEdit ? <DeleteMediaButton characterId={character.id} mediaId={item.id} /> : null}
          </li>
        ))}
      </ul>
    </div>
  );
}
