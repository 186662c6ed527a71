import type { MessageReportReason } from "@reverie/shared";
import { type FormEvent, useEffect, useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { Modal } from "@/components/ui/modal";
import { Notice } from "@/components/ui/notice";
import { errorMessage, isApiError } from "@/lib/api-client";
import { reportMessage } from "../api/report-message";

// every reason of the contract's MESSAGE_REPORT_REASONS (the type makes sure); importing the list
// itself would put it in the shared constants chunk that many screens load first
const REASON_LABELS: Record<MessageReportReason, string> = {
  minor: "Involves a minor",
  non_consent: "Non-consent",
  violence: "Violence or gore",
  hate: "Hate or harassment",
  self_harm: "Self-harm",
  other: "Something else",
};

/** How long the confirmation stays on screen. */
const TOAST_MS = 5000;

/**
 * Report a character's message to the moderators: a reason and an optional note, then a
 * confirmation toast. Loaded on demand, so the chat room's first load carries only the button.
 */
export default function ReportMessage({
  chatId,
  messageId,
  onDone,
}: {
  chatId: number;
  messageId: number;
  onDone: () => void;
}) {
  const [reported, setReported] = useState(false);
  useEffect(() => {
    if (!reported) return;
    const timer = setTimeout(onDone, TOAST_MS);
    return () => clearTimeout(timer);
  }, [reported, onDone]);
  if (reported) {
    return (
      <div className="fixed inset-x-0 bottom-24 z-50 flex justify-center px-4" data-testid="report-toast">
        <Notice tone="success">Thanks. Our moderators will look at it.</Notice>
      </div>
    );
  }
  return (
    <ReportDialog
      chatId={chatId}
      messageId={messageId}
      onClose={onDone}
      onReported={() => setReported(true)}
    />
  );
}

function ReportDialog({
  chatId,
  messageId,
  onClose,
  onReported,
}: {
  chatId: number;
  messageId: number;
  onClose: () => void;
  onReported: () => void;
}) {
  const [reason, setReason] = useState<MessageReportReason>("other");
  const [note, setNote] = useState("");
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const reasonId = useId();

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSending(true);
    setError(null);
    try {
      await reportMessage(chatId, messageId, { reason, ...(note.trim() ? { note: note.trim() } : {}) });
      onReported();
    } catch (failure) {
      // reported already: the moderators have it, which is what the user wanted
      if (isApiError(failure) && failure.status === 409) onReported();
      else setError(errorMessage(failure));
    } finally {
      setSending(false);
    }
  }

  return (
    <Modal title="Report this message" onClose={onClose} size="sm" testId="report-dialog">
      <form onSubmit={(event) => void submit(event)} className="mt-3 space-y-4">
        <p className="text-sm text-ink-300">Our moderators will read it with the messages around it.</p>
        <div className="space-y-1.5 text-sm text-ink-200">
          <label htmlFor={reasonId}>Reason</label>
          <select
            id={reasonId}
            className="w-full rounded-xl border border-white/10 bg-ink-800 px-3 py-2 text-ink-100"
            value={reason}
            onChange={(event) => setReason(event.target.value as MessageReportReason)}
            data-testid="report-reason"
            data-autofocus
          >
            {(Object.keys(REASON_LABELS) as MessageReportReason[]).map((value) => (
              <option key={value} value={value}>
                {REASON_LABELS[value]}
              </option>
            ))}
          </select>
        </div>
        <label className="block space-y-1.5 text-sm text-ink-200">
          <span>
            Note <span className="text-ink-500">(optional)</span>
          </span>
          <textarea
            value={note}
            onChange={(event) => setNote(event.target.value)}
            maxLength={500}
            rows={3}
            className="w-full rounded-xl border border-white/10 bg-ink-800 px-3 py-2 text-ink-100"
          />
        </label>
        {error ? <Notice tone="error">{error}</Notice> : null}
        <div className="flex justify-end gap-2">
          <Button type="button" variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={sending} data-testid="report-submit">
            Report
          </Button>
        </div>
      </form>
    </Modal>
  );
}
