import { z } from "zod";

/**
 * The stored form of a character's canon sheet (decision 44), the `canon` JSON column of
 * `characters`. It has the shape of `CanonSheet` in providers/llm/types.ts; it lives here, in
 * neutral ground, because the seed and the repositories (which may not import providers) write
 * and read it.
 */
const text = z.string().trim().min(1).max(400);

export const canonSheetSchema = z.object({
  grewUp: text,
  family: text,
  job: text,
  favourites: z.object({
    film: text,
    music: text,
    food: text,
    more: z.record(z.string().trim().min(1).max(40), text).optional(),
  }),
  anecdotes: z.array(z.string().trim().min(1).max(600)).min(1).max(8),
  voice: z.object({
    style: text,
    phrases: z.array(z.string().trim().min(1).max(80)).max(24),
  }),
});

export type StoredCanonSheet = z.infer<typeof canonSheetSchema>;

/** Sheets read lately, by their stored text: every reply reads its character's, rarely changed. */
const parsedSheets = new Map<string, StoredCanonSheet | null>();
const PARSED_SHEETS_KEPT = 256;

/** The sheet stored in a row, or null when the row has none or what it holds is not a sheet. */
export function parseStoredCanon(value: string | null | undefined): StoredCanonSheet | null {
  if (!value) return null;
  const known = parsedSheets.get(value);
  if (known !== undefined) return known;
  let sheet: StoredCanonSheet | null = null;
  try {
    const parsed = canonSheetSchema.safeParse(JSON.parse(value));
    if (parsed.success) sheet = Object.freeze(parsed.data);
  } catch {
    sheet = null;
  }
  if (parsedSheets.size >= PARSED_SHEETS_KEPT) parsedSheets.clear();
  parsedSheets.set(value, sheet);
  return sheet;
}

/** The JSON stored in the `canon` column; throws when the sheet is not valid. */
export function serializeCanon(sheet: StoredCanonSheet): string {
  return JSON.stringify(canonSheetSchema.parse(sheet));
}

/**
 * Words no canon sheet may hold: anything sexual, and anything that makes a character or its
 * past read as a minor (the sheet speaks of the character's adult life only). The derivation
 * drops a sentence of a definition that has one; the seed's tests hold the written sheets to it.
 */
export const CANON_UNSAFE =
  /\b(sex|sexy|sexual\w*|nude|nudity|naked|nsfw|porn\w*|explicit|fetish\w*|orgasm\w*|breasts?|boobs?|nipples?|genitals?|penis|vagina|erotic\w*|lingerie|stripp\w*|strip club|strip clubs|brothel\w*|escort|escorts|prostitut\w*|hooker\w*|onlyfans|gigolo\w*|sneaky link|hook-?ups?|camgirl\w*|horny|aroused|arousal|xxx|bdsm|kinky|seduc\w*|undress\w*|bedroom|in bed|lust\w*|cock|pussy|slut\w*|whore\w*|teen|teens|teenage|teenager|teenagers|minor|minors|underage|under-age|child|children|childhood|kid|kids|schoolgirl|schoolboy|school uniform|high school|middle school|highschool|elementary school|loli|lolita|shota|jailbait|young girl|young boy|little girl|little boy|preteen|juvenile|adolescent|student|pupil|freshman|sophomore|(?:1[0-7]|[1-9]) ?(?:years? old|yo|y\/o)|(?:when|since) (?:she|he|I|they) (?:was|were) (?:1[0-7]|[1-9]|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen)|at (?:the )?(?:age of )?(?:1[0-7]|thirteen|fourteen|fifteen|sixteen|seventeen))\b/i;
