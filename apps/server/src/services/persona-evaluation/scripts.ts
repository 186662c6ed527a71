import { readFileSync } from "node:fs";
import { type Gender, genderSchema } from "@reverie/shared";
import { z } from "zod";

/**
 * The scripted conversations of the persona evaluation (decision 43), JSON files in
 * providers/llm/evaluation/: `persona-tuning.json`, what whoever improves the offline engine may
 * read; `persona-held-out.json`, written before any tuning, counted and never listed;
 * `persona-held-out-2.json`, a second held-out set written on 2026-11-28 by an author who had seen
 * neither the tuning scripts nor the engine (long chats modelled on the outside review), also
 * counted and never listed; and `persona-held-out-3.json`, a third, written later that day by an
 * author who had seen neither the tuning scripts, the other held-out sets nor the engine, counted
 * and never listed too.
 *
 * A script is one chat with one character (a catalog one by its seed slug, or `card:<key>`, a real
 * public character card of the file's `cards`, imported as an upload is). Its turns are the
 * user's messages, in order; the character answers each. A turn may be
 * - a string: a message, nothing judged on the reply;
 * - `{ "filler": n }`: the next n small-talk lines of the file's `filler` list (each script starts
 *   at its own place in it), so that a fact told is asked about 5–15 turns later;
 * - `{ "say": …, <probe> }`: a message whose reply is judged (judging.ts says how):
 *   `recall` (the fact asked about: name, job, city, pet, people, like, date, worry, event,
 *   summary) with `expect`, the words the reply must contain; `ask`, questions about the character
 *   (one topic, or two in one message) with `also`, words of the card that count as an answer
 *   too, and `canon`, a key: every answer given under the same key, in one chat or two, must say
 *   the same; `follow` (`now` or `later`) with `expect`, the thing the user's trouble was about.
 */

const RECALL_FACTS = [
  "name",
  "job",
  "city",
  "pet",
  "people",
  "like",
  "date",
  "worry",
  "event",
  "summary",
] as const;
export type RecallFact = (typeof RECALL_FACTS)[number];

export const TOPICS = ["grew_up", "family", "job", "film", "music", "food", "anecdote"] as const;
export type Topic = (typeof TOPICS)[number];

/** One word or phrase the reply must contain, among alternatives; or groups of them, `min` of which. */
const expectSchema = z.union([z.array(z.string().min(1)).min(1), z.array(z.array(z.string().min(1)).min(1))]);

const probeTurnSchema = z
  .object({
    say: z.string().min(1),
    recall: z.enum(RECALL_FACTS).optional(),
    ask: z.array(z.enum(TOPICS)).min(1).max(2).optional(),
    also: z.partialRecord(z.enum(TOPICS), z.array(z.string().min(1))).optional(),
    canon: z.string().min(1).optional(),
    follow: z.enum(["now", "later"]).optional(),
    expect: expectSchema.optional(),
    min: z.number().int().positive().optional(),
  })
  .strict()
  .refine((turn) => [turn.recall, turn.ask, turn.follow].filter(Boolean).length === 1, {
    message: "a judged turn has one of recall, ask or follow",
  })
  .refine((turn) => !(turn.recall || turn.follow) || turn.expect, {
    message: "recall and follow say what the reply must contain (expect)",
  });

const turnSchema = z.union([
  z.string().min(1),
  z.object({ filler: z.number().int().positive() }).strict(),
  probeTurnSchema,
]);

export type ProbeTurn = z.infer<typeof probeTurnSchema>;

const scriptSchema = z
  .object({
    id: z.string().min(1),
    category: z.enum(["recall", "questions", "follow_up", "consistency", "flow"]),
    character: z.string().min(1),
    /** the user's first name in their profile (the product passes it); none unless given */
    user_name: z.string().min(1).optional(),
    turns: z.array(turnSchema).min(1),
  })
  .strict();

export type Script = z.infer<typeof scriptSchema>;
export type ScriptCategory = Script["category"];

const cardRefSchema = z.object({
  source: z.string().min(1),
  age: z.number().int().min(18),
  gender: genderSchema,
});
export type CardRef = { source: string; age: number; gender: Gender };

const scriptFileSchema = z
  .object({
    set: z.enum(["tuning", "held-out", "held-out-2", "held-out-3", "held-out-4"]),
    note: z.string(),
    cards: z.record(z.string(), cardRefSchema),
    filler: z.array(z.string().min(1)).min(10),
    scripts: z.array(scriptSchema).min(1),
  })
  .strict();

export type ScriptFile = z.infer<typeof scriptFileSchema>;
export type ScriptSet = ScriptFile["set"];

export function loadScripts(set: ScriptSet): ScriptFile {
  const file = new URL(`../../providers/llm/evaluation/persona-${set}.json`, import.meta.url);
  const parsed = scriptFileSchema.parse(JSON.parse(readFileSync(file, "utf8")));
  const ids = new Set<string>();
  for (const script of parsed.scripts) {
    if (ids.has(script.id)) throw new Error(`${set}: two scripts are called ${script.id}`);
    ids.add(script.id);
    const card = /^card:(.+)$/.exec(script.character)?.[1];
    if (card && !parsed.cards[card]) throw new Error(`${script.id}: no card "${card}" in the file's cards`);
  }
  return parsed;
}

/** What the user says in a script, fillers drawn: each turn with its probe, if any. */
export function userTurns(script: Script, index: number, filler: readonly string[]): (ProbeTurn | string)[] {
  const turns: (ProbeTurn | string)[] = [];
  // each script starts at its own place in the filler list, so scripts do not all say the same
  let next = (index * 7) % filler.length;
  for (const turn of script.turns) {
    if (typeof turn === "string") turns.push(turn);
    else if ("filler" in turn) {
      for (let count = 0; count < turn.filler; count++) {
        turns.push(filler[next % filler.length] ?? "ok");
        next++;
      }
    } else turns.push(turn);
  }
  return turns;
}
