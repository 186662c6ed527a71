import { Send } from "lucide-react";
import { Button } from "@/components/ui/button";

/**
 * After a purchase, the message that could not be sent before: sent only if the user says so.
 * Loaded when it is first offered (the chat room's first load stays lean).
 */
export default function SendDraftOffer({
  text,
  canSend,
  onSend,
  onDismiss,
}: {
  text: string;
  canSend: boolean;
  onSend: () => void;
  onDismiss: () => void;
}) {
  return (
    <section
      aria-label="Your unsent message"
      className="mx-3 mb-2 rounded-2xl border border-emerald-400/30 bg-emerald-400/10 px-4 py-3 sm:mx-4"
      data-testid="send-draft-offer"
      data-private
    >
      <p className="text-sm font-medium text-emerald-100">Send your message now?</p>
      <p className="mt-1 line-clamp-2 text-sm break-words text-ink-200">“{text.trim()}”</p>
      <div className="mt-3 flex flex-wrap justify-end gap-2">
        <Button size="sm" variant="ghost" onClick={onDismiss} data-testid="keep-draft">
          Not now
        </Button>
        <Button
          size="sm"
          disabled={!canSend}
          onClick={onSend}
          icon={<Send className="size-4" aria-hidden="true" />}
          data-testid="send-draft"
        >
          Send it
        </Button>
      </div>
    </section>
  );
}
