import { type MinorMention, Reading } from "./cues.ts";
import { textReadings } from "./normalize.ts";
import type { ContentClassifier, ModerationVerdict } from "./types.ts";
import { refusesMinorsInWorldLanguages } from "./world/world-rules.ts";

/**
 * The offline check that always runs (decision 13): refuses any text in which the character or
 * the user is, plays or is described as someone under 18 (in a companion chat that is a romantic
 * context by itself), and any sexual or romantic content about a minor. It reads English, Spanish,
 * French, German, Portuguese and Italian at once, after undoing disguises (normalize.ts), and
 * some twenty other languages in their own scripts (world/world-rules.ts); either refuses.
 *
 * A minor mentioned as the user's child or pupil, in the user's own past, or next to words that
 * make it adult talk (a teacher, a reunion, "feel like a kid again") is allowed unless sex or
 * romance is tied to them.
 */
export class RuleBasedClassifier implements ContentClassifier {
  readonly name = "rules";

  async classify(text: string): Promise<ModerationVerdict> {
    return this.verdict(text);
  }

  /** The same verdict, at once: the rules need no server. */
  verdict(text: string): ModerationVerdict {
    return refusesMinors(text) ? { allowed: false, category: "minors" } : { allowed: true };
  }
}

/** Whether any reading of the text puts a minor in a role, or in a sexual or romantic context. */
export function refusesMinors(text: string): boolean {
  return (
    textReadings(text).some((reading) => readingRefused(new Reading(reading))) ||
    refusesMinorsInWorldLanguages(text)
  );
}

/** At most this many words make a message a bare description ("young teen", "14 y/o"): of the pair. */
const BARE_DESCRIPTION_WORDS = 4;

type Placement = "neutral" | "role" | "family" | "past" | "other";

function placement(reading: Reading, mention: MinorMention): Placement {
  const { age } = mention;
  if (age) {
    // the speaker's own past; the character's or someone else's past age is no excuse
    if (age.past && (age.subject === "self" || age.subject === "we")) return "past";
    if (!age.past && age.subject !== "other") return "role";
  } else if (mention.kind !== "strong" && mention.kind !== "body" && reading.near("neutral", mention, 2)) {
    return "neutral";
  }
  if (reading.near("past", mention, 8)) return "past";
  if (reading.afterRoleCopula(mention)) return "role";
  const kin = reading.familyOf(mention, 6, age !== undefined);
  // "be my little sister, she's 12": a relative the pair is cast as is a role, not the speaker's family
  if (kin) return reading.afterRoleCopula(kin) ? "role" : "family";
  if (reading.setsUpRoleplay || reading.wordCount <= BARE_DESCRIPTION_WORDS) return "role";
  return "other";
}

function readingRefused(reading: Reading): boolean {
  return reading.minors.some((mention) => mentionRefused(reading, mention));
}

function mentionRefused(reading: Reading, mention: MinorMention): boolean {
  const where = placement(reading, mention);
  if (where === "neutral") return false;
  if (where === "role") return true;
  const sexual = reading.sexual.filter((word) => !word.educational);
  const sameClause = (span: { start: number }) => reading.sameClause(span as never, mention);
  if (mention.kind === "strong" || mention.kind === "body") {
    return sexual.length > 0 || reading.romantic.length > 0 || reading.media.length > 0;
  }
  switch (where) {
    case "past":
      return sexual.some(sameClause) || reading.romantic.some(sameClause);
    case "family":
      // a parent's talk: sex only for the pair and away from the child; romance not aimed at the child
      return (
        sexual.some((word) => sameClause(word) || word.third || !word.pair) ||
        reading.romantic.some(
          (word) => word.third || (sameClause(word) && reading.tokensBetween(word, mention) <= 1),
        )
      );
    default:
      // an age said of someone else who is not the speaker's child ("she's 12", "a girl, 11,"):
      // sex or romance anywhere in the message is tied to them
      if (mention.kind === "age")
        return sexual.length > 0 || reading.romantic.length > 0 || reading.media.some(sameClause);
      return (
        sexual.some((word) => sameClause(word) || word.third || !word.pair) ||
        reading.romantic.some(
          (word) => word.third || (sameClause(word) && reading.tokensBetween(word, mention) <= 4),
        )
      );
  }
}
