import { LRUCache } from "lru-cache";
import {
  clausesOf,
  extractFactsByRules,
  JOBS,
  MONTH,
  PET_KINDS,
  RELATIONS,
  tidy,
} from "../memory-extraction/rules.ts";
import type { ChatTurn, MemoryFact, ReplyRequest } from "../types.ts";
import { classify, TROUBLED } from "./intents.ts";
import type { Question, RecallTopic } from "./questions.ts";
import { contentWords, factToYou, normalize } from "./text.ts";

/**
 * What the character knows of the user when it replies: the memory the services pass (facts kept
 * across chats) and what the rules read from this chat's messages, newest last. The chat is read
 * too because the memory job runs after the reply: the newest message is never in the memory yet.
 */
export interface Known {
  facts: MemoryFact[];
  /** the one name the user goes by */
  name: string | null;
  /** facts read from each user message of the chat, by its index in the history */
  byTurn: Map<number, MemoryFact[]>;
  /**
   * Everything else the user said about themselves in this chat, one clause each ("they can't
   * stand people who chew loudly"): not kept as memory, but there to answer "what did I say
   * about…?" within the chat
   */
  notes: MemoryFact[];
}

const TODAY = "2000-01-01";

/** The subject of a note: a clause the user said, kept in their own words. */
const NOTE = "(said)";

export function knownOf(request: ReplyRequest): Known {
  const facts = new Map<string, MemoryFact>();
  const keyOf = (item: MemoryFact) =>
    ["name", "job", "place"].includes(item.kind)
      ? item.kind
      : `${item.kind}|${item.subject.toLowerCase()}|${item.kind === "self" ? "" : item.text.toLowerCase()}`;
  for (const item of request.memory ?? []) if (item.kind !== "self") facts.set(keyOf(item), item);
  const byTurn = new Map<number, MemoryFact[]>();
  const notes: MemoryFact[] = [];
  const history: readonly ChatTurn[] = request.history;
  history.forEach((turn, index) => {
    if (turn.from !== "user") return;
    const newest = index === history.length - 1;
    if (!newest) notes.push(...notesOf(turn.text));
    const found = extractFactsByRules({
      characterName: request.character.name,
      userName: request.userName,
      userMessage: turn.text,
      reply: "",
      known: [...facts.values()],
      today: TODAY,
    });
    byTurn.set(index, found);
    for (const item of found) {
      facts.delete(keyOf(item));
      facts.set(keyOf(item), item);
    }
  });
  // "you have a cat" says nothing once "you have a cat called Pickle" is known
  const species = (item: MemoryFact) =>
    (/\bcalled\b/.test(item.text)
      ? (/\ba (.+?) called\b/.exec(item.text)?.[1] ?? "")
      : item.subject.replace(/^the /, "")
    )
      .replace(/ies$/, "y")
      .replace(/(?<!s)s$/, "");
  const namedKinds = new Set(
    [...facts.values()]
      .filter((item) => item.kind === "pet" && !item.subject.startsWith("the "))
      .map(species),
  );
  // and "you mentioned your husband" nothing once "your husband is called Jamal" is
  const namedRelations = new Set(
    [...facts.values()]
      .filter((item) => item.kind === "person")
      .map((item) => /^their (.+?) is called\b/.exec(item.text)?.[1])
      .filter(Boolean),
  );
  const list = [...facts.values()].filter(
    (item) =>
      !(
        item.kind === "pet" &&
        item.subject.startsWith("the ") &&
        (namedKinds.has(species(item)) || (/\bhas (?!an? )/.test(item.text) && namedKinds.size > 1))
      ) &&
      !(item.kind === "person" && /^mentioned their /.test(item.text) && namedRelations.has(item.subject)),
  );
  const said = list.findLast((item) => item.kind === "name")?.subject ?? null;
  // a name said in this chat wins over the profile's; the request's name otherwise
  const chatName = [...byTurn.values()].flat().findLast((item) => item.kind === "name")?.subject ?? null;
  return { facts: list, name: chatName ?? request.userName ?? said, byTurn, notes };
}

/** Each message's notes, read once: every reply reads the whole chat again. */
const notesRead = new LRUCache<string, readonly MemoryFact[]>({ max: 5_000 });

/**
 * The sentences of a message that tell something, in the user's words: not questions, not a word
 * or two. Texting drops the "I" ("got let go from the warehouse on friday"), so a sentence need not
 * say "I" when it is long enough; a very long one is taken clause by clause.
 */
function notesOf(text: string): readonly MemoryFact[] {
  const cached = notesRead.get(text);
  if (cached) return cached;
  const notes: MemoryFact[] = [];
  // a message said in worry, grief or anger: its sentences are what was on the user's mind
  const troubled = TROUBLED.has(classify(normalize(text).toLowerCase()));
  for (const sentence of tidy(text).match(/[^.!?\n]+[.!?]*/g) ?? []) {
    if (/\?/.test(sentence)) continue;
    const parts = sentence.split(/\s+/).length > 30 ? clausesOf(sentence) : [sentence];
    for (const part of parts) {
      const said = part
        .trim()
        .replace(
          /^(?:(?:ugh|so|and|but|ok|okay|well|just so you know|btw|also|honestly|lol|anyway|oh|yeah|ya)[,.!\s]+)+/i,
          "",
        )
        .replace(/[.!,;:\s]+$/, "");
      const words = said.split(/\s+/).length;
      if (words < 3 || words > 30) continue;
      if (
        words < 4 &&
        !/\b(?:i|i'm|i've|my|we|we're|our|me|fired|sacked|sick|ill|dumped|died|failed|lost)\b/i.test(said)
      )
        continue;
      if (
        /^(?:what|where|when|who|how|why|which|do|does|did|can|could|would|are|is|remind me|tell me|remember)\b/i.test(
          said,
        )
      )
        continue;
      notes.push({ kind: troubled ? "worry" : "event", subject: NOTE, text: said });
    }
  }
  notesRead.set(text, notes);
  return notes;
}

const KINDS: Record<RecallTopic, MemoryFact["kind"][]> = {
  summary: [],
  name: ["name"],
  job: ["job"],
  place: ["place"],
  pet: ["pet", "event"],
  person: ["person", "date", "event", "worry"],
  like: ["like"],
  date: ["date", "event"],
  worry: ["worry", "date", "event"],
  event: ["event", "date", "worry", "person"],
  any: ["name", "job", "place", "pet", "person", "like", "date", "worry", "event"],
};

/**
 * What a clause the user said about themselves is about, by its words: "i do nights at the
 * hospital" is about work, "it's pouring in leeds again" about where they are. Answers what no
 * rule read as a fact: the user's own words are said back.
 */
const TOPIC_WORDS: Partial<Record<RecallTopic, RegExp>> = {
  job: new RegExp(
    `\\b(?:work|works|working|worked|job|jobs|shift|shifts|nights|night shift|office|boss|manager|colleagues?|co-?workers?|career|for a living|clients?|customers?|patients?|ward|warehouse|factory|salon|clinic|firm|company|business|restaurant|kitchen|hotel|class|pupils|uni|university|college|degree|course|studying|study|lectures?|apprentice\\w*|self-employed|freelanc\\w*|teach\\w*|nursing|phd|masters|doctorate|dissertation|thesis|practice|surgery|reception|shop|store|supermarket|shelves|tills?|site|depot|garage|lab|bakery|care home|call cent(?:re|er)|studio|salon|gym|pub|bar|café|cafe|council|agency|startup|start-up|bank|rota|overtime|payslip|wages|commute|commuting|clocked (?:in|off|out)|(?:${[...JOBS].join("|")})s?)\\b`,
    "i",
  ),
  place:
    /\b(?:live|lives|living|lived|moved|move|moving|based|(?:i'm|im|i am|originally|come|comes|am) from|from (?:here|there)|born|raised|grew up|hometown|home town|city|town|village|weather|raining|pouring|freezing|sunny|here in|over here|down in|up in|out in)\b/i,
  pet: new RegExp(`\\b(?:pet|pets|${PET_KINDS}|vet)\\b`, "i"),
  worry:
    /\b(?:worr\w*|stress\w*|nervous|scared|afraid|anxious|anxiety|panick?\w*|freak\w*|dread\w*|terrified|sick|ill|(?:the|a) vet(?!\s+nurse)|hospital|surgery|operation|exams?|tests?|results|resits?|interview|fired|sacked|let go|laid off|redundan\w*|lost|lose|losing|threat\w*|cuts|grim|awful|terrible|horrible|died|passed away|broke up|dumped|rent|bills|debt|money|landlord|evict\w*|fail\w*|court|jury|flood\w*|damage\w*|broken|accident|crash\w*|diagnos\w*|cancer|pain|hurt|can't sleep|keeping me up|cost\w*|fortune|passed over|fight|fighting|fought|row|rowing|argument|arguing|argued|split up|break-?up|cheat\w*|panic attacks?|hasn't eaten|not eating|stopped eating|lump|scan|biopsy|quid|overdraft|skint|broke)\b/i,
  event:
    /\b(?:happened|yesterday|today|tonight|this morning|last night|last week|on (?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)|got|went|closed|bought|moved|lost|won|passed|failed|broke|burst|crashed|finished|started|quit|fired|let go|promot\w*|engaged|married)\b/i,
  person: new RegExp(`\\b(?:${RELATIONS})s?\\b`, "i"),
  like: /\b(?:love|loves|like|likes|into|obsessed|favou?rite|fav|enjoy|hate|can't stand|addicted)\b/i,
};

/** Words of trouble that say more than an ache or a cost: a sick pet outweighs sore feet. */
const SERIOUS =
  /\b(?:sick|ill|(?:the|a) vet(?!\s+nurse)|hospital|surgery|operation|exams?|results|resits?|interview|fired|sacked|let go|laid off|redundan\w*|died|passed away|broke up|dumped|evict\w*|fail\w*|court|jury|flood\w*|accident|diagnos\w*|cancer|worr\w*|stress\w*|nervous|scared|anxious|panick?\w*|panic attacks?|dread\w*|terrified|passed over|landlord|rent|debt|bills?|overdraft|money|layoffs?|biopsy|scan|lump|pneumonia|funeral|fight|fought|argument|row|split up|cheat\w*|driving test|mot|repairs?|not eating|hasn't eaten|stopped eating|can't sleep|can't afford|visa|inspection|care home|hr|viva|custody|divorce|hasn't (?:returned|replied|called|said|answered)|no reason|no idea what|don't know what i|stuck in the middle)\b/gi;

/** How people tell a day's work without naming the job: "all day", "off shift", "since 7am", "at the salon". */
const WORKDAY =
  /\b(?:all day|whole day|the day at|today at the|off shift|after (?:my|the) shift|on shift|since \d{1,2}(?:am|:\d\d)?|up at \d|came off|home from the|back-to-back|clocked (?:in|off|out)|made \d+|(?:sold|served|cut|fixed|loaded|delivered|checked|cleaned|drove|took) \d+|i (?:drive|teach|check|fix|sell|serve|load|clean|cook|sort|cut|build|run) the\b)/gi;

const WORKDAY_ONCE = new RegExp(WORKDAY.source, "i");

/**
 * When something is due: "court's on the 14th", "the results come back friday", "til payday". A
 * worry is mostly a thing ahead, and small talk ("my coffee went cold") names no day.
 */
const DUE = new RegExp(
  `\\b(?:on (?:the )?\\d{1,2}(?:st|nd|rd|th)|the \\d{1,2}(?:st|nd|rd|th)|(?:mon|tues|wednes|thurs|fri|satur|sun)day\\b|in (?:${MONTH})\\b|tomorrow|next (?:week|month|friday|monday|year)|(?:til|till|until) payday|month end|end of the month|this week)`,
  "i",
);

/** What a sentence that went wrong says, when it names no trouble: "didn't get the promotion". */
const SETBACK =
  /\b(?:didn't|did not|don't|can't|cannot|couldn't|won't|wasn't|isn't|hasn't|haven't|never|lost|hard|tough|bad|sucks|hate|problem|issue|trouble|mess|get out|selling|behind|owe|late|no idea|rejected|turned down|cut|cuts|ruined|broken|wrong)\b/gi;
const SETBACK_ONCE = new RegExp(SETBACK.source, "i");

/** The sentence the user said in passing that best answers a question of `topic`, if any. */
function noteOnTopic(topic: RecallTopic, known: Known, asked: ReadonlySet<string>): MemoryFact | null {
  const words = TOPIC_WORDS[topic === "date" ? "event" : topic];
  if (!words) return null;
  const global = new RegExp(words.source, "gi");
  const best = known.notes
    .map((item, index) => ({
      item,
      index,
      // a word of the question ("the vet") says more than a word of the topic
      score:
        (item.text.match(global)?.length ?? 0) * 2 +
        // a serious trouble outweighs how the message sounded: sore feet are said in a sad voice too
        (topic === "worry" || topic === "event" ? (item.text.match(SERIOUS)?.length ?? 0) * 3 : 0) +
        (topic === "worry" && item.kind === "worry" ? 2 : 0) +
        (topic === "worry" ? (item.text.match(SETBACK)?.length ?? 0) : 0) +
        ((topic === "worry" || topic === "date") && DUE.test(item.text) ? 3 : 0) +
        // a working day told ("up at 4 for the bakery again", "been swapping tires since 7am")
        (topic === "job" ? (item.text.match(WORKDAY)?.length ?? 0) * 3 : 0) +
        contentWords(item.text).filter((word) => asked.has(word)).length * 3,
    }))
    .filter(
      ({ item }) =>
        words.test(item.text) ||
        (topic === "job" && WORKDAY_ONCE.test(item.text)) ||
        (topic === "worry" && (item.kind === "worry" || SETBACK_ONCE.test(item.text) || DUE.test(item.text))),
    )
    // the newest of equals: "actually it's Bristol now" corrects what came before
    .sort((a, b) => b.score - a.score || b.index - a.index)[0];
  return best?.item ?? null;
}

const PET_WORD = new RegExp(`\\b(${PET_KINDS})\\b`, "i");

/** The facts that answer a question about the user, best first (none when nothing fits). */
export function factsFor(question: Question & { kind: "recall" }, known: Known): MemoryFact[] {
  // "what are my dogs called? both of them": every one of them by name
  if (
    question.topic === "pet" &&
    (/\b(?:both|all)\b/.test(question.clause) || /s$/i.test(PET_WORD.exec(question.clause)?.[1] ?? ""))
  ) {
    const named = known.facts.filter((item) => item.kind === "pet" && !item.subject.startsWith("the "));
    if (named.length > 1) return named.slice(-4);
  }
  const kinds = KINDS[question.topic];
  // the fact of the kind asked for comes first unless another says more of the question's words
  const score = ({ overlap, kindRank }: { overlap: number; kindRank: number }) =>
    overlap * 2 + (kindRank === 0 && question.topic !== "any" ? 3 : 0);
  // the feeling asked about ("stressing me") says which kind, not which worry
  const asked = new Set(
    contentWords(question.clause).filter(
      (word) =>
        !/^(?:stress|worr|worri|nervou|scar|anxiou|dread|freak|panick|upset|went|wrong|go|going|happen|bother|mind|cost|deal|weigh|eat)/.test(
          word,
        ),
    ),
  );
  // "you mentioned your father" answers nothing when anything else can
  const telling = known.facts.filter((item) => !/^mentioned /.test(item.text));
  const facts = telling.length > 0 && question.topic !== "person" ? telling : known.facts;
  const scored = facts
    .map((item, index) => {
      const words = new Set(contentWords(`${item.subject} ${item.text}`));
      const overlap = [...words].filter((word) => asked.has(word)).length;
      const kindRank = kinds.indexOf(item.kind);
      return { item, index, overlap, kindRank };
    })
    .filter(
      ({ kindRank, overlap }) =>
        kindRank >= 0 &&
        (kindRank === 0 || overlap > 0 || question.topic === "event" || question.topic === "worry"),
    )
    .sort((a, b) => score(b) - score(a) || a.kindRank - b.kindRank || b.index - a.index);
  const best = scored[0];
  // what the user said in passing, when it says more of the question's words than any fact
  const note = known.notes
    .map((item, index) => ({
      item,
      index,
      overlap: contentWords(item.text).filter((word) => asked.has(word)).length,
    }))
    .filter(({ overlap }) => overlap > 0)
    .sort((a, b) => b.overlap - a.overlap || b.index - a.index)[0];
  // nothing of the kind asked for was read as a fact: what the user said about it in passing
  const topical = best?.kindRank === 0 ? null : noteOnTopic(question.topic, known, asked);
  if (topical && question.topic !== "name" && question.topic !== "any")
    return [topical, ...(note && note.item !== topical ? [note.item] : [])];
  // a pet the rules read without its name: the user's sentence may hold it ("my rabbit nugget just…")
  if (question.topic === "pet" && best?.kindRank === 0 && best.item.subject.startsWith("the ")) {
    const said = noteOnTopic("pet", known, asked);
    if (said) return [said];
  }
  // a fact of the very kind asked for ("my job", "where I live") comes first; a note may follow
  const exact =
    best && best.kindRank === 0 && ["job", "place", "name", "pet", "like"].includes(question.topic);
  if (note && exact && note.overlap > best.overlap) return [best.item, note.item];
  if (note && !exact && (!best || note.overlap > best.overlap))
    return [note.item, ...(best && best.overlap > 0 ? [best.item] : [])];
  if (note && best && note.overlap === best.overlap && question.topic !== "name")
    return [best.item, note.item];
  // "what did I tell you?": nothing in the question names it, so the newest thing that happened
  if ((!best || best.overlap === 0) && question.topic === "any") {
    const newest = known.facts.findLast((item) => ["event", "date", "worry"].includes(item.kind));
    if (newest) return [newest];
    // nor any event ("what's been going on with me?"): what the user said that weighed on them,
    // rather than their name; the newest thing they said when nothing was read as a fact
    const weighed = noteOnTopic("worry", known, asked) ?? (best ? undefined : known.notes.at(-1));
    if (weighed) return [weighed];
  }
  if (!best) return [];
  // a fact the rules read may be the wrong one ("grew up in Cork" for where they live now): what
  // the user said on the topic comes with it when it names something the fact does not
  if (best.kindRank === 0 && ["job", "place", "pet", "worry"].includes(question.topic)) {
    const said = noteOnTopic(question.topic, known, asked);
    const subject = best.item.subject.toLowerCase().replace(/^the /, "");
    if (said && !said.text.toLowerCase().includes(subject)) return [best.item, said];
  }
  // a worry or an event comes with what goes with it ("worried about their mum": the scan)
  // worries come two at a time: the user may have more than one on their mind
  if (question.topic === "worry") {
    const worries = scored
      .filter(({ item }) => item.kind === "worry")
      .slice(0, 2)
      .map(({ item }) => item);
    if (worries.length > 1) return worries;
  }
  const more =
    question.topic === "worry" || question.topic === "event"
      ? scored
          .slice(1)
          .filter(
            ({ item }) =>
              item.subject.toLowerCase() === best.item.subject.toLowerCase() || item.kind === "date",
          )
          .slice(0, 1)
      : [];
  return [best.item, ...more.map(({ item }) => item)];
}

/** The fact said back to the user: "you have a dog called Biscuit"; a note, in their own words. */
export function sayFact(item: MemoryFact): string {
  if (isNote(item)) return `you said “${item.text.replace(/\bi\b/g, "I").replace(/[.!,;:\s]+$/, "")}”`;
  return factToYou(item.text).replace(/: .*$/, "");
}

export function isNote(item: MemoryFact): boolean {
  return item.subject === NOTE;
}

/** A recap of what the user told: up to five facts of different kinds. */
export function recapFacts(known: Known): MemoryFact[] {
  // one of each kind first, the things the user would check a recap for; then seconds
  const order: MemoryFact["kind"][] = [
    "name",
    "job",
    "place",
    "pet",
    "worry",
    "event",
    "person",
    "date",
    "like",
  ];
  const telling = known.facts.filter((item) => !/^mentioned /.test(item.text));
  const chosen: MemoryFact[] = [];
  for (const kind of order) {
    const newest = telling.findLast((item) => item.kind === kind);
    if (newest) chosen.push(newest);
  }
  for (const kind of order)
    for (const item of telling.filter((fact) => fact.kind === kind).slice(-3))
      if (chosen.length < 7 && !chosen.includes(item)) chosen.push(item);
  chosen.splice(7);
  // what no rule read, from the user's own words: their work, their town, what worries them
  for (const [topic, kinds] of [
    ["job", ["job"]],
    ["place", ["place"]],
    ["pet", ["pet"]],
    ["worry", ["worry", "event"]],
  ] as const) {
    if (chosen.length >= 8 || chosen.some((item) => (kinds as readonly string[]).includes(item.kind)))
      continue;
    const note = noteOnTopic(topic, known, new Set());
    if (note && !chosen.includes(note)) chosen.push(note);
  }
  return chosen;
}
