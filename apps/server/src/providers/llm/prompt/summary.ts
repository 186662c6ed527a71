import { extractFactsByRules, tidy } from "../memory-extraction/rules.ts";
import type { ChatTurn, MemoryFact } from "../types.ts";
import { clip, factText, userLabel } from "./system.ts";
import type { TokenCounter } from "./tokens.ts";

/**
 * What the model should know of the messages it no longer sees (decision 46): what worried the
 * user, what happened to them or is coming up, what the character said about itself (so it does
 * not contradict itself), what the user told of themselves, and the last things said. Extractive:
 * it quotes and reorders, or gives the facts the memory's rules read (as the memory writes them),
 * never more; it names the user only by the one name the request carries, and never quotes a
 * message that states a name. Null when there is nothing to say.
 */

const WORRY =
  /\b(?:worr(?:y|ied|ies|ying)|nervous|anxious|anxiety|scared|afraid|frightened|terrified|stress(?:ed|ful)?|panic\w*|dread\w*|can'?t sleep|upset|overwhelmed|freaking out|concerned|lonely|depressed|sad|hurt|sick|ill|hospital|crying|cried|miss (?:her|him|them|my))\b/i;
const EVENT =
  /\b(?:tomorrow|tonight|today|yesterday|next (?:week|month|year|weekend|monday|tuesday|wednesday|thursday|friday|saturday|sunday)|last (?:week|night|month|year|weekend)|on (?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)|this (?:weekend|morning|evening|week)|interview|exam|appointment|surgery|operation|wedding|birthday|funeral|anniversary|trip|flight|holiday|vacation|moving|moved|promoted|promotion|fired|laid off|quit|broke up|engaged|pregnant|graduat\w+|passed|failed|got (?:a|the|my|into)|started|lost (?:my|a|the))\b/i;
/** what the character said of its own life: where it is from, its family, its past, its work */
const SELF =
  /\b(?:I (?:grew up|was born|used to|work(?:ed)?|live[ds]?|studied|learned|moved|once|went|own|have (?:a|two|three|an)|had (?:a|an)|still|never|always)|I'm from|my (?:mother|father|mom|mum|dad|brother|sister|family|grandmother|grandfather|grandma|grandpa|aunt|uncle|friend|job|work|studio|shop|apartment|flat|home|first|favou?rite|ex|childhood|hometown|cat|dog))\b/i;
/** a sentence that says what someone is called: never quoted, so no second name gets in */
const NAMING = /\b(?:my name(?:'s| is)|call me|I'm called|I am called|I go by)\b/i;

/** What "What {user} told you" lists: who the user is, their pets, people and tastes. */
const TOLD_KINDS: ReadonlySet<MemoryFact["kind"]> = new Set(["job", "place", "pet", "person", "like"]);
/** Kinds that hold one value, as in the memory: the newest replaces the older. */
const SINGLE_VALUED_KINDS: ReadonlySet<MemoryFact["kind"]> = new Set(["job", "place"]);
/** What goes beside the quotes of worries and events, when no quote says it. */
const NEWS_KINDS: ReadonlySet<MemoryFact["kind"]> = new Set(["worry", "event", "date"]);

type Section = "worries" | "events" | "self";
/** A sentence worth quoting, with the section it goes in. */
type Quote = { text: string; section: Section };

/** What one turn gives the summary. */
interface Reading {
  quotes: Quote[];
  /** the facts the memory's rules read from the whole message (the user's name among them) */
  facts: readonly MemoryFact[];
  /** the worries, events and dates the rules read from the sentences that are not quoted */
  news: readonly MemoryFact[];
}

// the layout redoes the summary while it makes room for it: each turn is read once
const readings = new WeakMap<ChatTurn, Reading>();

function readByRules(userMessage: string, reply: string): MemoryFact[] {
  return extractFactsByRules({
    characterName: "",
    userName: null,
    userMessage,
    reply,
    known: [],
    // the day each turn was said is not known: a fact keeps the user's words ("on Friday") and no date
    today: "",
  });
}

function readTurn(turn: ChatTurn): Reading {
  const known = readings.get(turn);
  if (known) return known;
  const pieces = turn.text
    .replace(/\s+/g, " ")
    .split(/(?<=[.!?…])\s+/)
    .map((piece) => piece.trim())
    .filter(Boolean);
  const sentences = pieces.filter((piece) => piece.length >= 8 && !NAMING.test(piece));
  let reading: Reading;
  if (turn.from === "model") {
    const saidOfItself = new Set(
      readByRules("", turn.text)
        .filter((fact) => fact.kind === "self")
        .map((fact) => fact.text),
    );
    const quotes = sentences
      .filter((text) => !text.endsWith("?") && (SELF.test(text) || saidOfItself.has(tidy(text))))
      .map((text): Quote => ({ text, section: "self" }));
    reading = { quotes, facts: [], news: [] };
  } else {
    const quotes = sentences.flatMap((text): Quote[] => {
      const section = WORRY.test(text) ? "worries" : EVENT.test(text) ? "events" : null;
      return section ? [{ text, section }] : [];
    });
    const facts = readByRules(turn.text, "");
    // what a quote says already is not said twice
    const unquoted = pieces.filter((piece) => !quotes.some((quote) => quote.text === piece));
    const news = quotes.length === 0 ? facts : readByRules(unquoted.join(" "), "");
    reading = { quotes, facts, news: news.filter((fact) => NEWS_KINDS.has(fact.kind)) };
  }
  readings.set(turn, reading);
  return reading;
}

/** Whether a text says one of `names` (lower case) as a word, in any case. */
function says(text: string, names: readonly string[]): boolean {
  if (names.length === 0) return false;
  const words = new Set(
    (text.toLowerCase().match(/\p{L}[\p{L}'-]*/gu) ?? []).map((word) => word.replace(/'s$/, "")),
  );
  return names.some((name) => words.has(name));
}

/** "mentioned their sister" says nothing once "their sister is called Lena" is there. */
function withoutVaguer(facts: readonly string[]): string[] {
  return facts.filter((fact) => {
    const who = /^mentioned (their [\p{L} -]+)$/u.exec(fact)?.[1];
    return !who || !facts.some((other) => other.startsWith(`${who} `));
  });
}

interface Part {
  heading: string;
  items: string[];
}

function render(parts: readonly Part[]): string | null {
  const lines = ["Summary of the earlier conversation (those messages are no longer shown):"];
  for (const part of parts) {
    if (part.items.length === 0) continue;
    lines.push(`${part.heading}`, ...part.items.map((item) => `- ${item}`));
  }
  return lines.length > 1 ? lines.join("\n") : null;
}

/**
 * The summary of `turns` (the oldest messages, left out of the prompt), within `maxTokens`: when it
 * is too long, the last topics go first, then what the user told, then the oldest of the rest;
 * worries, events and what the character said of itself are kept longest.
 */
export function summarizeOlderTurns(
  turns: readonly ChatTurn[],
  options: { maxTokens: number; count: TokenCounter; userName: string | null },
): string | null {
  if (turns.length === 0 || options.maxTokens <= 0) return null;
  const user = userLabel(options.userName);
  // a name the user gave that is not the one the request carries is never repeated
  const ownName = options.userName?.trim().toLowerCase();
  const otherNames = turns
    .flatMap((turn) => (turn.from === "user" ? readTurn(turn).facts : []))
    .filter((fact) => fact.kind === "name" && fact.subject.toLowerCase() !== ownName)
    .map((fact) => fact.subject.toLowerCase());
  const quotable = (text: string) => !says(text, otherNames);

  const sections: Record<Section, string[]> = { worries: [], events: [], self: [] };
  const add = (items: string[], item: string) => {
    if (!items.includes(item)) items.push(item);
  };
  const told = new Map<string, string>();
  for (const turn of turns) {
    const reading = readTurn(turn);
    for (const quote of reading.quotes)
      if (quotable(quote.text)) add(sections[quote.section], `"${clip(quote.text, 160)}"`);
    for (const fact of reading.news)
      if (quotable(fact.text))
        add(fact.kind === "worry" ? sections.worries : sections.events, factText(fact));
    for (const fact of reading.facts) {
      if (!TOLD_KINDS.has(fact.kind) || !quotable(fact.text)) continue;
      const key = SINGLE_VALUED_KINDS.has(fact.kind)
        ? fact.kind
        : `${fact.kind}|${fact.subject.toLowerCase()}`;
      told.delete(key);
      told.set(key, factText(fact));
    }
  }

  const lastModel = turns.findLast((turn) => turn.from === "model");
  const topics = [
    ...(lastModel && quotable(lastModel.text) ? [`you said "${clip(lastModel.text, 140)}"`] : []),
    ...turns
      .filter((turn) => turn.from === "user" && !NAMING.test(turn.text) && quotable(turn.text))
      .slice(-3)
      .map((turn) => `${user} said "${clip(turn.text, 140)}"`),
  ];
  // in the order they are given up when the budget is short: first the last of these
  const parts: Part[] = [
    { heading: `What worried ${user}:`, items: sections.worries },
    { heading: `What happened to ${user} or is coming up:`, items: sections.events },
    { heading: `What you said about yourself (keep to it):`, items: sections.self },
    { heading: `What ${user} told you:`, items: withoutVaguer([...told.values()]) },
    { heading: "The last things said before the messages below:", items: topics },
  ];
  let summary = render(parts);
  // over the budget: give up the least important part's oldest item, one at a time
  const giveUpOrder = [4, 3, 1, 2, 0];
  while (summary && options.count(summary) > options.maxTokens) {
    const part = giveUpOrder
      .map((index) => parts[index])
      .find((candidate) => (candidate?.items.length ?? 0) > 0);
    if (!part) return null;
    part.items.shift();
    summary = render(parts);
  }
  return summary;
}
