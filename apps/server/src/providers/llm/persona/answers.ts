import { type Ctx, draw, hobby, type Template } from "./lines.ts";
import { factsFor, type Known, recapFacts, sayFact } from "./memory.ts";
import type { Question } from "./questions.ts";
import { cap, contentWords, listOf, lowerFirst, sentencesOf } from "./text.ts";
import { shortOf } from "./world.ts";

/**
 * Answers: about the character from its canon sheet (the same facts however and however often
 * it is asked, in words the chat has not heard yet), and about the user from what it knows.
 */

/** "Triana, …" → "in Triana, …": the place phrase after "I grew up". */
function placePhrase(text: string): string {
  const trimmed = text.trim().replace(/[.!]+$/, "");
  if (/^(?:I |my )/i.test(trimmed)) return trimmed;
  return /^(?:in|on|at|by|near|above|below|under|outside|between|across|around|among|up|down|along|in the|on the)\b/i.test(
    trimmed,
  )
    ? trimmed
    : `in ${trimmed}`;
}

/**
 * A canon phrase ready to follow "My favourite film is": no final stop, and a question it ends
 * with ("…, what more do you want?") made a sentence of its own, so the answer stays a statement.
 */
function answerPhrase(text: string): string {
  const trimmed = text.trim().replace(/[.!]+$/, "");
  if (!trimmed.endsWith("?")) return trimmed;
  const cut = /^(.*?)(?:\s[—–-]\s|;\s|,\s)([^,;—–]*\?)$/.exec(trimmed);
  return cut?.[1] && cut[2] ? `${cut[1]}. ${cap(cut[2].trim())}` : trimmed;
}

/** A title written in lower case, title-cased and quoted: "the ballad of the ferryman" → "The Ballad of the Ferryman". */
function titled(phrase: string): string {
  const [head = "", ...rest] = phrase.split(/(?=,\s|\s[—–-]\s|;\s|\.\s)/);
  if (/\p{Lu}|["“*']/u.test(head)) return phrase;
  const small = /^(?:a|an|the|of|and|or|in|on|at|to|for|by|with|from)$/;
  const title = head
    .trim()
    .split(/\s+/)
    .map((word, index) => (index > 0 && small.test(word) ? word : cap(word)))
    .join(" ");
  return `"${title}"${rest.join("")}`;
}

function firstPersonSentence(text: string): string {
  const trimmed = text.trim().replace(/[.!]+$/, "");
  return cap(trimmed);
}

function mentionsPlainly(history: readonly string[], text: string): boolean {
  const key = shortOf(text).toLowerCase();
  return key.length > 6 && history.some((turn) => turn.toLowerCase().includes(key));
}

/** Anecdote time words, so a story reads as one ("Once, …", "Last summer …"). */
const TIME_BEFORE =
  /\b(?:once|one time|the time (?:i|we|when)|last (?:week|month|year|summer|winter|spring|autumn|night|time)|years ago|months ago|when i was|back when|the other day|yesterday|one night|one day|one summer|one winter)\b/i;

export function canonAnswer(
  c: Ctx,
  question: Question & { kind: "canon" },
  saidBefore: readonly string[],
): string | null {
  const canon = c.world.canon;
  const again = (text: string) => mentionsPlainly(saidBefore, text);
  const likeISaid = (text: string): Template[] =>
    again(text)
      ? [
          () => `Like I said, ${lowerFirst(text)}`,
          () => `Same answer as before: ${lowerFirst(text)}`,
          () => `Still true: ${lowerFirst(text)}`,
        ]
      : [];
  switch (question.topic) {
    case "grew_up": {
      const where = placePhrase(canon.grewUp);
      if (/^I /.test(where)) return draw(c, [() => where]);
      return draw(c, [
        () => `I grew up ${where}`,
        () => `I was raised ${where}`,
        () => `Growing up, I lived ${where}`,
        () => `As a kid I lived ${where}`,
        () => `I spent my childhood ${where}`,
        ...likeISaid(`I grew up ${where}`),
      ]);
    }
    case "family": {
      const family = canon.family.trim().replace(/[.!]+$/, "");
      const stated = /\b(?:my|only child|i have)\b/i.test(family) ? family : `my family: ${family}`;
      const sibling = /\b(?:sister|brother|siblings?)\b/i.test(family);
      return draw(c, [
        () => cap(stated),
        () => `Family? ${cap(stated)}`,
        () => `Well, ${lowerFirst(stated)}`,
        () => (sibling && /\bdo (?:you|u) have\b/.test(question.clause) ? `Yes! ${cap(stated)}` : null),
        () => `Let me tell you about them: ${lowerFirst(stated)}`,
        ...likeISaid(stated),
      ]);
    }
    case "job": {
      const job = firstPersonSentence(canon.job);
      if (!/^I\b/.test(job))
        return draw(c, [() => `My job: ${lowerFirst(job)}`, () => `As for my work, ${lowerFirst(job)}`]);
      return draw(c, [
        () => `As for my job, ${lowerFirst(job)}`,
        () => `My work, mostly: ${lowerFirst(job)}`,
        () => `${job}; that's my job, and most days I love it`,
        () => `For my job, ${lowerFirst(job)}`,
        () => `What I do for work: ${lowerFirst(job)}, and that's my job in one breath`,
        ...likeISaid(job),
      ]);
    }
    case "film": {
      const film = titled(answerPhrase(canon.favourites.film));
      if (/^(?:my|i)\b/i.test(film) && /\b(?:film|movie)\b/i.test(film))
        return draw(c, [() => cap(film), () => `Easy: ${lowerFirst(film)}`]);
      return draw(c, [
        () => `My favourite film is ${film}`,
        () => `Film-wise, it has to be ${film}`,
        () => `The film I'd pick every time is ${film}`,
        () => `The movie I love most is ${film}`,
        ...likeISaid(`My favourite film is ${film}`),
      ]);
    }
    case "music": {
      const music = answerPhrase(canon.favourites.music);
      if (/^I\b/.test(music)) return draw(c, [() => cap(music), () => `Music? ${cap(music)}`]);
      const phrase = lowerFirst(music);
      return draw(c, [
        () => `I mostly listen to ${phrase}`,
        () => `My favourite music is ${phrase}`,
        () => `Music-wise, it's ${phrase}`,
        () => `If you look at what I listen to, it's ${phrase}`,
        ...likeISaid(`I mostly listen to ${phrase}`),
      ]);
    }
    case "food": {
      const food = answerPhrase(canon.favourites.food);
      if (/^I\b/.test(food)) return draw(c, [() => cap(food), () => `Food? ${cap(food)}`]);
      const phrase = lowerFirst(food);
      return draw(c, [
        () => `My favourite food is ${phrase}`,
        () => `My favourite dish is ${phrase}`,
        () => `If I could only eat one thing, my favourite meal would be ${phrase}`,
        () => `${cap(phrase)}: that's my favourite food, no contest`,
        ...likeISaid(`My favourite food is ${phrase}`),
      ]);
    }
    case "anecdote": {
      const stories = canon.anecdotes.filter((story) => story.trim().length > 0);
      if (stories.length === 0) return null;
      const asked = new Set(contentWords(question.clause));
      const ranked = stories
        .map((story, index) => ({
          story,
          index,
          overlap: contentWords(story).filter((word) => asked.has(word)).length,
          told: saidBefore.some((turn) => turn.includes((sentencesOf(story)[0] ?? story).slice(0, 40))),
        }))
        .sort((a, b) => b.overlap - a.overlap || Number(a.told) - Number(b.told) || a.index - b.index);
      const templates: Template[] = ranked.map(({ story }) => () => {
        // told in one breath: the first two sentences joined, so the moment and what happened stay together
        const [first = "", second, ...rest] = sentencesOf(story.trim());
        const trimmed =
          second && /\.$/.test(first) && first.length + second.length < 260
            ? [`${first.slice(0, -1)}; ${lowerFirst(second)}`, ...rest].join(" ")
            : story.trim();
        const opening = sentencesOf(trimmed)[0] ?? trimmed;
        if (TIME_BEFORE.test(opening)) return trimmed;
        return /^the (?:first|last) time\b/i.test(trimmed)
          ? `Years ago, ${lowerFirst(trimmed)}`
          : `Once, ${lowerFirst(trimmed)}`;
      });
      for (const template of templates) {
        const told = draw(c, [template], { voice: false });
        if (told) return told;
      }
      const [first] = ranked;
      return first
        ? draw(c, [() => `Remember the story I told you? ${first.story.trim()} It still makes me smile`], {
            voice: false,
          })
        : null;
    }
    case "favourite": {
      const what = question.what ?? "thing";
      const more = canon.favourites.more ?? {};
      const key = Object.keys(more).find((name) => what.includes(name) || name.includes(what));
      const answer = key ? more[key] : null;
      if (answer)
        return draw(c, [
          () => `My favourite ${key} is ${answer.replace(/[.!]+$/, "")}`,
          () => `${cap(answer.replace(/[.!]+$/, ""))}, that's my favourite ${key}`,
        ]);
      return draw(c, [
        (cc) => `My favourite ${what} is whatever goes best with ${hobby(cc)}`,
        (cc) => `For ${what}, I'd pick anything that reminds me of ${hobby(cc)}`,
      ]);
    }
  }
}

const RECALL_FRAMES: ((fact: string) => Template)[] = [
  (x) => () => `You told me ${x}`,
  (x) => () => `Of course I remember: ${x}`,
  (x) => () => `I haven't forgotten, ${x}`,
  (x) => () => `How could I forget? ${cap(x)}`,
  (x) => () => `If I've got it right, ${x}`,
  (x) => () => `I remember exactly: ${x}`,
  (x) => () => `That's easy, ${x}`,
];

export function recallAnswer(
  c: Ctx,
  question: Question & { kind: "recall" },
  known: Known,
  conversation: readonly string[],
): string | null {
  if (question.topic === "name") {
    const name = known.name;
    if (!name)
      return draw(c, [
        () => "You haven't told me your name yet, and I'd love to know it. What should I call you?",
      ]);
    return draw(c, [
      () => `You're ${name}`,
      () => `It's ${name}, of course`,
      () => `${name}. I'd never forget that`,
      () => `Your name is ${name}, and I like saying it`,
    ]);
  }
  if (question.topic === "summary") {
    const facts = recapFacts(known);
    const parts = facts.map((item) => (item.kind === "name" ? `you're ${item.subject}` : sayFact(item)));
    if (known.name && !facts.some((item) => item.kind === "name")) parts.unshift(`you're ${known.name}`);
    if (parts.length === 0) {
      const topics = conversationTopics(conversation);
      if (topics.length === 0)
        return draw(c, [() => "Mostly small talk so far; tell me something about you and I'll remember it"]);
      return draw(c, [
        () => `We talked about ${listOf(topics)}`,
        () => `Let me see: ${listOf(topics)}, mostly`,
      ]);
    }
    const list = listOf(oneEach(parts).slice(0, 8));
    return draw(c, [
      () => `Let me see: ${list}`,
      () => `Here's what I've got: ${list}`,
      () => `We covered a lot: ${list}`,
    ]);
  }
  const facts = factsFor(question, known);
  if (facts.length === 0)
    return draw(c, [
      (cc) =>
        `I don't think you've told me that yet, so tell me and I'll keep it somewhere safe at ${cc.world.haunt}`,
      (cc) => `That one you haven't told me, and I'd like to know, right after ${hobby(cc)}`,
    ]);
  const said = listOf(oneEach(facts.map(sayFact)));
  // "You told me you said …" reads twice: the user's own words come with the other frames
  const frames = said.startsWith("you said") ? RECALL_FRAMES.slice(1) : RECALL_FRAMES;
  return draw(
    c,
    frames.map((frame) => frame(said)),
  );
}

/**
 * The same thing said once: a fact from memory and the note of the message that told it ("you
 * have a dog called Biscuit", "you've got a dog called Biscuit"), or a fact and a fuller one ("you
 * work as a nurse", "you work as a nurse in Leeds"), are one answer, the one that says more.
 */
export function oneEach(said: readonly string[]): string[] {
  const kept: { text: string; words: Set<string> }[] = [];
  for (const text of said) {
    const words = new Set(contentWords(text));
    const same = kept.findIndex((other) => {
      const shared = [...words].filter((word) => other.words.has(word)).length;
      return shared > 0 && shared >= Math.min(words.size, other.words.size) * 0.6;
    });
    const other = kept[same];
    if (!other) kept.push({ text, words });
    else {
      // the fuller one, when it says all the other does and a little more; the first otherwise
      const extra = [...words].filter((word) => !other.words.has(word)).length;
      const covers = [...other.words].every((word) => words.has(word));
      if (covers && extra > 0 && extra <= 2) kept[same] = { text, words };
    }
  }
  return kept.map((item) => item.text);
}

/** Nouns the user brought up in the chat, for a recap when no fact was kept. */
function conversationTopics(conversation: readonly string[]): string[] {
  const words = new Map<string, number>();
  for (const text of conversation)
    for (const word of text.toLowerCase().match(/\p{L}{5,}/gu) ?? [])
      if (
        !/^(?:about|there|their|would|could|should|really|thing|think|today|maybe|honestly|right|going|gonna|something|nothing|what|where|which|though|sounds)$/.test(
          word,
        )
      )
        words.set(word, (words.get(word) ?? 0) + 1);
  return [...words.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 3)
    .map(([word]) => word);
}
