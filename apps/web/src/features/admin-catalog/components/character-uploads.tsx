import type { AdminCharacterDetail, AdminMediaItem } from "@reverie/shared";
import { Notice } from "@/components/ui/notice";
import { errorMessage } from "@/lib/api-client";
import { useUploadMedia } from "../api/upload-media";
import { useUploadPortrait } from "../api/upload-portrait";
import { DeleteMediaButton } from "./bundle-contents";
import { ImageUploadField } from "./image-upload-field";

const HINT = "PNG, JPEG or WebP, 10 MiB at most.";

/** What a gallery item is, in words: its kind, or the bundle that sells it. */
export function mediaLabel(item: Pick<AdminMediaItem, "kind" | "bundle_id">): string {
  if (item.bundle_id !== null) return item.kind.endsWith("video") ? "Bundle video" : "Bundle photo";
  return item.kind === "video" ? "Video" : "Photo";
}

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
  const failure = portrait.error ?? media.error;

  const currentPortrait = character.cover_url ? (
    <img
      src={character.cover_url}
      alt={`${character.name}'s portrait`}
      className="h-40 w-30 shrink-0 rounded-xl object-cover"
      data-testid="admin-portrait-current"
    />
  ) : (
    <div className="grid h-40 w-30 shrink-0 place-items-center rounded-xl bg-ink-700 px-2 text-center text-xs text-ink-400">
      No portrait
    </div>
  );

  return (
    <div className="space-y-4">
      {canEdit ? (
        <div className="grid grid-cols-[minmax(0,1fr)] gap-3 xl:grid-cols-2">
          <ImageUploadField
            label="Portrait"
            hint={`Becomes the avatar and the cover. ${HINT}`}
            current={currentPortrait}
            uploadLabel="Upload portrait"
            pending={portrait.isPending}
            onUpload={(file) => portrait.mutateAsync(file)}
            testId="admin-portrait"
          />
          <ImageUploadField
            label="Gallery photo"
            hint={`Added to the free gallery; move it into a bundle below. ${HINT}`}
            uploadLabel="Add to gallery"
            pending={media.isPending}
            onUpload={(file) => media.mutateAsync(file)}
            testId="admin-media"
          />
        </div>
      ) : (
        currentPortrait
      )}
      {failure ? (
        <Notice tone="error" testId="admin-upload-failure">
          {errorMessage(failure)}
        </Notice>
      ) : null}
      {character.media.length === 0 ? (
        <p className="text-sm text-ink-400">No gallery photos yet.</p>
      ) : (
        <ul
          className="grid grid-cols-2 gap-3 sm:grid-cols-4 xl:grid-cols-5"
          data-testid="admin-character-media"
        >
          {character.media.map((item, index) => {
            const label = mediaLabel(item);
            return (
              <li
                key={item.id}
                className="min-w-0 space-y-2 rounded-xl border border-white/[0.06] bg-white/[0.02] p-1.5"
                data-testid="admin-media-item"
                data-media-id={item.id}
              >
                <img
                  src={item.thumbnail_url}
                  alt={`${label} ${index + 1}`}
                  className="aspect-[3/4] w-full rounded-lg object-cover"
                />
                <div className="flex flex-wrap items-center justify-between gap-x-2 gap-y-1 px-1 pb-0.5">
                  <span className="text-xs text-ink-300" data-testid="admin-media-label">
                    {label}
                  </span>
                  {canEdit ? (
                    <DeleteMediaButton
                      characterId={character.id}
                      mediaId={item.id}
                      description={`${label.toLowerCase()} ${index + 1}`}
                    />
                  ) : null}
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
