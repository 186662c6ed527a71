import type { GeneratedImage } from "@reverie/shared";
import { Download, Trash } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { Modal } from "@/components/ui/modal";
import { Notice } from "@/components/ui/notice";
import { errorMessage } from "@/lib/api-client";
import { mediaUrl } from "@/lib/media";
import { useDeleteImage } from "../api/delete-image";
import { useDownloadImage } from "../api/download-image";
import { useImageStyles } from "../api/get-image-styles";
import { styleLabel } from "../utils/image-style";

const dateFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short" });

/** One of the user's pictures, large, with its prompt; it can be downloaded or, once confirmed, deleted. */
export function PictureViewer({ picture, onClose }: { picture: GeneratedImage; onClose: () => void }) {
  const download = useDownloadImage();
  const remove = useDeleteImage();
  const [confirming, setConfirming] = useState(false);
  const style = styleLabel(useImageStyles().data?.styles, picture.style);

  return (
    <Modal title="Your picture" onClose={onClose} size="lg" testId="picture-viewer" titleClassName="sr-only">
      <div className="-mx-2 mt-2 overflow-hidden rounded-2xl bg-ink-900 sm:mx-0">
        <img
          src={mediaUrl(picture.url)}
          alt={picture.prompt ? `Generated picture: ${picture.prompt}` : "Generated picture"}
          className="mx-auto max-h-[62dvh] w-auto object-contain"
        />
      </div>
      <div className="mt-4 space-y-1">
        {picture.prompt ? <p className="text-ink-100">{picture.prompt}</p> : null}
        <p className="text-xs text-ink-400">
          {style} · {dateFormat.format(new Date(picture.created_at))}
        </p>
      </div>
      {download.isError ? (
        <Notice tone="error" className="mt-4">
          {errorMessage(download.error)}
        </Notice>
      ) : null}
      {remove.isError ? (
        <Notice tone="error" className="mt-4">
          {errorMessage(remove.error)}
        </Notice>
      ) : null}
      {confirming ? (
        <ConfirmDelete
          pending={remove.isPending}
          onCancel={() => setConfirming(false)}
          onConfirm={() => remove.mutate(picture.id, { onSuccess: onClose })}
        />
      ) : (
        <div className="mt-5 flex flex-wrap gap-2">
          <Button
            onClick={() => download.mutate(picture.id)}
            loading={download.isPending}
            icon={<Download className="size-4" aria-hidden="true" />}
            data-testid="download-image"
          >
            Download
          </Button>
          <Button
            variant="secondary"
            onClick={() => setConfirming(true)}
            icon={<Trash className="size-4" aria-hidden="true" />}
            data-testid="delete-image"
          >
            Delete
          </Button>
        </div>
      )}
    </Modal>
  );
}

/** The second step of deleting, focused when it opens (the button that opened it is gone). */
function ConfirmDelete({
  pending,
  onCancel,
  onConfirm,
}: {
  pending: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const groupRef = useRef<HTMLFieldSetElement>(null);
  useEffect(() => groupRef.current?.querySelector<HTMLButtonElement>("button")?.focus(), []);

  return (
    <fieldset ref={groupRef} className="mt-5 rounded-2xl border border-coral-500/30 bg-coral-500/[0.06] p-4">
      <legend className="sr-only">Delete this picture</legend>
      <p className="text-sm text-ink-100">Delete this picture? This can't be undone.</p>
      <div className="mt-3 flex flex-wrap justify-end gap-2">
        <Button variant="ghost" size="sm" onClick={onCancel} disabled={pending}>
          Keep it
        </Button>
        <Button
          variant="danger"
          size="sm"
          loading={pending}
          onClick={onConfirm}
          data-testid="confirm-delete-image"
        >
          Delete
        </Button>
      </div>
    </fieldset>
  );
}
