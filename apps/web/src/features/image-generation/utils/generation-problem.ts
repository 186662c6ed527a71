import { errorMessage, isApiError } from "@/lib/api-client";

/**
 * What a failed POST /api/custom/images means for the screen: not enough tokens opens the buy
 * prompt (the form is kept); a prompt moderation refused, or one the server found invalid, is said
 * under the prompt; anything else next to the Generate button.
 */
export type GenerationProblem =
  | { kind: "insufficient_balance" }
  | { kind: "prompt"; message: string }
  | { kind: "failed"; message: string };

export function generationProblem(error: unknown): GenerationProblem {
  if (isApiError(error)) {
    if (error.status === 402 || error.error === "insufficient_balance")
      return { kind: "insufficient_balance" };
    if (error.error === "content_refused" || error.status === 400 || error.status === 422) {
      return { kind: "prompt", message: error.message };
    }
  }
  return { kind: "failed", message: errorMessage(error) };
}
