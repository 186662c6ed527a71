import { isApiError } from "@/lib/api-client";

/** Where a refused creation is answered in the constructor. */
export type CreateFailure =
  /** 402: the buy-tokens prompt opens and the form stays */
  | { kind: "insufficient_balance" }
  /** a 400 naming a field: shown at that field */
  | { kind: "field"; field: string; message: string }
  /** any other refusal with a reason (moderation): shown next to the description */
  | { kind: "refused"; message: string }
  /** the server or the network failed: try again */
  | { kind: "failed"; message: string };

const FIELDS = [
  "gender",
  "name",
  "age",
  "ethnicity",
  "body_type",
  "breast_type",
  "butt_size",
  "eyes_color",
  "hair_style",
  "personality",
  "relationship",
  "hobbies",
  "voice",
  "description",
] as const;

/** The field a 400 names: its `field` detail, else the first field named in its message. */
function namedField(details: Record<string, unknown>, message: string): string | null {
  if (typeof details.field === "string" && (FIELDS as readonly string[]).includes(details.field)) {
    return details.field;
  }
  const words = message.toLowerCase();
  return FIELDS.find((field) => new RegExp(`\\b${field}\\b`).test(words)) ?? null;
}

export function classifyCreateError(error: unknown): CreateFailure {
  if (!isApiError(error)) return { kind: "failed", message: "Something went wrong. Please try again." };
  if (error.status === 402 || error.error === "insufficient_balance") return { kind: "insufficient_balance" };
  // a moderation refusal may quote the age or the name: it is about the whole definition
  const moderated = /moderat|refus|content|minor/i.test(error.error);
  if (error.status === 400 && !moderated) {
    const field = namedField(error.details, error.message);
    if (field && field !== "description") return { kind: "field", field, message: error.message };
  }
  if (error.status >= 400 && error.status < 500 && error.status !== 401) {
    return { kind: "refused", message: error.message };
  }
  return { kind: "failed", message: error.message };
}
