import { Trash2 } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Modal } from "@/components/ui/modal";
import { Notice } from "@/components/ui/notice";
import { errorMessage } from "@/lib/api-client";
import { useDeleteCustomModel } from "../api/delete-custom-model";

/** The one confirmation before deleting: what goes with the character, and a plain choice. */
export function DeleteCharacterDialog({
  modelId,
  name,
  onDeleted,
  onClose,
}: {
  modelId: number;
  name: string;
  onDeleted: () => void;
  onClose: () => void;
}) {
  const remove = useDeleteCustomModel(modelId);
  const [error, setError] = useState<string | null>(null);

  async function confirm() {
    setError(null);
    try {
      await remove.mutateAsync();
      onDeleted();
    } catch (failure) {
      setError(errorMessage(failure));
    }
  }

  return (
    <Modal title={`Delete ${name}?`} onClose={onClose} size="sm" testId="delete-character-dialog">
      <p className="mt-3 text-ink-200">
        Your chats with {name} and every picture of them go too. This can't be undone.
      </p>
      {error ? (
        <Notice tone="error" className="mt-4">
          {error}
        </Notice>
      ) : null}
      <div className="mt-7 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onClose} disabled={remove.isPending} data-autofocus>
          Keep {name}
        </Button>
        <Button
          variant="danger"
          loading={remove.isPending}
          onClick={confirm}
          icon={<Trash2 className="size-4" aria-hidden="true" />}
          data-testid="confirm-delete"
        >
          Delete
        </Button>
      </div>
    </Modal>
  );
}
