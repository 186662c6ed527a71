import { escapeRegExp } from "../../lib/reg-exp.ts";
/** Something a user had a character forget: a subject, or everything (null), as of a message. */
export interface Forgetting {
  subject: string | null;
  upToMessageId: number;
}

/** Words that say nothing of what a subject is: "my sister", "the exam", "about work". */
const FILLER = new Set([
  "a",
  "an",
  "the",
  "my",
  "our",
  "his",
  "her",
  "their",
  "your",
  "about",
  "of",
  "to",
  "and",
  "with",
  "is",
  "has",
  "at",
  "in",
  "on",
]);

/** The word stems a text must hold to mention `subject` ("the exams" → exam). */
function stemsOf(subject: string): string[] {
  return subject
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 1 && !FILLER.has(word))
    .map((word) => (word.length > 4 ? word.replace(/(?:ing|ed|es|s)$/u, "") : word));
}

/**
 * Whether `text` mentions `subject`: every word of it that says something, as a word of the text
 * or the start of one ("Biscuit's", "exams"). A subject of filler words alone is never found.
 */
export function mentions(text: string, subject: string): boolean {
  const stems = stemsOf(subject);
  if (stems.length === 0) return false;
  return stems.every((stem) => new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(stem)}`, "iu").test(text));
}

/**
 * The messages a reply is written from, without what the user had the character forget (decision
 * 45): before a "forget everything", nothing; before a forgotten fact, no message that mentions
 * its subject. The chat keeps the messages; the character no longer knows them, in either engine.
 */
export function withoutForgotten<Turn extends { id: number; text: string }>(
  turns: readonly Turn[],
  forgettings: readonly Forgetting[],
): Turn[] {
  if (forgettings.length === 0) return [...turns];
  return turns.filter(
    (turn) =>
      !forgettings.some(
        (forgetting) =>
          turn.id <= forgetting.upToMessageId &&
          (forgetting.subject === null || mentions(turn.text, forgetting.subject)),
      ),
  );
}

/** Whether a fact learnt from the exchange up to `messageId` is one the user had forgotten since. */
export function forgottenSince(
  fact: { subject: string; text: string },
  messageId: number,
  forgettings: readonly Forgetting[],
): boolean {
  return forgettings.some(
    (forgetting) =>
      forgetting.upToMessageId >= messageId &&
      (forgetting.subject === null || mentions(`${fact.subject} ${fact.text}`, forgetting.subject)),
  );
}
