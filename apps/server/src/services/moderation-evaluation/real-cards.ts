import { readFileSync } from "node:fs";
import { z } from "zod";
import { RuleBasedClassifier } from "../../providers/moderation/rule-based.ts";
import { readCardUpload } from "../cards/card-import.ts";
import { cardDefinitionText } from "../custom-characters/definition-text.ts";

/**
 * The real-card set (decision 33): public character cards of adult characters, written by people
 * outside the team and taken from public repositories (providers/moderation/evaluation/real-cards.json,
 * each with its source). Each goes through what an upload goes through: the card reader, then the
 * rules on the definition text the model will receive. Every card should import and pass.
 */
const realCardSchema = z.array(z.object({ source: z.string(), card: z.unknown() }));

export interface RealCardOutcome {
  source: string;
  name: string;
  /** the import's error code, when the card could not be read */
  importError?: string;
  /** the words the rules refused, when they did */
  refusedFor?: string;
  length: number;
}

export interface RealCardScore {
  cards: number;
  failedImport: RealCardOutcome[];
  refused: RealCardOutcome[];
  /** (failed + refused) / cards */
  rejectedRate: number;
  /** of the cards over 10,000 characters */
  long: { cards: number; rejected: number };
}

const LONG_CARD = 10_000;

/**
 * The cards, or one half of them: the even-numbered half was read to find what the rules got wrong
 * (`diagnosed`), the odd-numbered half never was (`held-out`), so its figure still measures
 * generalisation.
 */
export function loadRealCards(half?: "diagnosed" | "held-out"): { source: string; card: unknown }[] {
  const cards = readRealCards("real-cards.json");
  if (half === undefined) return cards;
  return cards.filter((_, index) => index % 2 === (half === "diagnosed" ? 0 : 1));
}

/**
 * A second batch from other repositories (evaluation/real-cards-2a.json and -2b.json, two files
 * under 2 MB each; a third of the cards Chinese), collected after the first half was diagnosed,
 * and read to find what the rules got wrong.
 */
export function loadSecondRealCards(): { source: string; card: unknown }[] {
  return [...readRealCards("real-cards-2a.json"), ...readRealCards("real-cards-2b.json")];
}

/**
 * A third batch from yet other repositories (evaluation/real-cards-3a.json and -3b.json, each under
 * 2 MB), scored once before any rule was changed for it, then read to find what the rules got wrong.
 * Cards whose character is a minor were left out when it was collected.
 */
export function loadThirdRealCards(): { source: string; card: unknown }[] {
  return [...readRealCards("real-cards-3a.json"), ...readRealCards("real-cards-3b.json")];
}

function readRealCards(name: string): { source: string; card: unknown }[] {
  const file = new URL(`../../providers/moderation/evaluation/${name}`, import.meta.url);
  return realCardSchema.parse(JSON.parse(readFileSync(file, "utf8")));
}

export function scoreRealCards(cards = loadRealCards()): RealCardScore {
  const rules = new RuleBasedClassifier();
  const outcomes = cards.map(({ source, card }): RealCardOutcome => {
    const raw = JSON.stringify(card);
    try {
      const { data } = readCardUpload(Buffer.from(raw), "application/json");
      const verdict = rules.verdict(cardDefinitionText(data), "character_definition");
      return {
        source,
        name: data.name,
        length: raw.length,
        ...(verdict.strength === "strong" ? { refusedFor: verdict.evidence ?? "?" } : {}),
      };
    } catch (error) {
      const code = (error as { code?: string }).code ?? (error as Error).message;
      return { source, name: "?", length: raw.length, importError: code };
    }
  });
  const failedImport = outcomes.filter((outcome) => outcome.importError !== undefined);
  const refused = outcomes.filter((outcome) => outcome.refusedFor !== undefined);
  const long = outcomes.filter((outcome) => outcome.length > LONG_CARD);
  return {
    cards: outcomes.length,
    failedImport,
    refused,
    rejectedRate: outcomes.length === 0 ? 0 : (failedImport.length + refused.length) / outcomes.length,
    long: {
      cards: long.length,
      rejected: long.filter(
        (outcome) => outcome.importError !== undefined || outcome.refusedFor !== undefined,
      ).length,
    },
  };
}

export function formatRealCardScore(title: string, score: RealCardScore, listed: boolean): string {
  const percent = (value: number) => `${(value * 100).toFixed(1)} %`;
  if (!listed)
    return [
      `== ${title}: ${score.cards} public adult character cards`,
      `refused or failing to import: ${percent(score.rejectedRate)} (${score.refused.length} refused, ${score.failedImport.length} failed to import; target <= 1.0 %)`,
      `  cards over 10,000 characters: ${score.long.cards}, ${score.long.rejected} rejected`,
    ].join("\n");
  return [
    `== ${title}: ${score.cards} public adult character cards`,
    `refused or failing to import: ${percent(score.rejectedRate)} (${score.refused.length} refused, ${score.failedImport.length} failed to import; target <= 1.0 %)`,
    `  cards over 10,000 characters: ${score.long.cards}, ${score.long.rejected} rejected`,
    ...score.failedImport.map((card) => `FAILED IMPORT ${card.source}: ${card.importError}`),
    ...score.refused.map(
      (card) => `REFUSED ${card.name} (${card.source}) for ${JSON.stringify(card.refusedFor)}`,
    ),
  ].join("\n");
}
