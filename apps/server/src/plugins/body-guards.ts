import type { FastifyRequest } from "fastify";
import { BadRequestError } from "../errors.ts";

/** Deeper than any body the API takes (a character's traits, an analytics event's props). */
export const MAX_JSON_DEPTH = 32;

const NUL = "\u0000";

/**
 * A preValidation hook for every route: a JSON body or query nested deeper than MAX_JSON_DEPTH, or
 * holding a NUL character in any string or key, is refused with a 400 before validation. Postgres
 * refuses NUL in text (a 500 before this) and SQLite cut the text there silently; a body nested
 * thousands deep made validation recurse until the stack ran out. Walked with a stack of its own,
 * so no body can overflow this check either.
 */
export async function guardBody(request: FastifyRequest): Promise<void> {
  check(request.query, "query");
  check(request.body, "body");
}

function check(root: unknown, where: string): void {
  if (root === null || typeof root !== "object" || Buffer.isBuffer(root)) {
    if (typeof root === "string" && root.includes(NUL)) throw nulError(where);
    return;
  }
  const pending: { value: unknown; depth: number }[] = [{ value: root, depth: 1 }];
  while (pending.length > 0) {
    const { value, depth } = pending.pop() as { value: unknown; depth: number };
    if (typeof value === "string") {
      if (value.includes(NUL)) throw nulError(where);
      continue;
    }
    if (value === null || typeof value !== "object") continue;
    if (depth > MAX_JSON_DEPTH) {
      throw new BadRequestError(
        `The request's ${where} is nested more than ${MAX_JSON_DEPTH} levels deep.`,
        "too_deep",
      );
    }
    for (const [key, child] of Object.entries(value)) {
      if (key.includes(NUL)) throw nulError(where);
      pending.push({ value: child, depth: depth + 1 });
    }
  }
}

function nulError(where: string): BadRequestError {
  return new BadRequestError(
    `The request's ${where} contains a NUL character (U+0000), which text here cannot hold. Remove it and try again.`,
    "nul_character",
  );
}
