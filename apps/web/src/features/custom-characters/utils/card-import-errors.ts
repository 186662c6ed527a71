import { CUSTOM_LIMITS } from "@reverie/shared";
import { isApiError } from "@/lib/api-client";

export type CardImportFailure = { kind: "insufficient_balance" } | { kind: "message"; message: string };

/** A refused import in words: the server's reason when it gives one, else what its status means. */
export function cardImportFailure(error: unknown): CardImportFailure {
  if (!isApiError(error)) return { kind: "message", message: "Something went wrong. Please try again." };
  if (error.status === 402 || error.error === "insufficient_balance") return { kind: "insufficient_balance" };
  if (error.status === 413) {
    return {
      kind: "message",
      message: `This file is too large: cards are at most ${CUSTOM_LIMITS.cardMaxBytes / (1024 * 1024)} MB.`,
    };
  }
  if (error.status === 415) {
    return { kind: "message", message: "Choose a character card: a .png image or a .json file." };
  }
  if (error.status >= 500) {
    return { kind: "message", message: "We couldn't import the card just now. Please try again." };
  }
  return { kind: "message", message: error.message };
}
