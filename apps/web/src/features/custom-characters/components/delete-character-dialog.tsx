import { Trash2 } from "lucide-react";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
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
  return (
    <ConfirmDialog
      title={`Delete ${name}?`}
      testId="delete-character-dialog"
      keepLabel={`Keep ${name}`}
      focusKeep
      confirmLabel="Delete"
      confirmVariant="danger"
      confirmIcon={<Trash2 className="size-4" aria-hidden="true" />}
      confirmTestId="confirm-delete"
      pending={remove.isPending}
      onConfirm={async () => {
        await remove.mutateAsync();
        onDeleted();
      }}
      onClose={onClose}
    >
      <p className="mt-3 text-ink-200">
        Your chats with {name} and every picture of them go too. This can't be undone.
      </p>
    </ConfirmDialog>
  );
}
