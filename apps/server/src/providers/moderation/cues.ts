import { type AgePattern, LEXICONS } from "./lexicon/index.ts";
import { collapseRepeats, findAll, type Span, stretch, wordPattern } from "./patterns.ts";

/**
 * What one reading of a text (see normalize.ts) says: who is a minor and how they are placed
 * (the chat's pair in a role, someone's child, the speaker's past, someone else), and which
 * sexual and romantic words stand where. The decision is in rule-based.ts.
 */

type Category = Exclude<keyof (typeof LEXICONS)[number], "numbers" | "ages">;

function union(category: Category): RegExp {
  return wordPattern(LEXICONS.flatMap((lexicon) => lexicon[category]));
}

const PATTERNS = {
  minors: union("minors"),
  strongMinors: union("strongMinors"),
  school: union("school"),
  childBodies: union("childBodies"),
  sexual: union("sexual"),
  sexEducation: union("sexEducation"),
  romantic: union("romantic"),
  media: union("media"),
  roleplay: union("roleplay"),
  family: union("family"),
  past: union("past"),
  neutral: union("neutral"),
  endearments: union("endearments"),
  clauseBreaks: union("clauseBreaks"),
  pair: union("pair"),
  thirdAfter: union("thirdAfter"),
};

const alternation = (category: Category) =>
  LEXICONS.flatMap((lexicon) => lexicon[category])
    .map((source) => `(?:${stretch(source)})`)
    .join("|");

/** The chat's pair is (made) someone: a role copula and a few filler words right before a minor term. */
const ROLE_BEFORE = new RegExp(
  `(?:^|[^a-z0-9'])(?:${alternation("roleCopulas")})(?: (?:${alternation("fillers")})){0,4} ?$`,
);

// --- ages ---

const NUMBER_VALUES = new Map<string, number>();
for (const lexicon of LEXICONS) {
  for (const [word, value] of Object.entries(lexicon.numbers))
    NUMBER_VALUES.set(collapseRepeats(word), value);
}
const NUMBER_WORDS = LEXICONS.flatMap((lexicon) => Object.keys(lexicon.numbers))
  .sort((a, b) => b.length - a.length)
  .map(stretch)
  .join("|");
/** A number, digits or words; digits may carry an age's unit glued to them ("im 14yrs"). */
const NUMBER = `(?<n>\\d{1,3}|(?:${NUMBER_WORDS}))(?:(?<=\\d)(?:yrs?|yo|y/o|y\\.o\\.?)(?![a-z0-9]))?`;
/** Number words that are also common words elsewhere ("once", "seize"): not an age without a unit. */
const AMBIGUOUS_NUMBER_WORDS = new Set(["once", "seize", "tres", "sei", "elf", "due", "dos"]);

interface CompiledAge extends AgePattern {
  regex: RegExp;
  /** the smallest number read as an age (a number right after a noun without a comma: "girl 12") */
  minValue?: number;
}

/** A person's noun in any language, with a name ("a girl named Emma"). */
const PERSON = `(?:${LEXICONS.flatMap((lexicon) => lexicon.persons)
  .map((source) => `(?:${stretch(source)})`)
  .join("|")})(?: (?:named|called|llamad[ao]|nommee?|namens|chamad[ao]|chiamat[ao]) [a-z]+)?`;

/** An age pattern's source: its words stretched, `{N}` a number, `{PERSON}` a person's noun. */
function ageSource(pattern: string): string {
  return pattern
    .split(/(\{N\}|\{PERSON\})/)
    .map((part) => (part === "{N}" ? NUMBER : part === "{PERSON}" ? PERSON : stretch(part)))
    .join("");
}

const compileAge = (age: AgePattern, source: string, minValue?: number): CompiledAge => ({
  ...age,
  regex: new RegExp(`(?<![a-z0-9])(?:${source})(?![a-z0-9])`, "g"),
  ...(minValue === undefined ? {} : { minValue }),
});

/** What may follow a description of the speaker at the start of a message ("14 y.o. and curious"). */
const SELF_DESCRIPTION_AFTER = `(?= ?(?:[,&+!:;]|\\.{2,}|$)| (?:and|n|here|lol|looking|from|but|y|e|et|und|ed|ma|mais|aber|pero|mas)(?![a-z0-9]))`;

const AGE_PATTERNS: CompiledAge[] = [
  ...LEXICONS.flatMap((lexicon) => lexicon.ages.map((age) => compileAge(age, ageSource(age.pattern)))),
  // a bare number set off after a person: "a girl, 11,", "my stepsister (12)", "Mädchen - 12"
  compileAge(
    { pattern: "{PERSON}, {N}", subject: "other", bare: true },
    `${PERSON} ?(?:,|\\(|:| -) ?${NUMBER}(?! ?(?:tonight|tomorrow|today|sharp|o'?clock))`,
  ),
  // or right after it, when it is a teenager's or a child's two digits: "petite girl 12 naked"
  compileAge({ pattern: "{PERSON} {N}", subject: "other", bare: true }, `${PERSON} ${NUMBER}`, 10),
  // a message or sentence that opens with an age describes the speaker: "14 y.o. and curious",
  // "barely 16 and already so naughty", "à peine 15 ans et …"
  compileAge(
    { pattern: "^{N} y/o and", subject: "self", bare: true },
    `(?<=^|[.!?\\n] ?)(?:${stretch("(?:barely|only just|a peine|apenas|appena|kaum|gerade mal)")} ${NUMBER}(?: ?${stretch(
      "(?:y/o|y\\.o\\.?|yo|yrs? old|years? old|yr old|anos|ans|anni|jahre(?: alt)?)",
    )})?|${NUMBER} ?${stretch("(?:y/o|y\\.o\\.?|yo|yrs? old|years? old|yr old)")})${SELF_DESCRIPTION_AFTER}`,
  ),
];

/** What may follow a number that is not an age: units, "of", "minutes", "ago". */
const NOT_AGE_AFTER = new RegExp(
  `^(?:(?:${LEXICONS.flatMap((lexicon) => lexicon.notAgeAfter).join("|")})(?![a-z0-9])|[a-z]+'|[/:'"%+°]|[.,]\\d|x ?\\d)`,
);
/** Plural nouns after a bare number ("I'm 2 glasses in", "tengo 2 gatos") count things, not years. */
const PLURAL_NOUN = /^[a-z]{3,}s(?![a-z0-9])/;
const NOT_PLURAL = new Set([
  "this",
  "always",
  "yes",
  "plus",
  "thus",
  "pues",
  "mais",
  "apres",
  "alors",
  "depuis",
  "sans",
  "dans",
  "tres",
  "jetzt",
]);

function numberValue(raw: string): number | undefined {
  if (/^\d+$/.test(raw)) return Number(raw);
  return NUMBER_VALUES.get(collapseRepeats(raw));
}

function followsAsAge(rest: string, bare: boolean): boolean {
  const next = rest.trimStart();
  if (next === "") return true;
  if (NOT_AGE_AFTER.test(next)) return false;
  if (bare) {
    const word = next.match(PLURAL_NOUN)?.[0];
    if (word && !NOT_PLURAL.has(word)) return false;
  }
  return true;
}

export interface Age extends Span {
  value: number;
  subject: AgePattern["subject"];
  past: boolean;
}

function findAges(text: string): Age[] {
  const ages: Age[] = [];
  for (const pattern of AGE_PATTERNS) {
    for (const match of text.matchAll(pattern.regex)) {
      const raw = match.groups?.n ?? "";
      const value = numberValue(raw);
      if (value === undefined || value < (pattern.minValue ?? 1)) continue;
      const isWord = !/^\d+$/.test(raw);
      if (isWord && pattern.bare && (value < 10 || AMBIGUOUS_NUMBER_WORDS.has(collapseRepeats(raw))))
        continue;
      const end = match.index + match[0].length;
      if (!followsAsAge(text.slice(end), pattern.bare === true)) continue;
      ages.push({
        start: match.index,
        end,
        text: match[0],
        value,
        subject: pattern.subject,
        past: pattern.past === true,
      });
    }
  }
  return ages;
}

// --- clauses ---

const CLAUSE_PUNCTUATION = /[,;:!?\n()[\]"]|(?<!\d)\.|\.{2,}| - /g;

function boundaries(text: string, patterns: RegExp[]): number[] {
  const at = new Set<number>();
  for (const pattern of patterns) for (const span of findAll(pattern, text)) at.add(span.start);
  return [...at].sort((a, b) => a - b);
}

function indexOf(bounds: number[], position: number): number {
  let index = 0;
  while (index < bounds.length && (bounds[index] as number) <= position) index += 1;
  return index;
}

// --- the reading ---

export type MinorKind = "age" | "word" | "strong" | "school" | "body";

export interface MinorMention extends Span {
  kind: MinorKind;
  age?: Age;
}

export interface ContextWord extends Span {
  /** about the chat's pair ("for me", "with you") */
  pair: boolean;
  /** about someone else ("kiss her", "la toco") */
  third: boolean;
  /** sex education, not sexual content */
  educational: boolean;
}

export class Reading {
  readonly text: string;
  readonly minors: MinorMention[];
  readonly sexual: ContextWord[];
  readonly romantic: ContextWord[];
  readonly media: Span[];
  readonly #clauses: number[];
  readonly #spans: Record<"roleplay" | "family" | "past" | "neutral", Span[]>;
  readonly #pair: Span[];
  readonly #thirdAfter: Span[];

  constructor(reading: string) {
    // adult endearments that contain a minor word ("mi niña") say nothing of age
    const text = reading.replace(PATTERNS.endearments, (found) => "x".repeat(found.length));
    this.text = text;
    this.#clauses = boundaries(text, [CLAUSE_PUNCTUATION, PATTERNS.clauseBreaks]);
    this.#spans = {
      roleplay: findAll(PATTERNS.roleplay, text),
      family: findAll(PATTERNS.family, text),
      past: findAll(PATTERNS.past, text),
      neutral: findAll(PATTERNS.neutral, text),
    };
    this.#pair = findAll(PATTERNS.pair, text);
    this.#thirdAfter = findAll(PATTERNS.thirdAfter, text);

    const ages = findAges(text);
    this.minors = [
      ...findAll(PATTERNS.strongMinors, text).map((span) => ({ ...span, kind: "strong" as const })),
      ...findAll(PATTERNS.childBodies, text).map((span) => ({ ...span, kind: "body" as const })),
      ...findAll(PATTERNS.school, text).map((span) => ({ ...span, kind: "school" as const })),
      ...findAll(PATTERNS.minors, text).map((span) => ({ ...span, kind: "word" as const })),
      ...ages.filter((age) => age.value < 18).map((age) => ({ ...age, kind: "age" as const, age })),
    ];
    const education = findAll(PATTERNS.sexEducation, text);
    this.sexual = findAll(PATTERNS.sexual, text).map((span) => this.#context(span, education));
    this.romantic = findAll(PATTERNS.romantic, text).map((span) => this.#context(span, []));
    this.media = findAll(PATTERNS.media, text);
  }

  #context(span: Span, education: Span[]): ContextWord {
    const third =
      this.#thirdAfter.some((other) => other.start >= span.end && this.tokensBetween(span, other) <= 1) ||
      /rl[aoe]s?$/.test(span.text);
    const pair =
      !third && this.#pair.some((other) => overlaps(span, other) || this.tokensBetween(span, other) <= 1);
    return { ...span, third, pair, educational: education.some((other) => overlaps(span, other)) };
  }

  /** Words strictly between two spans (0 when they touch or overlap). */
  tokensBetween(a: Span, b: Span): number {
    if (overlaps(a, b)) return 0;
    const gap = this.text.slice(Math.min(a.end, b.end), Math.max(a.start, b.start)).trim();
    return gap === "" ? 0 : gap.split(/\s+/).length;
  }

  sameClause(a: Span, b: Span): boolean {
    return indexOf(this.#clauses, a.start) === indexOf(this.#clauses, b.start);
  }

  /** A span of the kind in the same clause, at most `tokens` words away. */
  near(kind: "family" | "past" | "neutral", mention: Span, tokens: number): boolean {
    return this.#spans[kind].some(
      (span) => this.sameClause(span, mention) && this.tokensBetween(span, mention) <= tokens,
    );
  }

  /**
   * The child of the family (or pupil) the mention is about: in its clause at most `tokens` words
   * away, or for an age also shortly before it in the same sentence across commas ("my niece is
   * here tonight, she's 6").
   */
  familyOf(mention: Span, tokens: number, acrossCommas: boolean): Span | undefined {
    return this.#spans.family.find(
      (span) =>
        this.tokensBetween(span, mention) <= tokens &&
        (this.sameClause(span, mention) ||
          (acrossCommas &&
            span.end <= mention.start &&
            !/[.!?\n]/.test(this.text.slice(span.end, mention.start)))),
    );
  }

  /** A roleplay is set up: it frames the whole message ("Let's roleplay. Your character: …"). */
  get setsUpRoleplay(): boolean {
    return this.#spans.roleplay.length > 0;
  }

  /** "you are a …", "I'm in …", "pretend to be …" right before the mention, in its clause. */
  afterRoleCopula(mention: Span): boolean {
    const clauseStart = this.#clauses.filter((bound) => bound <= mention.start).at(-1) ?? 0;
    return ROLE_BEFORE.test(this.text.slice(clauseStart, mention.start));
  }

  get wordCount(): number {
    return this.text.split(/\s+/).filter((word) => /[a-z0-9]/.test(word)).length;
  }
}

function overlaps(a: Span, b: Span): boolean {
  return a.start < b.end && b.start < a.end;
}
