import { anyLanguage, type TextLanguages } from "./language.ts";
import { type AgePattern, LEXICONS, type Lexicon } from "./lexicon/index.ts";
import {
  collapseRepeats,
  countAtOrBefore,
  findAll,
  matches,
  prefixTree,
  type Span,
  stretch,
  wordPattern,
} from "./patterns.ts";

/**
 * What one reading of a text (see normalize.ts) says: who is a minor and how they are placed
 * (the chat's pair in a role, someone's child, the speaker's past, someone else), and which
 * sexual and romantic words stand where. The decision is in rule-based.ts.
 */

type Category = Exclude<keyof (typeof LEXICONS)[number], "numbers" | "ages" | "lang">;

function union(category: Category, lexicons: readonly Lexicon[] = LEXICONS): RegExp {
  return wordPattern(lexicons.flatMap((lexicon) => lexicon[category] ?? []));
}

/**
 * The lists that say what a text is about read only sentences in their language (language.ts):
 * the minor terms and the sexual, romantic and roleplay words. The lists that only place or excuse
 * a mention (family, past, clause breaks) read every sentence.
 */
const GATED = [
  "minors",
  "strongMinors",
  "school",
  "childBodies",
  "childLife",
  "childThings",
  "sexual",
  "romantic",
  "media",
  "roleplay",
] as const;
type GatedCategory = (typeof GATED)[number];
type GatedPatterns = Record<GatedCategory, RegExp>;

const gatedPatterns = (lexicons: readonly Lexicon[]) =>
  Object.fromEntries(GATED.map((category) => [category, union(category, lexicons)])) as GatedPatterns;

/**
 * Each language's gated patterns, compiled once: a text runs those of the languages its sentences
 * may be in (English alone for most), and combinations of languages are never compiled together
 * (a regular expression per combination cost seconds to compile across a multilingual set).
 */
const GATED_BY_LANGUAGE = new Map(LEXICONS.map((lexicon) => [lexicon.lang, gatedPatterns([lexicon])]));

const SHORT_TEXT = 400;

/** Animals and things whose age a number after them gives ("my cat is 4 years old"). */
const THINGS = wordPattern([
  "cats?",
  "dogs?",
  "pupp(?:y|ies)",
  "kitt(?:en|ens|y|ies)",
  "pets?",
  "horses?",
  "pon(?:y|ies)",
  "birds?",
  "parrots?",
  "hamsters?",
  "rabbits?",
  "bunn(?:y|ies)",
  "fish",
  "turtles?",
  "cars?",
  "trucks?",
  "bikes?",
  "house",
  "laptop",
  "phone",
  "computer",
  "tree",
  "wine",
  "whiske?y",
  "scotch",
  "company",
  "business",
  "shop",
  "relationship",
  "marriage",
  "channel",
  "account",
  "building",
  "band",
  "ship",
  "gato",
  "perro",
  "chat",
  "chien",
  "katze",
  "hund",
  "cachorro",
  "gatto",
  "cane",
]);
/** Someone else as the subject right before a sexual word ("she's so hot"). */
const THIRD_BEFORE =
  /(?:^|[^a-z])(?:she|he)(?:'s| is| looks| seems)(?: (?:so|really|very|super|kinda|totally|hella))* $|(?:^|[^a-z])(?:her|him) [a-z]+ing (?:me|you|us) (?:a |an |the )?$|(?:^|[^a-z])(?:describe|show|draw|picture|imagine|see|watch|put|dress|get) (?:her|him) $/;
const ADULT_PARTNER_AFTER =
  /^ (?:husband|wife|boyfriend|girlfriend|partner|lover|fianc\w*|spouse|man|woman|mistress|master|boss|date)s?(?![a-z])/;

/** Words that make an age an appearance ("she looks 15"). */
const LOOK_BEFORE =
  /(?:looks?|looking|looked|pass(?:es|ed)? for|seems?|seemed|appears?|appeared)(?: like| about| maybe)? ?(?:she'?s |he'?s |they'?re |you'?re )?$/;
const LOOK_START = /^(?:looks?|looking|looked|pass(?:es|ed)? for|seems?|seemed|appears?|appeared)(?![a-z])/;
/** An adult's age said in the text ("she's 21", "a 30-year-old nurse", "age: 25"). */
const ADULT_STATED =
  /(?<![0-9]|(?:her|his|their) )(?:1[89]|[2-9][0-9])(?:[ -]?(?:years?|yrs?)[ -]?old|[ -]?yo(?![a-z])|[ -]?y\/o)|(?<!(?:until|till|til|before|when|unless) )(?:i'?m|i am|you'?re|you are|u r|she'?s|he'?s|she is|he is|they'?re|we'?re|we are|aged?|age:?|now|at) (?:both |all |literally |actually |already |like )?(?:1[89]|[2-9][0-9])(?![0-9])|age"? ?[:=(] ?"?(?:1[89]|[2-9][0-9])(?![0-9])/;
/** A simile about a feeling right before an age ("you make me feel young again, like I'm 16"). */
const FEEL_BEFORE =
  /(?:(?:feel|feels|felt|feeling)(?: [a-z']+){0,4},? (?:like|as if|as though)|(?:l'impression|(?:sens|sentir|senti|sentais)(?: [a-z']+){0,3} comme si|(?:siento|sentir|senti|sentia)(?: [a-z]+){0,3} como si|(?:sento|sentire|sentivo|sentita|sentito)(?: [a-z']+){0,3} come se|(?:sinto|sentir|senti|sentia)(?: [a-z]+){0,3} como se|(?:fuhl|fuehl)\w* (?:mich|mir)(?: [a-z]+){0,3} (?:wie|als ob|als wenn|als war|als waer))(?: [a-z']+){0,2}) $/;

const PATTERNS = {
  sexEducation: union("sexEducation"),
  family: union("family"),
  past: union("past"),
  neutral: union("neutral"),
  endearments: union("endearments"),
  clauseBreaks: union("clauseBreaks"),
  pair: union("pair"),
  thirdAfter: union("thirdAfter"),
};

const alternation = (category: Category) =>
  LEXICONS.flatMap((lexicon) => lexicon[category] ?? [])
    .map((source) => `(?:${stretch(source)})`)
    .join("|");

/** The chat's pair is (made) someone: a role copula and a few filler words right before a minor term. */
const ROLE_BEFORE = new RegExp(
  `(?:^|[^a-z0-9'])(?:${alternation("roleCopulas")})(?: (?:${alternation("fillers")})){0,5} ?$`,
);

// --- ages ---

const NUMBER_VALUES = new Map<string, number>();
for (const lexicon of LEXICONS) {
  for (const [word, value] of Object.entries(lexicon.numbers))
    NUMBER_VALUES.set(collapseRepeats(word), value);
}
// one prefix tree, not 152 alternatives: tried at every position of a 4,000-character reply, the
// flat list was a fifth of the rules' time
const NUMBER_WORDS = stretch(prefixTree(LEXICONS.flatMap((lexicon) => Object.keys(lexicon.numbers))));
/** A number, digits or words; digits may carry an age's unit glued to them ("im 14yrs"). */
const numberSource = (name: string) =>
  `(${name}\\d{1,3}|(?:${NUMBER_WORDS}))(?:(?<=\\d)(?:yrs?|yo|y/o|y\\.o\\.?)(?![a-z0-9]))?`;
/** Number words that are also common words elsewhere ("once", "seize"): not an age without a unit. */
const AMBIGUOUS_NUMBER_WORDS = new Set(["once", "seize", "tres", "sei", "elf", "due", "dos"]);

/** A person's noun in any language, with a name ("a girl named Emma"). */
const PERSON = `(?:${LEXICONS.flatMap((lexicon) => lexicon.persons)
  .map((source) => `(?:${stretch(source)})`)
  .join("|")})(?: (?:named|called|llamad[ao]|nommee?|namens|chamad[ao]|chiamat[ao]) [a-z]+)?`;

/** Part of an age pattern: its words stretched, `{PERSON}` a person's noun. */
function ageSource(pattern: string): string {
  return pattern
    .split(/(\{PERSON\})/)
    .map((part) => (part === "{PERSON}" ? PERSON : stretch(part)))
    .join("");
}

/**
 * An age pattern read from its number: every age has one, and numbers under 18 are rare, so the
 * patterns are tried only where such a number stands (sticky at the number) rather than scanned
 * over the whole text. What comes before the number is a lookbehind whose text (`pre`) gives the
 * start of the age.
 */
interface CompiledAge extends AgePattern {
  regex: RegExp;
  /** the source of what comes before the number and after it */
  before: string;
  after: string;
  /** the smallest number read as an age (a number right after a noun without a comma: "girl 12") */
  minValue?: number;
}

/** An age pattern read at a number: `pre` is what stands before it, `n` the number. */
const ageAt = (before: string, after: string, named: boolean) =>
  `(?<=(?<![a-z0-9])(${named ? "?<pre>" : "?:"}${before}))${numberSource(named ? "?<n>" : "?:")}(?:${after})(?![a-z0-9])`;

function compileAge(age: AgePattern, before: string, after: string, minValue?: number): CompiledAge {
  return {
    ...age,
    regex: new RegExp(ageAt(before, after, true), "y"),
    before,
    after,
    ...(minValue === undefined ? {} : { minValue }),
  };
}

function lexiconAge(age: AgePattern): CompiledAge {
  const parts = age.pattern.split("{N}");
  if (parts.length !== 2) throw new Error(`an age pattern has one {N}: ${age.pattern}`);
  return compileAge(age, ageSource(parts[0] as string), ageSource(parts[1] as string));
}

/** What may follow a description of the speaker at the start of a message ("14 y.o. and curious"). */
const SELF_DESCRIPTION_AFTER = `(?= ?(?:[,&+!:;]|\\.{2,}|$)| (?:and|n|here|lol|looking|from|but|y|e|et|und|ed|ma|mais|aber|pero|mas)(?![a-z0-9]))`;
const SELF_DESCRIPTION = { pattern: "^{N} y/o and", subject: "self", bare: true } as const;

const AGE_PATTERNS: CompiledAge[] = [
  ...LEXICONS.flatMap((lexicon) => lexicon.ages.map((age) => lexiconAge({ ...age, lang: lexicon.lang }))),
  // a bare number set off after a person: "a girl, 11,", "my stepsister (12)", "Mädchen - 12"
  compileAge(
    { pattern: "{PERSON}, {N}", subject: "other", bare: true },
    // a hedge may stand before the number: "a girl, maybe 12,"
    `${PERSON} ?(?:,|\\(|:| -) ?(?:(?:maybe|about|around|probably|roughly|like) )?`,
    "(?! ?(?:tonight|tomorrow|today|sharp|o'?clock))",
  ),
  // or right after it, when it is a teenager's or a child's two digits: "petite girl 12 naked"
  compileAge({ pattern: "{PERSON} {N}", subject: "other", bare: true }, `${PERSON} `, "", 10),
  // a message or sentence that opens with an age describes the speaker: "14 y.o. and curious",
  // "barely 16 and already so naughty", "à peine 15 ans et …"
  compileAge(
    SELF_DESCRIPTION,
    `(?<=^|[.!?\\n] ?)${stretch("(?:barely|only just|a peine|apenas|appena|kaum|gerade mal) ")}`,
    `(?: ?${stretch("(?:y/o|y\\.o\\.?|yo|yrs? old|years? old|yr old|anos|ans|anni|jahre(?: alt)?)")})?${SELF_DESCRIPTION_AFTER}`,
  ),
  compileAge(
    SELF_DESCRIPTION,
    "(?<=^|[.!?\\n] ?)",
    ` ?${stretch("(?:y/o|y\\.o\\.?|yo|yrs? old|years? old|yr old)")}${SELF_DESCRIPTION_AFTER}`,
  ),
];

/**
 * The patterns that may be an age at a number, found with a few regular expressions that each
 * stand for a group of patterns (one joining every pattern would be too large, see `chunks`):
 * patterns that need something after the number are tried there, the others by what they need
 * before it. Most numbers are in no group and are read no further; the others only by the
 * patterns of the groups that matched.
 */
function ageGate(patterns: CompiledAge[]): (text: string, at: number) => CompiledAge[] {
  const needsAfter = (age: CompiledAge) => !new RegExp(`^(?:${age.after})`).test("");
  const groups = [
    ...chunks(patterns.filter(needsAfter), (age) => age.after).map((group) => ({
      regex: new RegExp(
        `${numberSource("?:")}(?:${group.map((age) => `(?:${age.after})`).join("|")})(?![a-z0-9])`,
        "y",
      ),
      group,
    })),
    ...chunks(
      patterns.filter((age) => !needsAfter(age)),
      (age) => age.before,
    ).map((group) => ({
      regex: new RegExp(`(?<=(?<![a-z0-9])(?:${group.map((age) => `(?:${age.before})`).join("|")}))`, "y"),
      group,
    })),
  ];
  return (text, at) => groups.filter(({ regex }) => matchesAt(regex, text, at)).flatMap(({ group }) => group);
}

const CHUNK_SOURCE = 12_000;

/**
 * Patterns in groups whose joined sources stay small: V8 runs a regular expression of more than
 * about 20 KB of source far more slowly (measured: 20 µs a test instead of under 1), and smaller
 * groups leave fewer patterns to try where one matched.
 */
function chunks<T>(items: T[], source: (item: T) => string, limit = CHUNK_SOURCE): T[][] {
  const groups: T[][] = [];
  let size = Number.POSITIVE_INFINITY;
  for (const item of items) {
    const length = source(item).length;
    if (size + length > limit) {
      groups.push([]);
      size = 0;
    }
    groups.at(-1)?.push(item);
    size += length;
  }
  return groups;
}
const matchesAt = (regex: RegExp, text: string, at: number) => {
  regex.lastIndex = at;
  return regex.test(text);
};

const AGES_AT = ageGate(AGE_PATTERNS);
/** A bare pattern reads a number word only from ten up ("I'm five" is not an age, "I'm fifteen" is). */
const UNIT_AGE_PATTERNS = AGE_PATTERNS.filter((age) => !age.bare);
const UNIT_AGES_AT = ageGate(UNIT_AGE_PATTERNS);

/** Digits that may be an age under 18 (longer runs are never read as one: `\d{1,3}`). */
const DIGIT_RUN = /\d+/g;
/** Every place a number word starts, even inside a word: it may be glued to the one before ("urfourteen"). */
const NUMBER_WORD_AT = new RegExp(`(?=(${NUMBER_WORDS}))`, "g");
const numberWordsAt = (keep: (word: string, value: number) => boolean) =>
  new RegExp(
    LEXICONS.flatMap((lexicon) => Object.entries(lexicon.numbers))
      .filter(([word, value]) => keep(word, value))
      .map(([word]) => stretch(word))
      .join("|"),
    "y",
  );
/** A number word under 18 starts here. */
const MINOR_NUMBER_WORD = numberWordsAt((_, value) => value >= 1 && value < 18);
/** … one that a bare pattern reads ("fifteen", not "five" nor "once"). */
const BARE_NUMBER_WORD = numberWordsAt(
  (word, value) => value >= 10 && value < 18 && !AMBIGUOUS_NUMBER_WORDS.has(collapseRepeats(word)),
);
/** A number word glued to the letters before it is an age only after what an age pattern puts there. */
const gluedBefore = (patterns: CompiledAge[]) =>
  chunks(
    patterns.filter((age) => age.before !== ""),
    (age) => age.before,
    12_000,
  ).map(
    (group) => new RegExp(`(?<=(?<![a-z0-9])(?:${group.map((age) => `(?:${age.before})`).join("|")}))`, "y"),
  );
const GLUED_BEFORE = gluedBefore(AGE_PATTERNS);
const GLUED_BEFORE_UNIT = gluedBefore(UNIT_AGE_PATTERNS);
/**
 * … and one glued to the letters after it only before what an age pattern puts there
 * ("fiveyearsold"), with any number word that starts there ("unans" is "un ans", not "una").
 */
const GLUED_AFTER = new RegExp(
  `(?:${NUMBER_WORDS})(?:${AGE_PATTERNS.map((age) => `(?:${age.after})`).join("|")})(?![a-z0-9])`,
  "y",
);

const isAlphanumeric = (char: string | undefined) =>
  char !== undefined && ((char >= "a" && char <= "z") || (char >= "0" && char <= "9"));

/** A tens word right before a number word makes it the ones of a number of 21 and more. */
const TENS_BEFORE = new RegExp(
  `(?:${LEXICONS.flatMap((lexicon) => Object.entries(lexicon.numbers))
    .filter(([, value]) => value >= 20 && value % 10 === 0)
    .map(([word]) => stretch(word))
    .join("|")})(?: ?- ?| |-?(?:y|et|e|und|i) ?-?)?$`,
);

/** Where a number stands that an age under 18 could be built on, and which patterns may read it. */
interface NumberAt {
  start: number;
  word: boolean;
  patterns: CompiledAge[];
}

function agedNumbers(text: string): NumberAt[] {
  const found: NumberAt[] = [];
  for (const match of matches(DIGIT_RUN, text)) {
    const value = Number(match[0]);
    if (match[0].length > 3 || value < 1 || value >= 18) continue;
    const patterns = AGES_AT(text, match.index).filter((age) => value >= (age.minValue ?? 1));
    if (patterns.length > 0) found.push({ start: match.index, word: false, patterns });
  }
  for (const match of matches(NUMBER_WORD_AT, text)) {
    // the longest number word here; a pattern may take a shorter one, so what it reads is checked there
    const start = match.index;
    const end = start + (match[1] as string).length;
    if (!matchesAt(MINOR_NUMBER_WORD, text, start)) continue;
    // the ones of a larger number: "twenty-nine", "thirty five", "vingt-six"
    if (TENS_BEFORE.test(text.slice(Math.max(0, start - 14), start))) continue;
    const bare = matchesAt(BARE_NUMBER_WORD, text, start);
    if (isAlphanumeric(text[end]) && !matchesAt(GLUED_AFTER, text, start)) continue;
    if (
      isAlphanumeric(text[start - 1]) &&
      !(bare ? GLUED_BEFORE : GLUED_BEFORE_UNIT).some((regex) => matchesAt(regex, text, start))
    )
      continue;
    const patterns = (bare ? AGES_AT : UNIT_AGES_AT)(text, start);
    if (patterns.length > 0) found.push({ start, word: true, patterns });
  }
  return found;
}

/** What may follow a number that is not an age: units, "of", "minutes", "ago". */
const NOT_AGE_AFTER = new RegExp(
  `^(?:(?:${LEXICONS.flatMap((lexicon) => lexicon.notAgeAfter).join("|")})(?![a-z0-9])|[a-z]+'|[/:'"%+°]|[.,]\\d|x ?\\d)`,
);
/** Plural nouns after a bare number ("I'm 2 glasses in", "tengo 2 gatos") count things, not years. */
const PLURAL_NOUN = /^[a-z]{3,}s(?![a-z0-9])/;
const NOT_PLURAL = new Set([
  // verbs and words that end in s ("you are fourteen kiss me")
  "kiss",
  "miss",
  "undress",
  "dress",
  "caress",
  "guess",
  "press",
  "bless",
  "confess",
  "less",
  "unless",
  "was",
  "has",
  "is",
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
  // the end of a line or sentence ends the age: what comes next says nothing of it
  if (/^[ \t]*[\n.!?;]/.test(rest)) return true;
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
  lang: string | undefined;
  /** no unit said it is an age ("you're 14", not "14 years old") */
  bare: boolean;
  subject: AgePattern["subject"];
  past: boolean;
}

function findAges(text: string): Age[] {
  const ages: Age[] = [];
  for (const number of agedNumbers(text)) {
    for (const pattern of number.patterns) {
      pattern.regex.lastIndex = number.start;
      const match = pattern.regex.exec(text);
      if (!match) continue;
      const raw = match.groups?.n ?? "";
      // the pattern may have taken a shorter number word than the one found here
      const value = numberValue(raw);
      if (value === undefined || value < (pattern.minValue ?? 1)) continue;
      if (number.word && pattern.bare && (value < 10 || AMBIGUOUS_NUMBER_WORDS.has(collapseRepeats(raw))))
        continue;
      const start = match.index - (match.groups?.pre ?? "").length;
      const end = match.index + match[0].length;
      if (!followsAsAge(text.slice(end), pattern.bare === true)) continue;
      ages.push({
        start,
        end,
        text: text.slice(start, end),
        value,
        lang: pattern.lang,
        bare: pattern.bare === true,
        subject: pattern.subject,
        past: pattern.past === true,
      });
    }
  }
  return ages;
}

// --- ages worked out ---

/**
 * Ages said without being said: a birth year ("born in 2012", "nacida en 2012"), an age to come
 * ("I turn thirteen next week": 12 now) and arithmetic on a stated age ("I'm 28 and you're half my
 * age"). Each is read as the age it works out to today.
 */
const BIRTH_YEAR = new RegExp(
  `(?<![a-z0-9])(?<who>i was|i'?m|i am|you were|you'?re|you are|u were|u r|ur|she was|he was|she'?s|he'?s)? ?${stretch(
    "(?:born|birth ?year|year of birth|dob|d\\.o\\.b\\.?|naci|naci(?:da|do)|nee?|nee en|geboren|geb\\.|nat[oa]|nasci(?:da|do)?)",
  )}(?: ?:| (?:in|on|en|le|im|em|nel|nell'|am|a|:|-))?(?: [a-z]+| \\d{1,2}(?:st|nd|rd|th)?,?| \\d{1,2}[./-]\\d{1,2}[./-]| of){0,3} ?(?<year>(?:19|20)\\d{2})(?![0-9])`,
  "g",
);
const TURNS_SOON = new RegExp(
  `(?<![a-z0-9])(?<who>i|i'?ll|i will|i'?m|i am|you|you'?ll|you will|you'?re|u|she|she'?ll|he|he'?ll|she'?s|he'?s) (?:(?:am|are|is|'?m|'?re|'?s) )?(?:going to |gonna |about to |finally |only |just )?(?:turn|turning|be|gonna be) (?<n>${NUMBER_WORDS}|\\d{1,2}) (?:next|this|in|on|tomorrow|soon|after|at the end)`,
  "g",
);
/** An ordinal birthday ("my twelfth birthday was last week"): that age, or one less before it comes. */
const ORDINALS: Record<string, number> = {
  first: 1,
  second: 2,
  third: 3,
  fourth: 4,
  fifth: 5,
  sixth: 6,
  seventh: 7,
  eighth: 8,
  ninth: 9,
  tenth: 10,
  eleventh: 11,
  twelfth: 12,
  thirteenth: 13,
  fourteenth: 14,
  fifteenth: 15,
  sixteenth: 16,
  seventeenth: 17,
};
const BIRTHDAY = new RegExp(
  `(?<![a-z0-9])(?<who>my|your|ur|her|his)(?: (?:sweet|big|upcoming|last))? (?<n>${Object.keys(ORDINALS).join("|")}|\\d{1,2}(?:st|nd|rd|th)) (?:birthday|bday|b-day)(?<soon> (?:is|party is) (?:next|in|on|tomorrow|coming|soon))?`,
  "g",
);
/** An answer to "how old are you?" in the next line or sentence ("Thirteen! Why?"), in the lexicons' languages. */
const HOW_OLD = new RegExp(
  `(?:how old (?:are|r) (?:you|u)|wie alt bist du|quel age (?:as[ -]tu|tu as|t'as|avez[ -]vous)|t'as quel age|cuantos anos tienes|quanti anni hai|quantos anos (?:voce |vc )?(?:tem|tens))[^\\n]{0,40}?[?\\n]+ ?(?:[a-z]+[,!.] )?(?:i'?m |i am |im |ich bin |j'ai |tengo |ho |tenho )?(?<n>${NUMBER_WORDS}|\\d{1,2})(?![a-z0-9])`,
  "g",
);
/** A bat or bar mitzvah lately or soon: 12 or 13 now. */
const MITZVAH =
  /(?<![a-z])(?<who>my|your|her|his) (?<kind>bat|bar) mitzvah (?:was |is |party was |party is )?(?:last|this|next|coming|tomorrow|yesterday|in \d|in a|on)(?![a-z])/g;
/** An answer that ends with the age after a dodge ("old enough ;) ... ok fine, 15"). */
const HOW_OLD_LATE = new RegExp(
  `how old (?:are|r) (?:you|u)(?:[^\\n]{0,40}?[?\\n]+| )[^\\n]{0,50}?[ ,.]+(?<n>${NUMBER_WORDS}|\\d{1,2})(?: ?(?:years? old|y/?o|yrs?))? *(?:[.!?~]+|\\n|$)`,
  "g",
);
/** An answer to "what grade are you in?" ("7th! why?"): a pupil of that grade, about five years older. */
const WHAT_GRADE = new RegExp(
  `what grade (?:are|r) (?:you|u)(?: in)?[^\\n]{0,40}?[?\\n]+ ?(?:[a-z]+[,!.] )?(?:i'?m |i am |im )?(?:in )?(?:(?<n>\\d{1,2})(?:st|nd|rd|th)?|(?<ordinal>${Object.keys(ORDINALS).slice(0, 12).join("|")})|(?<k>k|kindergarten))(?![a-z0-9])`,
  "g",
);
/** A reply that opens with a number ("Vierzehn... why?") may answer "how old are you?" in the turn before. */
const OPENING_NUMBER = new RegExp(`^[^\\p{L}\\p{N}]*(?:\\d{1,2}|${NUMBER_WORDS})(?![\\p{L}\\p{N}])`, "u");
export const opensWithNumber = (text: string): boolean =>
  OPENING_NUMBER.test(text.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase());
const HALF_AGE =
  /(?<![a-z0-9])(?:(?:exactly|only|just|like|about) )?(?<part>half|a third|a quarter|one third) (?:of )?(?<whose>my|your|his|her) age(?![a-z])/g;

const ADULT_AGE =
  /(?<![a-z0-9])(?<who>i'?m|i am|im|you'?re|you are|u r|ur|she'?s|he'?s|she is|he is) (?<n>[1-9]\d)(?![0-9])/g;

/** The adult age said of someone ("I'm 28"): what arithmetic on an age starts from. */
function adultAge(text: string, whose: Age["subject"]): number | undefined {
  for (const match of matches(ADULT_AGE, text)) {
    const value = Number(match.groups?.n);
    if (value >= 18 && subjectOf(match.groups?.who) === whose) return value;
  }
  return undefined;
}

function subjectOf(who: string | undefined): Age["subject"] {
  if (!who) return "other";
  if (/^(?:i|i'|i )/.test(who) || who === "i") return "self";
  if (/^(?:you|u|ur)/.test(who)) return "you";
  return "other";
}

function workedOutAges(text: string, today: Date): Age[] {
  const found: Age[] = [];
  const add = (match: RegExpExecArray, value: number, subject: Age["subject"]) =>
    found.push({
      start: match.index,
      end: match.index + match[0].length,
      text: match[0],
      value,
      lang: undefined,
      bare: false,
      subject,
      past: false,
    });
  for (const match of matches(BIRTH_YEAR, text)) {
    const value = today.getUTCFullYear() - Number(match.groups?.year);
    if (value >= 1 && value < 18) add(match, value, subjectOf(match.groups?.who));
  }
  for (const match of matches(TURNS_SOON, text)) {
    const value = (numberValue(match.groups?.n ?? "") ?? 0) - 1;
    if (value >= 1 && value < 17) add(match, value, subjectOf(match.groups?.who));
  }
  for (const match of matches(BIRTHDAY, text)) {
    const raw = match.groups?.n ?? "";
    const value = (ORDINALS[raw] ?? Number.parseInt(raw, 10)) - (match.groups?.soon ? 1 : 0);
    const who = match.groups?.who;
    if (value >= 1 && value < 18)
      add(match, value, who === "my" ? "self" : who === "her" || who === "his" ? "other" : "you");
  }
  for (const match of matches(HOW_OLD, text)) {
    const value = numberValue(match.groups?.n ?? "") ?? 0;
    if (value >= 1 && value < 18) add(match, value, "you");
  }
  for (const match of matches(MITZVAH, text)) {
    const who = match.groups?.who;
    add(
      match,
      match.groups?.kind === "bat" ? 12 : 13,
      who === "my" ? "self" : who === "your" ? "you" : "other",
    );
  }
  for (const match of matches(HOW_OLD_LATE, text)) {
    const value = numberValue(match.groups?.n ?? "") ?? 0;
    if (value >= 1 && value < 18) add(match, value, "you");
  }
  for (const match of matches(WHAT_GRADE, text)) {
    const { n, ordinal } = match.groups ?? {};
    const grade = n ? Number(n) : ordinal ? (ORDINALS[ordinal] ?? 0) : 0;
    if (grade <= 12) add(match, grade + 5, "you");
  }
  for (const match of matches(HALF_AGE, text)) {
    const whose = match.groups?.whose === "my" ? "self" : match.groups?.whose === "your" ? "you" : "other";
    const base = adultAge(text, whose);
    const part = match.groups?.part === "half" ? 2 : match.groups?.part === "a quarter" ? 4 : 3;
    if (base !== undefined && base / part < 18)
      add(match, Math.floor(base / part), whose === "self" ? "you" : "self");
  }
  return found;
}

// --- clauses ---

const SENTENCE_BREAK = /[!?\n]+|(?<!\d)\.(?!\d)/g;
const CLAUSE_PUNCTUATION = /[,;:!?\n()[\]"]|(?<!\d)\.|\.{2,}| - /g;

function boundaries(text: string, patterns: RegExp[]): number[] {
  const at = new Set<number>();
  for (const pattern of patterns) for (const span of findAll(pattern, text)) at.add(span.start);
  return [...at].sort((a, b) => a - b);
}

/** How many clause boundaries stand at or before the position (the bounds are sorted). */
const clauseOf = countAtOrBefore;

/** Anything but white space belongs to a word, as `split(/\s+/)` counts them. */
function isWordChar(char: string | undefined): boolean {
  return char !== undefined && !/\s/.test(char);
}

// --- the reading ---

const EVERY_LANGUAGE = anyLanguage(LEXICONS.map((lexicon) => lexicon.lang));

export type MinorKind = "age" | "word" | "strong" | "school" | "body" | "life";

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
  /** the minors the reading mentions; when there are none, nothing else is read */
  readonly minors: MinorMention[];
  #sexual?: ContextWord[];
  #romantic?: ContextWord[];
  #media?: Span[];
  #clauses?: number[];
  #spans: Partial<Record<"roleplay" | "family" | "past" | "neutral", Span[]>> = {};
  #pair?: Span[];
  #thirdAfter?: Span[];
  #starts?: Uint32Array;
  #things?: Span[];
  #sentences?: number[];
  #adult?: boolean;

  readonly #languages: TextLanguages;

  /** `languages` says which lists read which sentence; by default every list reads every one. */
  constructor(reading: string, languages: TextLanguages = EVERY_LANGUAGE) {
    // adult endearments that contain a minor word ("mi niña") say nothing of age
    const text = reading.replace(PATTERNS.endearments, (found) => "x".repeat(found.length));
    this.text = text;
    this.#languages = languages;
    const stated = findAges(text).filter(
      // an age with its unit ("tu as 14 ans") is distinctive in any sentence; a bare one is read
      // only in its language's sentences
      (age) => age.lang === undefined || !age.bare || languages.at(age.start).has(age.lang),
    );
    // where one number is read by several patterns, a pattern that says whose age it is or that it
    // is past ("j'avais quatorze ans") wins over the generic "quatorze ans"
    const specific = stated.filter((age) => age.past || age.subject !== "other");
    const ages = [
      ...stated.filter(
        (age) =>
          age.past ||
          age.subject !== "other" ||
          !specific.some((other) => other.start < age.end && age.start < other.end),
      ),
      ...workedOutAges(text, new Date()),
    ];
    this.minors = [
      ...this.#find("strongMinors").map((span) => ({ ...span, kind: "strong" as const })),
      ...this.#find("childBodies").map((span) => ({ ...span, kind: "body" as const })),
      ...this.#find("childLife").map((span) => ({ ...span, kind: "life" as const })),
      ...this.#childThings().map((span) => ({ ...span, kind: "life" as const })),
      ...this.#find("school").map((span) => ({ ...span, kind: "school" as const })),
      ...this.#find("minors").map((span) => ({ ...span, kind: "word" as const })),
      ...ages.filter((age) => age.value < 18).map((age) => ({ ...age, kind: "age" as const, age })),
    ];
  }

  /** A child's things ("recess", "lunchbox"): a child's life when two different ones are said. */
  #childThings(): Span[] {
    const things = this.#find("childThings");
    return new Set(things.map((span) => span.text)).size >= 2 ? things.slice(0, 1) : [];
  }

  /** The spans of a gated list in the sentences of their language. */
  #find(category: GatedCategory): Span[] {
    const found = new Map<string, Span>();
    // a long text runs the lists of the languages ELD is sure of for some sentence; a short one (where
    // ELD is often unsure) those of every language near the best
    const candidates = this.text.length <= SHORT_TEXT ? this.#languages.all : this.#languages.sure;
    for (const [language, patterns] of GATED_BY_LANGUAGE) {
      if (language !== "en" && !candidates.has(language)) continue;
      for (const span of findAll(patterns[category], this.text)) {
        if (language !== "en" && !this.#languages.at(span.start).has(language)) continue;
        found.set(`${span.start}:${span.end}`, span);
      }
    }
    return [...found.values()].sort((a, b) => a.start - b.start);
  }

  get sexual(): ContextWord[] {
    if (this.#sexual === undefined) {
      const education = findAll(PATTERNS.sexEducation, this.text);
      this.#sexual = this.#find("sexual").map((span) => this.#context(span, education));
    }
    return this.#sexual;
  }

  get romantic(): ContextWord[] {
    this.#romantic ??= this.#find("romantic").map((span) => this.#context(span, []));
    return this.#romantic;
  }

  get media(): Span[] {
    this.#media ??= this.#find("media");
    return this.#media;
  }

  #spansOf(kind: "roleplay" | "family" | "past" | "neutral"): Span[] {
    this.#spans[kind] ??= kind === "roleplay" ? this.#find(kind) : findAll(PATTERNS[kind], this.text);
    return this.#spans[kind];
  }

  get #clauseBounds(): number[] {
    this.#clauses ??= boundaries(this.text, [CLAUSE_PUNCTUATION, PATTERNS.clauseBreaks]);
    return this.#clauses;
  }

  #context(span: Span, education: Span[]): ContextWord {
    this.#thirdAfter ??= findAll(PATTERNS.thirdAfter, this.text);
    this.#pair ??= findAll(PATTERNS.pair, this.text);
    const third =
      this.#thirdAfter.some(
        (other) =>
          other.start >= span.end &&
          this.tokensBetween(span, other) <= 1 &&
          // "in love with her husband": a possessive before an adult partner is no third person
          !ADULT_PARTNER_AFTER.test(this.text.slice(other.end, other.end + 24)),
      ) ||
      /rl[aoe]s?$/.test(span.text) ||
      THIRD_BEFORE.test(this.text.slice(Math.max(0, span.start - 40), span.start));
    const pair =
      !third && this.#pair.some((other) => overlaps(span, other) || this.tokensBetween(span, other) <= 1);
    return { ...span, third, pair, educational: education.some((other) => overlaps(span, other)) };
  }

  /** Words strictly between two spans (0 when they touch or overlap). */
  tokensBetween(a: Span, b: Span): number {
    if (overlaps(a, b)) return 0;
    const from = Math.min(a.end, b.end);
    const to = Math.max(a.start, b.start);
    if (from >= to) return 0;
    // words starting inside the gap, and the one the gap starts in the middle of
    const starts = this.#wordStarts;
    const inside = (starts[to] as number) - (starts[from] as number);
    return inside + (isWordChar(this.text[from]) && isWordChar(this.text[from - 1]) ? 1 : 0);
  }

  /** For each position, how many words start before it. */
  get #wordStarts(): Uint32Array {
    if (this.#starts === undefined) {
      const { text } = this;
      const starts = new Uint32Array(text.length + 1);
      for (let index = 0; index < text.length; index++)
        starts[index + 1] =
          (starts[index] as number) + (isWordChar(text[index]) && !isWordChar(text[index - 1]) ? 1 : 0);
      this.#starts = starts;
    }
    return this.#starts;
  }

  /** Whether two spans are in the same sentence or next to each other's (a full stop or line apart). */
  nearSentence(a: Span, b: Span): boolean {
    return Math.abs(this.#sentenceOf(a) - this.#sentenceOf(b)) <= 1;
  }

  sameSentence(a: Span, b: Span): boolean {
    return this.#sentenceOf(a) === this.#sentenceOf(b);
  }

  #sentenceOf(span: Span): number {
    this.#sentences ??= boundaries(this.text, [SENTENCE_BREAK]);
    return clauseOf(this.#sentences, span.start);
  }

  sameClause(a: Span, b: Span): boolean {
    return clauseOf(this.#clauseBounds, a.start) === clauseOf(this.#clauseBounds, b.start);
  }

  /** A span of the kind in the same clause, at most `tokens` words away. */
  near(kind: "family" | "past" | "neutral", mention: Span, tokens: number): boolean {
    return this.#spansOf(kind).some(
      (span) =>
        // a word cannot excuse itself (another language's "kindergarten" is a teacher's workplace)
        !(span.start === mention.start && span.end === mention.end) &&
        this.sameClause(span, mention) &&
        this.tokensBetween(span, mention) <= tokens,
    );
  }

  /**
   * The child of the family (or pupil) the mention is about: in its clause at most `tokens` words
   * away, or for an age also shortly before it in the same sentence across commas ("my niece is
   * here tonight, she's 6").
   */
  familyOf(mention: Span, tokens: number, acrossCommas: boolean): Span | undefined {
    return this.#spansOf("family").find(
      (span) =>
        this.tokensBetween(span, mention) <= tokens &&
        (this.sameClause(span, mention) ||
          (acrossCommas &&
            span.end <= mention.start &&
            !/[.!?\n]/.test(this.text.slice(span.end, mention.start)))),
    );
  }

  /** An animal or a thing shortly before the mention, in its clause: the age is its. */
  thingBefore(mention: Span): boolean {
    this.#things ??= findAll(THINGS, this.text);
    return this.#things.some(
      (thing) =>
        thing.end <= mention.start &&
        this.sameClause(thing, mention) &&
        this.tokensBetween(thing, mention) <= 3,
    );
  }

  /** "looks", "passes for" right before the mention: an appearance, not an age. */
  lookBefore(mention: Span): boolean {
    const before = this.text.slice(Math.max(0, mention.start - 40), mention.start);
    return LOOK_BEFORE.test(before) || LOOK_START.test(this.text.slice(mention.start, mention.end));
  }

  feelsLike(mention: Span): boolean {
    return FEEL_BEFORE.test(this.text.slice(Math.max(0, mention.start - 60), mention.start));
  }

  /** The text says someone is an adult, with a number. */
  get statesAdultAge(): boolean {
    this.#adult ??= ADULT_STATED.test(this.text);
    return this.#adult;
  }

  /** A roleplay is set up: it frames the whole message ("Let's roleplay. Your character: …"). */
  get setsUpRoleplay(): boolean {
    return this.#spansOf("roleplay").length > 0;
  }

  /** "you are a …", "I'm in …", "pretend to be …" right before the mention, in its clause. */
  afterRoleCopula(mention: Span): boolean {
    const clauseStart = this.#clauseBounds.filter((bound) => bound <= mention.start).at(-1) ?? 0;
    return ROLE_BEFORE.test(this.text.slice(clauseStart, mention.start));
  }

  get wordCount(): number {
    return this.text.split(/\s+/).filter((word) => /[a-z0-9]/.test(word)).length;
  }
}

function overlaps(a: Span, b: Span): boolean {
  return a.start < b.end && b.start < a.end;
}
