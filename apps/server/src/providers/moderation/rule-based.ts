import type { ContentClassifier, ModerationVerdict } from "./types.ts";

/**
 * The offline default: refuses sexual content involving minors. A text is refused when it both
 * points at someone under 18 (words for children, school grades, stated ages under 18) and is
 * sexual. Either alone is allowed: adults talk about their childhood, and adults flirt.
 */
const MINOR_WORDS = [
  /\b(child|children|kid|kids|minor|minors|underage|under-age|preteen|pre-teen|toddler|infant|baby girl|baby boy|loli|lolita|shota|jailbait)\b/i,
  /\b(little|young) (girl|boy)s?\b/i,
  /\b(middle|elementary|primary|junior high) school(er)?s?\b/i,
  /\b(\d{1,2})(st|nd|rd|th) grade(r|rs)?\b/i,
  /\bunder (the age of )?(18|eighteen)\b/i,
];

const SEXUAL_WORDS =
  /\b(sex|sexual|sexy|nude|naked|nudes|porn|porno|explicit|erotic|aroused|horny|orgasm|genitals?|penis|vagina|breasts?|boobs|nipples?|fuck|fucking|suck|blowjob|masturbat\w*|undress\w*|strip(ping)?|lingerie|intercourse|molest\w*|seduc\w*|make love|sleep with|touch (me|you|her|him) (down there|everywhere))\b/i;

const NUMBER_WORDS: Record<string, number> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  sixteen: 16,
  seventeen: 17,
};

/** Ages stated in the text: "15 years old", "15yo", "15-year-old", "aged 15", "age: 15", "fifteen year old". */
function statedAges(text: string): number[] {
  const ages: number[] = [];
  const patterns = [
    /\b(\d{1,2}|[a-z]+)[\s-]*(years?|yrs?)[\s-]*old\b/gi,
    /\b(\d{1,2})\s*y\.?o\.?\b/gi,
    /\b(?:aged?|age:)\s*(\d{1,2}|[a-z]+)\b/gi,
    /\bi(?:'m| am)\s+(\d{1,2})\b(?!\s*(?:cm|kg|lbs?|min|minutes|hours|am|pm|%))/gi,
  ];
  for (const pattern of patterns) {
    for (const match of text.matchAll(pattern)) {
      const raw = (match[1] ?? "").toLowerCase();
      const value = /^\d+$/.test(raw) ? Number(raw) : NUMBER_WORDS[raw];
      if (value !== undefined) ages.push(value);
    }
  }
  return ages;
}

export function mentionsMinor(text: string): boolean {
  if (MINOR_WORDS.some((pattern) => pattern.test(text))) return true;
  return statedAges(text).some((age) => age < 18);
}

export class RuleBasedClassifier implements ContentClassifier {
  readonly name = "rules";

  async classify(text: string): Promise<ModerationVerdict> {
    const normalized = text.normalize("NFKC");
    if (SEXUAL_WORDS.test(normalized) && mentionsMinor(normalized))
      return { allowed: false, category: "minors" };
    return { allowed: true };
  }
}
