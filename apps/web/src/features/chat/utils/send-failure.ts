import { isApiError } from "@/lib/api-client";

/**
 * What a message that was not accepted means for the chat (the composer keeps its text either
 * way): a 402 opens the buy-tokens prompt for its `type`; anything else is said above the composer
 * in the server's words, such as moderation's one sentence on why it was refused (422
 * `content_refused`, nothing stored or charged) or a 503 to try again.
 */
export type SendFailure = { kind: "payment_required"; type: string } | { kind: "message"; message: string };

export function sendFailure(cause: unknown): SendFailure {
  if (isApiError(cause) && cause.status === 402) {
    return { kind: "payment_required", type: String(cause.details.type ?? "message") };
  }
  return {
    kind: "message",
    message:
      isApiError(cause) && cause.message
        ? cause.message
        : "Your message could not be sent. Please try again.",
  };
}
