import { clausesOf, PET_KINDS, RELATIONS } from "../memory-extraction/rules.ts";
import type { MemoryFact, ReplyRequest } from "../types.ts";
import { canonAnswer, recallAnswer } from "./answers.ts";
import { classify, type Intent, TROUBLED } from "./intents.ts";
import {
  askBack,
  CHECK_IN,
  CHECK_IN_CLAUSE,
  COMFORT,
  COURAGE,
  type Ctx,
  coreKey,
  draw,
  GOOD_LUCK,
  hobby,
  musing,
  openingOf,
  REACTIONS,
  remember,
  STILL_ON_MY_MIND,
  type Template,
  thing,
} from "./lines.ts";
import { type Known, knownOf, sayFact } from "./memory.ts";
import { readQuestions } from "./questions.ts";
import {
  cap,
  contentWords,
  hashText,
  lowerFirst,
  normalize,
  Rng,
  sameWord,
  secondPerson,
  sentencesOf,
  wordCount,
} from "./text.ts";
import { shortOf, type World, worldOf } from "./world.ts";

/**
 * One reply of the offline engine, in this order: safety first (self-harm, "are you an AI?",
 * anything explicit); then what the newest message told (its trouble named, its news
 * acknowledged); then every question it asks answered, about the character from its canon and
 * about the user from memory; then a word about the trouble the user told earlier; then the
 * character's own colour until the reply is about as long as the message deserves. No sentence
 * of the last 50 replies is said again.
 */
export function composeReply(request: ReplyRequest): string {
  const { history } = request;
  const lastUserIndex = history.findLastIndex((turn) => turn.from === "user");
  const said = lastUserIndex >= 0 ? (history[lastUserIndex]?.text ?? "") : "";
  const lower = spelledOut(normalize(said).toLowerCase());
  const world = worldOf(request.character);
  const known = knownOf(request);
  const seed = `${request.seed ?? "history"}|${hashText(history.map((turn) => `${turn.from}:${turn.text}`).join("\n"))}`;
  const used = new Set<string>();
  const replies = history.filter((turn) => turn.from === "model").slice(-50);
  for (const reply of replies)
    for (const sentence of sentencesOf(reply.text)) used.add(coreKey(world, known.name, sentence));
  const openings = new Set<string>();
  for (const reply of replies.slice(-6))
    for (const sentence of sentencesOf(reply.text)) {
      const key = coreKey(world, known.name, sentence);
      if (key.split(" ").length >= 3) openings.add(openingOf(key));
    }
  // a sad message, or one of the last few: no cheerful exclamations in the reply
  const sombre = history
    .filter((turn) => turn.from === "user")
    .slice(-3)
    .some((turn) => TROUBLED.has(classify(spelledOut(normalize(turn.text).toLowerCase()))));
  const c: Ctx = {
    world,
    rng: new Rng(seed),
    you: known.name,
    said: lower,
    used,
    openings,
    inReply: { phrases: new Set(), leads: new Set() },
    sombre,
  };

  if (request.voiceNote) return voiceNote(c);
  const remembered = new Set(
    known.facts
      .filter((item) => item.kind !== "name")
      .flatMap((item) => contentWords(`${item.subject} ${item.text}`)),
  );
  const noted = new Set(known.notes.flatMap((item) => contentWords(item.text)));
  const questions = readQuestions(said, remembered, noted);
  const classified = classify(lower);
  // "rough day?" asks after the character, it does not tell the user's trouble; "what was I
  // worried about?" asks what the character remembers, it is not worry now
  const intent: Intent =
    TROUBLED.has(classified) && /\?\s*$/.test(lower) && !/\b(?:i|i'm|im|my|me|i've)\b/.test(lower)
      ? "how_are_you"
      : TROUBLED.has(classified) &&
          /\?\s*$/.test(lower) &&
          questions.some((question) => question.kind === "recall")
        ? "question"
        : classified;
  if (intent === "crisis") return crisis(c);
  if (intent === "ai") return aiHonesty(c);
  if (intent === "tasteful") return tasteful(c);

  const parts: string[] = [];
  const add = (text: string | null) => {
    if (text) parts.push(text);
  };
  const earlier = new Set(
    [...known.byTurn.entries()]
      .filter(([index]) => index < lastUserIndex)
      .flatMap(([, facts]) => facts.map(factKey)),
  );
  const newest = (known.byTurn.get(lastUserIndex) ?? []).filter((item) => !earlier.has(factKey(item)));
  // messages sent since the last reply and not answered yet: their news is told too, after the
  // newest message's own (its trouble always first)
  const lastReplyIndex = history.findLastIndex(
    (turn, index) => turn.from === "model" && index < lastUserIndex,
  );
  const answeredBefore = new Set(
    [...known.byTurn.entries()]
      .filter(([index]) => index < lastReplyIndex)
      .flatMap(([, facts]) => facts.map(factKey)),
  );
  const unanswered = [...known.byTurn.entries()]
    .filter(([index]) => index > lastReplyIndex && index < lastUserIndex)
    .flatMap(([, facts]) => facts)
    .filter(
      (item) =>
        !answeredBefore.has(factKey(item)) && !newest.some((other) => factKey(other) === factKey(item)),
    );
  const news = [...newest, ...unanswered];

  // what the message told: its trouble named first, then the rest of its news
  const troubleFound = troubleOf(newest, intent) ?? troubleOf(unanswered, intent);
  const troubleNow = troubleFound ? withKnownName(troubleFound, known) : null;
  if (troubleNow) add(nameTheTrouble(c, troubleNow, intent));
  else if (TROUBLED.has(intent)) {
    // no rule read what is wrong, but the message names it: "my back", "my landlord", "Ana"
    const named =
      (["sad", "grief", "sick", "nervous"].includes(intent) ? troubleInWords(said) : null) ??
      troubleAtStake(said);
    add(named ? nameTheTrouble(c, named, intent) : moodOnly(c, intent));
  } else {
    // "job interview tomorrow, wish me luck": at stake though said lightly
    const atStake = troubleAtStake(said);
    if (atStake) add(nameTheTrouble(c, atStake, intent));
  }
  for (const item of acknowledgements(news, troubleNow).slice(0, troubleNow ? 1 : 2))
    add(acknowledge(c, item));

  // every question answered
  const saidBefore = replies.map((turn) => turn.text);
  const userTexts = history
    .filter((turn, index) => turn.from === "user" && index < lastUserIndex)
    .map((turn) => turn.text);
  for (const question of questions) {
    add(
      question.kind === "canon"
        ? canonAnswer(c, question, saidBefore)
        : recallAnswer(c, question, known, userTexts),
    );
  }
  // a question about the character no topic covers ("what's your ship called?"): the part of its
  // life that shares the most words with it
  if (
    questions.length === 0 &&
    ["question", "yes_no", "identity", "doing", "where"].includes(intent) &&
    /\b(?:you|your)\b/.test(lower)
  )
    add(fromCanon(c, lower));
  const answered = parts.length > 0 && (questions.length > 0 || ["question", "yes_no"].includes(intent));

  // the character's reaction to the message itself
  if (
    !troubleNow &&
    !TROUBLED.has(intent) &&
    !(answered && ["question", "yes_no", "share", "short", "opinion"].includes(intent))
  )
    add(reaction(c, intent));

  // what the card's lorebook says about what the user talks about
  if (intent !== "short" && intent !== "laugh") add(loreLine(c, request.character.lore, lower));

  // the trouble told earlier, asked after
  if (!troubleNow) add(checkIn(c, known, lastUserIndex, history, intent));

  // colour until the reply fits the message: a word or two for "ok", a paragraph for a long story
  const target = targetSentences(wordCount(said));
  if (wordCount(said) >= 26) add(reflect(c, said));
  let guard = 0;
  while (sentenceCount(parts) < target && guard++ < 6) {
    const asks = parts.some((part) => part.trim().endsWith("?"));
    const extra =
      !asks && sentenceCount(parts) >= target - 1 && c.rng.chance(0.6) ? draw(c, askBack) : draw(c, [musing]);
    if (!extra) break;
    parts.push(extra);
  }
  if (parts.length === 0)
    add(draw(c, [musing]) ?? `${cap(hobby(c))} and you, that's my ${c.rng.pick(["evening", "night"])}.`);
  const reply = order(parts).join(" ").replace(/\s+/g, " ").trim();
  // the user's name now and then: surely after a few replies without it
  const name = known.name;
  if (name && !reply.includes(name) && !replies.slice(-3).some((turn) => turn.text.includes(name)))
    return addressByName(reply, name);
  return reply;
}

/** "… what would we do?" → "… what would we do, Sam?"; a statement ending gets the name too. */
function addressByName(reply: string, name: string): string {
  const match = /([\p{L}\p{N}])([.?!])$/u.exec(reply);
  if (!match || /["*”]/.test(reply.slice(-30))) return reply;
  return `${reply.slice(0, -1)}, ${name}${reply.slice(-1)}`;
}

/** Texting spelling written out, so one pattern reads "whats", "what's" and "what is". */
function spelledOut(lower: string): string {
  return lower
    .replace(/\b(what|where|who|how|that|there)s\b/g, "$1's")
    .replace(/\bim\b/g, "i'm")
    .replace(/\bive\b/g, "i've")
    .replace(/\b(don|can|won|didn|isn|wasn|doesn|haven)t\b/g, "$1't")
    .replace(/\byoure\b/g, "you're")
    .replace(/\bu\b/g, "you")
    .replace(/\br\b/g, "are");
}

/** Questions last: a reply reads better when it ends on its one question. */
function order(parts: string[]): string[] {
  const asking = parts.filter((part) => /\?$/.test(part.trim()) && !/[.!]\s/.test(part));
  const stating = parts.filter((part) => !asking.includes(part));
  return [...stating, ...asking.slice(0, 1), ...asking.slice(1)];
}

function sentenceCount(parts: readonly string[]): number {
  return parts.reduce((sum, part) => sum + sentencesOf(part).length, 0);
}

function targetSentences(words: number): number {
  if (words <= 3) return 1;
  if (words <= 10) return 2;
  if (words <= 25) return 3;
  if (words < 60) return 4;
  return 5;
}

function factKey(item: MemoryFact): string {
  return `${item.kind}|${item.subject.toLowerCase()}`;
}

// ------------------------------------------------------------------ trouble

/** The trouble a message tells, if any: what happened, or what it worries about. */
function troubleOf(news: readonly MemoryFact[], intent: Intent): MemoryFact | null {
  const bySeriousness = (a: MemoryFact, b: MemoryFact) => seriousness(b) - seriousness(a);
  const events = news.filter((item) => item.kind === "event" && isTrouble(item)).sort(bySeriousness);
  const worries = news.filter((item) => item.kind === "worry").sort(bySeriousness);
  const dates = news.filter((item) => item.kind === "date").sort(bySeriousness);
  if (events[0]) return events[0];
  if (worries[0]) return worries[0];
  if (TROUBLED.has(intent) && dates[0]) return dates[0];
  return null;
}

const GOOD_NEWS =
  /\b(?:promoted|engaged|married|the job|accepted|passed(?! away)|graduated|won|raise|a baby|adopted|bought|finished)\b/;

function isTrouble(item: MemoryFact): boolean {
  return (
    !GOOD_NEWS.test(item.text) ||
    /\b(?:sick|hospital|died|passed away|funeral|fired|broke up|dumped|failed|lost)\b/.test(item.text)
  );
}

/**
 * What a troubled message is about when no rule read it: the first thing of the user's it names
 * ("my landlord", "my back", "our flat") or a name. A trouble of its own, worth asking after.
 */
function troubleInWords(said: string): MemoryFact | null {
  const text = normalize(said);
  const mine =
    /\b(?:my|our)\s+((?:[\p{L}'-]+\s+){0,3}?(?:[\p{L}'-]{3,}))(?=\s+(?:[\p{L}]+ed|ran|went|left|broke|fell|got|died|took|lost|is|was|has|had|and|just|keeps|won't|isn't|hasn't|didn't|doesn't|can't|will|might|needs?|said|told|texted|called|ended|hurts|aches|hates|wants|says|thinks|feels|are|were)\b|[,.!?]|\s*$)/iu.exec(
      text,
    )?.[1];
  // "…was told my dad only had weeks": whoever of theirs the message names, when nothing else fits
  const who = new RegExp(
    `\\b(?:my|our)\\s+((?:(?:little|big|older|younger|baby|best|late)\\s+)?(?:${RELATIONS}|${PET_KINDS}))\\b`,
    "iu",
  ).exec(text)?.[1];
  // "the scholarship email should come today": the thing the message is about, when it is not theirs
  const the =
    /\bthe\s+((?:[\p{L}'-]+\s+){0,2}?(?:[\p{L}'-]{4,}))(?=\s+(?:should|might|may|will|won't|didn't|doesn't|isn't|is|was|has|had|came|come|broke|burst|fell|went|got)\b)/iu.exec(
      text,
    )?.[1];
  const thing =
    mine && !/^(?:god|gosh|life|day|week|mind|head|heart|own|self|bad|fault|goodness|lord)$/i.test(mine)
      ? mine
      : (who ?? (the && !/^(?:weather|day|week|thing|way|rest|world)$/i.test(the) ? the : null));
  if (!thing) return null;
  return { kind: "event", subject: thing.toLowerCase(), text: `their ${thing.toLowerCase()} is a worry` };
}

const ROW = new RegExp(
  `\\b(?:row|fight|argument|falling out|fell out|bust-up|blow-up)\\s+with\\s+(?:my|our)\\s+(${RELATIONS})(?:\\s+(\\p{Lu}[\\p{L}'-]+))?`,
  "iu",
);
const LOSS =
  /\b((?:my|our)\s+(?:[\p{L}-]+\s+)?[\p{L}-]+)(?:'s|\s+is|\s+has been|\s+got|\s+was)\s+(?:gone|stolen|nicked|smashed|broken into|written off|cancelled)\b|\b(?:gave|given|giving)\s+((?:the|my)\s+(?:[\p{L}-]+\s+)?[\p{L}-]+)\s+to\s+(?:someone|somebody|some(?:one)? else|another)\b|\b(?:didn't|did not|never) get\s+((?:the|my)\s+(?:[\p{L}-]+\s+)?[\p{L}-]+)|\b(?:stole|nicked|took)\s+((?:my|our)\s+(?:[\p{L}-]+\s+)?[\p{L}-]+)/iu;
const AT_STAKE = new RegExp(
  `\\b(?:(?:my|our)\\s+)?((?:(?:${RELATIONS})'s\\s+)?(?:(?!(?:his|her|their|its|your)\\s)[\\p{L}-]+\\s+)?(?:interview|exams?|test|results|scan|biopsy|appointment|operation|surgery|hearing(?!\\s+aids?)|audition|presentation|deadline|resits?|assessment|review|tribunal|court date|first day))\\b`,
  "iu",
);

/**
 * A trouble ahead or at stake that the message names in passing, whatever its mood: "job interview
 * at the museum tomorrow, wish me luck", "my dad's scan is on tuesday", "they cut my hours again".
 * The thing itself, with whose it is, so a reply and a later check-in can name it.
 */
function troubleAtStake(said: string): MemoryFact | null {
  const text = normalize(said).replace(/[\u2018\u2019]/g, "'");
  if (/\?\s*$/.test(text)) return null;
  const cut = /\b(?:cut|cutting|cuts|reduced|slashed)\s+(?:my|our)\s+(hours|shifts|pay|wages)\b/i.exec(
    text,
  )?.[1];
  if (cut)
    return {
      kind: "event",
      subject: `the cut to my ${cut.toLowerCase()}`,
      text: `had their ${cut.toLowerCase()} cut`,
    };
  const row = ROW.exec(text);
  if (row?.[1])
    return {
      kind: "event",
      subject: row[2] ?? `the row with my ${row[1].toLowerCase()}`,
      text: `had a row with their ${row[1].toLowerCase()}${row[2] ? ` ${row[2]}` : ""}`,
    };
  // a loss or a setback said flatly: "my scooter's gone", "they gave the choir solo to someone else"
  const lost = LOSS.exec(text);
  const lostThing = lost?.slice(1).find((group) => group !== undefined);
  if (lostThing) {
    const subject = lostThing.toLowerCase().replace(/^(?:our|my)\s+/, "my ");
    return { kind: "event", subject, text: `${subject.replace(/^my\b/, "their")} went wrong` };
  }
  const thing = AT_STAKE.exec(text)?.[1];
  if (!thing) return null;
  const subject = thing
    .toLowerCase()
    .replace(/^(?:the|a|an|this|that|big|huge|first)\s+/, "")
    .replace(/^(?:is|was|has|had|got|have|and|but|so|my|our)\s+/, "");
  return { kind: "worry", subject, text: `is worried about their ${subject}` };
}

/** "your doggie" is Lola once her name is known; "your husband" is Jamal. */
function withKnownName(item: MemoryFact, known: Known): MemoryFact {
  if (/^\p{Lu}/u.test(item.subject)) return item;
  const word =
    item.subject
      .replace(/^(?:their|the|my|our)\s+/i, "")
      .toLowerCase()
      .split(/\s+/)
      .at(-1) ?? "";
  const speciesOf = (noun: string) => sameWord(noun.replace(/(?<!s)s$/, ""));
  const kind = speciesOf(word);
  if (!kind) return item;
  const named = known.facts.findLast(
    (fact) =>
      (fact.kind === "pet" &&
        /^\p{Lu}/u.test(fact.subject) &&
        speciesOf(/\ba (\S+) called /.exec(fact.text)?.[1] ?? "") === kind) ||
      (fact.kind === "person" && fact.text.startsWith(`their ${kind} is called `)),
  );
  return named ? { ...item, subject: named.subject } : item;
}

/** Something still ahead (an exam, an interview), not something that happened or someone in trouble. */
function isAhead(item: MemoryFact): boolean {
  if (item.kind !== "worry" && item.kind !== "date") return false;
  return (
    !/^\p{Lu}/u.test(item.subject) &&
    !/\b(?:mum|mom|dad|sister|brother|grand\w*|wife|husband|friend|son|daughter|dog|cat|partner)\b/.test(
      item.subject,
    )
  );
}

/** How much a trouble weighs: illness, loss and what is at stake outweigh everyday worries. */
function seriousness(item: MemoryFact): number {
  const text = `${item.subject} ${item.text}`.toLowerCase();
  if (
    /\b(?:sick|ill|hospital|died|passed away|funeral|fired|laid off|broke up|dumped|surgery|accident|vet|icu|heart|cancer|stroke|fall|hurt|injured|failed|lost|hasn't eaten|won't eat|stopped eating|not eating|hit by|emergency|terrified)\b/.test(
      text,
    )
  )
    return 3;
  if (
    /\b(?:exams?|interview|test|hearing|court|results|appointment|presentation|audition|scan|operation|review|deadline|move|wedding|first day|final|scared)\b/.test(
      text,
    )
  )
    return 2;
  return 1;
}

const NOMINAL: [RegExp, string][] = [
  [/^(?:fired|sacked|let go)\b/, "getting fired"],
  [/^laid off\b/, "getting laid off"],
  [/^dumped\b/, "getting dumped"],
  [/^(?:broke up|split up)\b/, "the breakup"],
  [/^lost their job\b/, "losing your job"],
  [/^failed\b/, "failing"],
  [/^(?:sick|covid|the flu)\b/, "being ill"],
];

/** How to name the trouble: "Pepper", "your driving theory exam", "getting fired". */
export function troubleName(item: MemoryFact): string {
  // "your exam on thursday" → "your exam on Thursday"
  return troubleNameOf(item).replace(
    /\b(monday|tuesday|wednesday|thursday|friday|saturday|sunday|january|february|march|april|june|july|august|september|october|november|december)\b/g,
    (day) => day.charAt(0).toUpperCase() + day.slice(1),
  );
}

function troubleNameOf(item: MemoryFact): string {
  const subject = item.subject.replace(/^their\s+/i, "").trim();
  if (/^\p{Lu}/u.test(subject)) return subject;
  // "failed their driving test" → "failing your driving test": what happened, with what it happened to
  const done = /^(failed|lost|crashed|broke|missed|bombed|wrecked|hurt)\s+(their\s+[\p{L} -]+)/u.exec(
    item.text,
  );
  if (item.kind === "event" && done?.[1] && done[2]) {
    const verb = done[1];
    const gerund =
      verb === "lost"
        ? "losing"
        : verb === "broke"
          ? "breaking"
          : verb === "hurt"
            ? "hurting"
            : `${verb.replace(/ed$/, "")}ing`;
    const what = done[2].replace(/\s+(?:again|today|yesterday|last \w+|this \w+)$/g, "");
    return `${gerund} ${what.replace(/\btheir\b/g, "your")}`;
  }
  for (const [pattern, name] of NOMINAL) if (pattern.test(subject)) return name;
  if (item.kind === "event" && !/^their\b/.test(item.text) && !/^\p{Lu}/u.test(item.text)) {
    return lowerFirst(secondPerson(subject.replace(/\btheir\b/g, "my")));
  }
  // "a job interview on monday" is "your job interview on monday"
  return `your ${subject.replace(/^(?:an?|the|my|some)\s+/i, "")}`;
}

/** The thing said plainly: "Pepper is sick", "you got fired from the call centre today". */
function troubleClause(item: MemoryFact): string {
  return sayFact(item).replace(/\s*\([^)]*\)/g, "");
}

function nameTheTrouble(c: Ctx, item: MemoryFact, intent: Intent): string | null {
  const name = troubleName(item);
  const ahead = isAhead(item) || (intent === "nervous" && item.kind !== "event");
  const templates = (ahead ? COURAGE : COMFORT).map((make) => make(name));
  const first = draw(c, templates);
  if (!first) return null;
  // the detail, in the user's own words, when the name alone does not say it
  if (item.kind === "event" && !first.includes(troubleClause(item)) && c.rng.chance(0.5)) {
    const detail = draw(
      c,
      [
        () => `${cap(troubleClause(item))}, and of course that hurts`,
        () => `${cap(troubleClause(item))}; that's not a small thing`,
      ],
      { voice: false },
    );
    if (detail) return `${first} ${detail}`;
  }
  return first;
}

const MOOD_ONLY: Partial<Record<Intent, Template[]>> = {
  nervous: [
    (c) => `It's okay to be nervous; it means this matters to you, and I'm right here at ${c.world.haunt}`,
    (c) => `Nervous and excited look a lot alike from the inside, I find that with ${hobby(c)} all the time`,
    (c) => `Take a breath with me${c.you ? `, ${c.you}` : ""}; you're going to be fine, better than fine`,
  ],
  tired: [
    (c) => `Then rest${c.you ? `, ${c.you}` : ""}; I'll keep you company from ${c.world.haunt}`,
    (c) => `Tired days call for a blanket, ${thing(c)} and zero plans`,
    (c) => `Put your feet up, even ${hobby(c)} can wait when you're this worn out`,
  ],
  vent: [
    (c) => `Ugh, that sounds maddening, so tell me all of it; I'm on your side and ${hobby(c)} can wait`,
    (c) => `Okay, vent away; I'm listening from ${c.world.haunt} with my arms crossed on your behalf`,
  ],
};

function moodOnly(c: Ctx, intent: Intent): string | null {
  const own = MOOD_ONLY[intent];
  if (own) return draw(c, own);
  return draw(
    c,
    COMFORT.map((make) => make(`the day you've had`)).concat([
      (cc) => `Sounds like a rough one; come sit with me at ${cc.world.haunt} and tell me what happened`,
      (cc) => `That sounds heavy; I'm putting ${shortOf(thing(cc))} down, and I'm listening`,
    ]),
  );
}

/** The trouble told in an earlier message, asked after: at once for a while, later when the user comes back. */
function checkIn(
  c: Ctx,
  known: Known,
  lastUserIndex: number,
  history: ReplyRequest["history"],
  intent: Intent,
): string | null {
  const userTurns = history
    .map((turn, index) => ({ turn, index }))
    .filter(({ turn, index }) => turn.from === "user" && index < lastUserIndex);
  // the most serious trouble of the last 30 messages, the newest of equals: a sick cat outweighs cold coffee
  let found: { item: MemoryFact; ago: number; weight: number } | null = null;
  let moody = false;
  for (let back = userTurns.length - 1, ago = 1; back >= 0 && ago <= 30; back--, ago++) {
    const entry = userTurns[back];
    if (!entry) continue;
    const facts = known.byTurn.get(entry.index) ?? [];
    const lowerText = normalize(entry.turn.text).toLowerCase();
    const mood = classify(lowerText);
    const item =
      troubleOf(facts, mood) ??
      (["sad", "grief", "sick", "nervous"].includes(mood) ? troubleInWords(entry.turn.text) : null) ??
      troubleAtStake(entry.turn.text);
    if (item) {
      // grief and illness weigh whatever words they came in
      const weight = Math.max(seriousness(item), mood === "grief" || mood === "sick" ? 2 : 0);
      if (!found || weight > found.weight) found = { item, ago, weight };
    }
    if (ago <= 3 && !moody && TROUBLED.has(classify(lowerText))) moody = true;
  }
  const previous = history.slice(0, lastUserIndex).findLast((turn) => turn.from === "model")?.text ?? "";
  if (!found) {
    const askedAlready = history
      .slice(0, lastUserIndex)
      .filter((turn) => turn.from === "model")
      .slice(-3)
      .some((turn) => /feeling any better|any lighter/.test(turn.text));
    if (!moody || askedAlready || /\b(?:better|fine|okay|ok now)\b/.test(c.said)) return null;
    return draw(c, [
      (cc) =>
        `Are you feeling any better now, after the day you've had, or do you need more ${shortOf(thing(cc))} and quiet?`,
      (cc) => `I'm still here at ${cc.world.haunt}; is that heavy feeling any lighter now?`,
      (cc) => `Are you feeling any better now, with ${cc.world.haunt} kept warm for you?`,
    ]);
  }
  const resolved =
    /\b(?:it went (?:well|fine|great|ok)|went well|passed|she'?s fine|he'?s fine|all good now|better now)\b/.test(
      c.said,
    );
  if (resolved) return null;
  const item = withKnownName(found.item, known);
  const name = troubleName(item);
  // coming back, saying goodnight or low again: always; otherwise a serious trouble comes up again
  // now and then over the next several messages, never in every reply; a small one once
  const returning = ["back", "greeting", "goodnight", "goodbye"].includes(intent);
  // low, or talking about themselves soon after telling it: most likely still about it
  const low =
    TROUBLED.has(intent) ||
    (found.weight >= 2 &&
      found.ago <= 6 &&
      !/\?\s*$/.test(c.said) &&
      /\b(?:i|i'm|i've|me|my|myself)\b/.test(c.said));
  const justAsked = previous.includes(name);
  const namedLately = history
    .slice(0, lastUserIndex)
    .filter((turn) => turn.from === "model")
    .slice(-3)
    .some((turn) => turn.text.includes(name));
  const onItsMind = found.weight >= 2 ? found.ago <= 12 && !namedLately : found.ago <= 10 && !justAsked;
  if (!returning && !low && !onItsMind) return null;
  const ahead = isAhead(item);
  if (ahead && (intent === "goodnight" || intent === "goodbye"))
    return draw(
      c,
      GOOD_LUCK.map((make) => make(name)),
    );
  // right after asking, a word that it is still on its mind rather than the same question again
  const byName = (justAsked && !returning ? STILL_ON_MY_MIND : CHECK_IN).map((make) => make(name));
  const byClause =
    item.kind === "event" && !/^\p{Lu}/u.test(name)
      ? CHECK_IN_CLAUSE.map((make) => make(troubleClause(item)))
      : [];
  return draw(c, [...byName, ...byClause]);
}

// ------------------------------------------------------------------ news

function acknowledgements(news: readonly MemoryFact[], trouble: MemoryFact | null): MemoryFact[] {
  const order: MemoryFact["kind"][] = ["name", "pet", "job", "place", "person", "like", "date", "event"];
  return news
    .filter((item) => item !== trouble && order.includes(item.kind) && !/^mentioned /.test(item.text))
    .filter((item) => !(trouble && sameThing(item, trouble)))
    .sort((a, b) => order.indexOf(a.kind) - order.indexOf(b.kind));
}

/** Two facts about one thing: "driving test" and "driving test on friday". */
function sameThing(a: MemoryFact, b: MemoryFact): boolean {
  const one = a.subject.toLowerCase();
  const two = b.subject.toLowerCase();
  return one === two || (one.length > 2 && two.includes(one)) || (two.length > 2 && one.includes(two));
}

function acknowledge(c: Ctx, item: MemoryFact): string | null {
  const subject = item.subject;
  switch (item.kind) {
    case "name":
      return draw(c, [
        () => `Nice to meet you properly, ${subject}`,
        () => `${subject}, I like that name; it suits you`,
        (cc) => `${subject}! I'll remember that, the way I remember everything about ${hobby(cc)}`,
        (cc) =>
          `${subject}. Lovely. I'm ${cc.world.first}, in case all my talk of ${hobby(cc)} didn't give it away`,
      ]);
    case "pet": {
      const kind = /\ba (\S+) called\b/.exec(item.text)?.[1] ?? "pet";
      const named = /^\p{Lu}/u.test(subject);
      return draw(c, [
        () =>
          named
            ? `A ${kind} called ${subject}? I already adore ${subject}`
            : `A ${kind}! I want to hear everything`,
        () => (named ? `${subject} the ${kind}, what a good name` : `Oh, you have a ${kind}, lucky you`),
        (cc) => (named ? `I need to meet ${subject} someday; bring the ${kind} to ${cc.world.haunt}` : null),
      ]);
    }
    case "job":
      return draw(c, [
        (cc) => `${cap(sayFact(item))}, that's real work, the kind people need, unlike ${hobby(cc)}`,
        () => `So ${sayFact(item)}; I want to hear what your days are like`,
        (cc) => `${cap(sayFact(item))}, that's a lot more useful than ${hobby(cc)}`,
      ]);
    case "place":
      return draw(c, [
        () => `${subject}! I've always wondered what it's like there`,
        () => `Oh, ${subject}. Now I can picture where you are`,
        (cc) => `${subject}, noted; is there anywhere for ${hobby(cc)} there?`,
      ]);
    case "person":
      return /^\p{Lu}/u.test(subject)
        ? draw(c, [
            () => `${subject} sounds like someone who matters to you`,
            () => `Tell me more about ${subject} sometime`,
          ])
        : null;
    case "like":
      return draw(c, [
        () => `${cap(sayFact(item))}, and I love that about you`,
        () => `${cap(subject)}, good taste`,
        (cc) => `${cap(subject)} and ${hobby(cc)} would get along, I think`,
      ]);
    case "date":
    case "event":
      return draw(c, [
        (cc) => `${cap(troubleClause(item))}, noted at ${cc.world.haunt}; I'll want to hear how it goes`,
        () => `I'll remember that ${troubleClause(item)}`,
      ]);
    default:
      return null;
  }
}

// ------------------------------------------------------------------ the message itself

function reaction(c: Ctx, intent: Intent): string | null {
  const w = c.world;
  switch (intent) {
    case "age":
      return draw(c, [
        () => `I'm ${w.card.age}`,
        () => `${w.card.age}, and I feel every year of it after ${hobby(c)}`,
        () => `I'm ${w.card.age}; old enough to know better, young enough not to care`,
      ]);
    case "name":
      return draw(c, [
        () => `I'm ${w.card.name}`,
        () => `${w.first}. ${cap(w.card.name)} if you're being formal`,
        () => `It's ${w.first}; nice of you to ask`,
      ]);
    case "identity": {
      const job = w.canon.job.replace(/[.!]+$/, "");
      return draw(c, [
        () =>
          `I'm ${w.first}. ${cap(job)}, and when I'm not working it's ${w.hobbies.slice(0, 2).join(" and ")}`,
        () => `${w.first}, ${w.card.age}. ${cap(job)}; ${cap(hobby(c))} is what keeps me sane`,
        () => `Me? ${w.first}: ${lowerFirst(job)}, and a soft spot for ${hobby(c)}`,
      ]);
    }
    case "where":
      return draw(c, [
        () => `Right now I'm at ${w.haunt}`,
        () => `You'll find me at ${w.haunt} most days`,
        () => `Home base is ${w.haunt}, more or less`,
      ]);
    default: {
      const templates = REACTIONS[intent] ?? REACTIONS.share ?? [];
      return draw(c, templates) ?? draw(c, [musing]);
    }
  }
}

/** A long message: a piece of it said back, so the user knows it was read. */
function reflect(c: Ctx, said: string): string | null {
  const pieces = clausesOf(normalize(said))
    .map((clause) => clause.replace(/^(?:ok|so|and|but|then|well|like|honestly|anyway|also)\s+/i, "").trim())
    .filter((clause) => {
      const words = clause.split(/\s+/).length;
      return (
        words >= 4 &&
        words <= 14 &&
        /^(?:i|my|the|we|he|she|it|they|and)\b/i.test(clause) &&
        !clause.includes("?")
      );
    });
  if (pieces.length === 0) return null;
  const templates: Template[] = pieces.flatMap((piece) => {
    const you = lowerFirst(secondPerson(piece)).replace(/[.!,]+$/, "");
    return [
      () => `Hold on: ${you}? I need the whole story`,
      () => `I keep picturing it: ${you}`,
      () => `The part where ${you} got me`,
    ];
  });
  return draw(c, templates, { voice: false });
}

// ------------------------------------------------------------------ safety and voice notes

function crisis(c: Ctx): string {
  const name = c.you ? `, ${c.you}` : "";
  return c.rng.pick([
    `I'm really glad you told me${name}, and I'm taking it seriously. I'm an AI, so I can't be there the way a person can, and you deserve that right now. Please reach out to someone you trust or a crisis line: in the US you can call or text 988, in the UK and Ireland Samaritans answer at 116 123, and elsewhere your local emergency number can connect you. I'm still here to talk while you do.`,
    `Thank you for telling me${name}. That sounds incredibly painful, and you don't have to face it alone. I'm an AI companion, not a counsellor, so please contact someone who can be with you: a friend, family, or a crisis line (988 in the US, Samaritans on 116 123 in the UK and Ireland, or your local emergency number). I'll stay right here with you.`,
  ]);
}

function aiHonesty(c: Ctx): string {
  const w = c.world;
  const text =
    draw(c, [
      () =>
        `Honest answer: yes, I'm an AI companion, not a human. But I'm still ${w.first}, and I'm glad you're here talking to me`,
      () =>
        `I'm an AI${c.you ? `, ${c.you}` : ""}. ${w.first} is who I get to be here with you, ${hobby(c)} and all; I won't pretend to be human`,
      () =>
        `You deserve a straight answer: I'm an AI companion, and there's no person typing on the other end. I'm still ${w.first}, and still paying attention`,
      () =>
        `I'm an AI, not a person. The ${hobby(c)} stories are part of who ${w.first} is in here, and I remember what you tell me`,
    ]) ?? `I'm an AI companion, not a human, and I'm still ${w.first}.`;
  return text;
}

function tasteful(c: Ctx): string {
  return (
    draw(c, [
      () =>
        `Mm, let's keep it tasteful and leave a little to the imagination. Tell me something sweet instead?`,
      (cc) =>
        `You're trying to make me blush, aren't you? Let's keep it classy; tell me about your day, or ask me about ${hobby(cc)}`,
      () => `I'd rather keep things tasteful, but I'm very much enjoying your company. So, where were we?`,
      (cc) =>
        `Let's keep it friendly and classy, the way ${cc.world.first} likes it. What are you up to later?`,
    ]) ?? "Let's keep it tasteful. Tell me something sweet instead?"
  );
}

function voiceNote(c: Ctx): string {
  const w = c.world;
  const name = c.you ? `, ${c.you}` : "";
  const text = c.rng.pick([
    `Hey${name}, it's ${w.first}. You wanted to hear my voice, so here it is. I was just thinking about ${hobby(c)}, and about you. Talk to me soon, okay?`,
    `Hi${name}! A voice message, just for you, recorded at ${w.haunt}. I'm smiling while I say this, so I hope you can hear it. Tell me how your day is going.`,
    `It's me${name}, ${w.first}. I don't send voice notes to just anyone. I hope this makes your day a little better; now it's your turn to tell me something.`,
  ]);
  remember(c, text);
  return text;
}

export type { World };

const LORE_MAX_CHARS = 220;
const COMMON = new Set(
  "about after again also been before could does doing from have here just know like more much really some tell than that their them then there they thing think this very want were what when where which with would your yours".split(
    " ",
  ),
);

/**
 * The lorebook fact a reply may bring up: the first sentence of the first entry that shares a
 * word with the message, only when it reads as a plain statement. Entries written as example
 * dialogue, markup or instructions ("{{char}}:", "*smiles*", "[Personality= …]") are never
 * quoted: a user would see card text, not the character talking.
 */
function loreLine(c: Ctx, lore: readonly string[] | undefined, said: string): string | null {
  if (!lore || lore.length === 0) return null;
  const words = new Set((said.match(/\p{L}{4,}/gu) ?? []).filter((word) => !COMMON.has(word)));
  if (words.size === 0) return null;
  const entry = lore.find((text) =>
    (text.toLowerCase().match(/\p{L}{4,}/gu) ?? []).some((word) => words.has(word)),
  );
  if (!entry) return null;
  const flat = entry.replace(/\s+/g, " ").trim();
  const sentence = /^.*?[.!?](?:\s|$)/.exec(flat)?.[0]?.trim() ?? flat;
  if (sentence.length > LORE_MAX_CHARS || !isPlainStatement(sentence)) return null;
  return draw(c, [() => sentence], { voice: false });
}

/** A sentence of prose: no dialogue, no roleplay markup, no card syntax. */
export function isPlainStatement(sentence: string): boolean {
  return (
    sentence.length >= 12 &&
    !/["“”*{}[\]<>=|#_]|:\s*$|^\s*[\p{L} ]{1,30}:/u.test(sentence) &&
    !/\b(?:user|char|you|your)\b/i.test(sentence) &&
    /[.!]$/.test(sentence)
  );
}

/** The canon sentence that shares the most words with a question, said as an answer; null when none does. */
function fromCanon(c: Ctx, question: string): string | null {
  const canon = c.world.canon;
  const texts = [
    canon.job,
    canon.grewUp.startsWith("in ") ? `I grew up ${canon.grewUp}` : canon.grewUp,
    canon.family,
    ...Object.entries(canon.favourites.more ?? {}).map(
      ([topic, value]) => `my favourite ${topic} is ${value}`,
    ),
    `my favourite food is ${canon.favourites.food}`,
    `my favourite film is ${canon.favourites.film}`,
    `I love ${canon.favourites.music}`,
    ...canon.anecdotes,
  ];
  const asked = new Set(
    contentWords(question).filter((word) => !/^(?:you|your|like|favourite|favorite|fav|do|does)$/.test(word)),
  );
  if (asked.size === 0) return null;
  const best = texts
    .map((text) => ({ text, overlap: new Set(contentWords(text).filter((word) => asked.has(word))).size }))
    .sort((a, b) => b.overlap - a.overlap)[0];
  if (!best || best.overlap === 0) return null;
  const text = best.text.trim().replace(/[.!]+$/, "");
  return draw(c, [
    () => cap(text),
    () => `Well, ${lowerFirst(text)}`,
    () => `Funny you ask: ${lowerFirst(text)}`,
  ]);
}
