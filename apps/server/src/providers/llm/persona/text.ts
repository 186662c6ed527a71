/** Text helpers of the offline engine: seeded randomness, sentences, and saying the user's facts back. */

/** FNV-1a, 32 bits, with murmur3's final mix so that near-identical inputs land far apart. */
export function hashText(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  hash ^= hash >>> 16;
  hash = Math.imul(hash, 0x85ebca6b);
  hash ^= hash >>> 13;
  hash = Math.imul(hash, 0xc2b2ae35);
  hash ^= hash >>> 16;
  return hash >>> 0;
}

/** mulberry32: small, fast and good enough to pick words. */
export class Rng {
  #state: number;

  constructor(seed: string) {
    this.#state = hashText(seed) || 0x9e3779b9;
  }

  next(): number {
    this.#state = (this.#state + 0x6d2b79f5) >>> 0;
    let t = this.#state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)] as T;
  }

  shuffle<T>(items: readonly T[]): T[] {
    const copy = [...items];
    for (let index = copy.length - 1; index > 0; index--) {
      const other = Math.floor(this.next() * (index + 1));
      [copy[index], copy[other]] = [copy[other] as T, copy[index] as T];
    }
    return copy;
  }
}

/** The same pick for the same key: a character's own choice among options, stable across chats. */
export function stablePick<T>(key: string, items: readonly T[]): T {
  return items[hashText(key) % items.length] as T;
}

/** Straight quotes and single spaces. */
export function normalize(text: string): string {
  return text
    .replace(/[\u2018\u2019\u02bc]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/\s+/g, " ")
    .trim();
}

/** Sentences of a text, as the evaluation splits them ("…" and "?!" end one too). */
export function sentencesOf(text: string): string[] {
  return (text.match(/[^.!?…]+(?:[.!?…]+["”'*]?|$)/g) ?? [])
    .map((sentence) => sentence.trim())
    .filter(Boolean);
}

/** A sentence as repeats are told apart: lower case, letters and digits only. */
export function sentenceKey(sentence: string): string {
  return sentence
    .toLowerCase()
    .replace(/[’']/g, "")
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

export function cap(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export function lowerFirst(text: string): string {
  return /^(?:I\b|I'|[A-Z]{2}|[A-Z][a-z]*[A-Z])/.test(text)
    ? text
    : text.charAt(0).toLowerCase() + text.slice(1);
}

/** Ends a sentence with a full stop unless it has an ending. */
export function stop(text: string): string {
  const trimmed = text.trim();
  return /[.!?…]["”*']?$/.test(trimmed) || /\*$/.test(trimmed) ? trimmed : `${trimmed}.`;
}

/** ["a", "b", "c"] → "a, b and c". */
export function listOf(items: readonly string[], conjunction = "and"): string {
  if (items.length <= 1) return items[0] ?? "";
  return `${items.slice(0, -1).join(", ")} ${conjunction} ${items.at(-1)}`;
}

const THIRD_TO_SECOND: Record<string, string> = {
  their: "your",
  theirs: "yours",
  they: "you",
  them: "you",
  themselves: "yourself",
  "they're": "you're",
  "they've": "you've",
  "they'd": "you'd",
  "they'll": "you'll",
};

const FIRST_TO_SECOND: Record<string, string> = {
  i: "you",
  me: "you",
  my: "your",
  mine: "yours",
  myself: "yourself",
  "i'm": "you're",
  "i've": "you've",
  "i'd": "you'd",
  "i'll": "you'll",
  am: "are",
  was: "were",
  our: "your",
  we: "you",
  us: "you",
  "we're": "you're",
};

function swap(phrase: string, table: Record<string, string>): string {
  return phrase.replace(/\b[A-Za-z']+\b/g, (word) => table[word.toLowerCase()] ?? word);
}

/** "my sister" → "your sister": the user's own words said back to them. */
export function secondPerson(phrase: string): string {
  return swap(phrase, FIRST_TO_SECOND);
}

const VERB_BASE: Record<string, string> = {
  has: "have",
  is: "are",
  was: "were",
  does: "do",
  "can't": "can't",
};

/**
 * A memory fact's text said to the user: "has a dog called Biscuit" → "you have a dog called
 * Biscuit"; "their sister Lena is visiting" → "your sister Lena is visiting".
 */
export function factToYou(text: string): string {
  const swapped = swap(text, THIRD_TO_SECOND);
  const first = /^([a-z']+)\b/.exec(swapped)?.[1];
  if (!first) return swapped;
  if (/^you/.test(first) || first === "the") return swapped;
  const base =
    VERB_BASE[first] ??
    (/(?:ss|sh|ch|x)es$/.test(first)
      ? first.slice(0, -2)
      : /[^aeiou]ies$/.test(first)
        ? `${first.slice(0, -3)}y`
        : /s$/.test(first) && !/ss$/.test(first)
          ? first.slice(0, -1)
          : first);
  return `you ${base}${swapped.slice(first.length)}`;
}

export function wordCount(text: string): number {
  return text.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
}

/** Content words of a text, lower case, for matching a question to a fact. */
export function contentWords(text: string): string[] {
  return (text.toLowerCase().match(/\p{L}[\p{L}'-]{2,}/gu) ?? [])
    .map((word) => word.replace(/'s$/, ""))
    .filter((word) => !STOP.has(word))
    .map(sameWord)
    .map(stem);
}

/** The one word for a person or thing said several ways: "father" is "dad", "doggie" is "dog". */
export function sameWord(word: string): string {
  return SAME_WORD[word] ?? word;
}

/** Words for the same person or thing: "my dad" and "my father" are one question. */
const SAME_WORD: Record<string, string> = {
  father: "dad",
  daddy: "dad",
  papa: "dad",
  mother: "mum",
  mom: "mum",
  mommy: "mum",
  mummy: "mum",
  mama: "mum",
  grandmother: "gran",
  grandma: "gran",
  granny: "gran",
  nan: "gran",
  nana: "gran",
  grandfather: "grandad",
  grandpa: "grandad",
  granddad: "grandad",
  doggie: "dog",
  doggy: "dog",
  doggo: "dog",
  puppy: "dog",
  pup: "dog",
  pooch: "dog",
  kitty: "cat",
  kitten: "cat",
  moggy: "cat",
  bunny: "rabbit",
  movie: "film",
  job: "work",
  gf: "girlfriend",
  bf: "boyfriend",
};

function stem(word: string): string {
  return word.replace(/(?:ing|ed|es|s)$/, "").replace(/(.)\1$/, "$1");
}

const STOP = new Set(
  (
    "the and you your yours are was were what whats what's who whos who's when where how why which did does " +
    "have has had that this with for from about again remember tell told said say know its it's can could " +
    "would should will just really like okay yeah then than there their them they she her his him our out " +
    "into over also still some any all not but too very much many one get got going gonna want wanna thing " +
    "things stuff earlier before today yesterday btw lol haha hmm wait sorry actually mean right called name " +
    "named talk talked talking chat chatted asked ask"
  ).split(" "),
);
