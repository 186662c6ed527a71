import { isApiError } from "@/lib/api-client";

export const GENERIC_ERROR = "Something went wrong. Please try again.";

/**
 * What a settings form shows for a failed call: the server's message for answers meant for the user
 * (400 such as a wrong current password, 429, offline); anything else is logged with a generic line.
 */
export function settingsErrorMessage(error: unknown, context: string): string {
  if (isApiError(error) && [0, 400, 429].includes(error.status) && error.message) return error.message;
  console.error(`[settings: ${context}]`, error);
  return GENERIC_ERROR;
}
