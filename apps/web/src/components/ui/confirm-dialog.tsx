import { type ReactNode, useState } from "react";
import { errorMessage } from "@/lib/api-client";
import { Button, type ButtonVariant } from "./button";
import { Modal } from "./modal";
import { Notice } from "./notice";

/**
 * The one confirmation before an action that can't be taken back: what happens, and a plain
 * choice. `onConfirm` does it (its failure shows in the dialog, which stays open); the caller
 * closes the dialog when it has succeeded.
 */
export function ConfirmDialog({
  title,
  children,
  keepLabel,
  confirmLabel,
  confirmVariant = "primary",
  confirmIcon,
  onConfirm,
  pending,
  onClose,
  testId,
  confirmTestId,
  focusKeep = false,
}: {
  title: string;
  /** what happens, under the title */
  children: ReactNode;
  /** the button that closes without doing anything */
  keepLabel: string;
  confirmLabel: string;
  confirmVariant?: ButtonVariant;
  confirmIcon?: ReactNode;
  onConfirm: () => Promise<unknown>;
  /** the action is under way: the buttons wait */
  pending: boolean;
  onClose: () => void;
  testId: string;
  confirmTestId: string;
  /** focus the keep button first, not the dialog (for the most destructive actions) */
  focusKeep?: boolean;
}) {
  const [error, setError] = useState<string | null>(null);

  async function confirm() {
    setError(null);
    try {
      await onConfirm();
    } catch (failure) {
      setError(errorMessage(failure));
    }
  }

  return (
    <Modal title={title} onClose={onClose} size="sm" testId={testId}>
      {children}
      {error ? (
        <Notice tone="error" className="mt-4">
          {error}
        </Notice>
      ) : null}
      <div className="mt-7 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button
          variant="secondary"
          onClick={onClose}
          disabled={pending}
          data-autofocus={focusKeep || undefined}
        >
          {keepLabel}
        </Button>
        <Button
          variant={confirmVariant}
          loading={pending}
          onClick={confirm}
          icon={confirmIcon}
          data-testid={confirmTestId}
        >
          {confirmLabel}
        </Button>
      </div>
    </Modal>
  );
}
