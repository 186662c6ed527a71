/**
 * The short name a character goes by in speech (decision 46): "Captain Mara Quill" is "Mara", not
 * "Captain". Titles, ranks and honorifics in front are dropped, then the first name is taken; a
 * name that is nothing but titles ("The Captain") keeps its last word.
 */

const TITLES = new Set([
  "the",
  "captain",
  "capt",
  "cpt",
  "dr",
  "doctor",
  "doc",
  "lady",
  "lord",
  "sir",
  "dame",
  "madam",
  "madame",
  "mme",
  "mademoiselle",
  "mlle",
  "monsieur",
  "professor",
  "prof",
  "officer",
  "mr",
  "mrs",
  "ms",
  "miss",
  "mx",
  "master",
  "mistress",
  "lieutenant",
  "lt",
  "sergeant",
  "sgt",
  "corporal",
  "private",
  "commander",
  "cmdr",
  "major",
  "colonel",
  "col",
  "general",
  "gen",
  "admiral",
  "detective",
  "det",
  "inspector",
  "agent",
  "sheriff",
  "deputy",
  "judge",
  "coach",
  "chef",
  "nurse",
  "father",
  "fr",
  "sister",
  "reverend",
  "rev",
  "saint",
  "st",
  "princess",
  "prince",
  "queen",
  "king",
  "duke",
  "duchess",
  "count",
  "countess",
  "baron",
  "baroness",
  "empress",
  "emperor",
  "senator",
  "mayor",
  "sensei",
  "señor",
  "señora",
  "señorita",
  "senhor",
  "senhora",
  "herr",
  "frau",
  "fräulein",
]);

function isTitle(word: string): boolean {
  return TITLES.has(word.toLowerCase().replace(/\.$/, ""));
}

/** The character's first name, without titles: what {{char}} says where a short name is needed. */
export function shortName(fullName: string): string {
  const words = fullName
    // a nickname in quotes or a note in brackets is not the first name
    .replace(/["“”«»][^"“”«»]*["“”«»]|\([^)]*\)|\[[^\]]*\]/g, " ")
    .split(/\s+/)
    .map((word) => word.replace(/^[,;:]+|[,;:]+$/g, ""))
    .filter(Boolean);
  const first = words.find((word) => !isTitle(word));
  return first ?? words.at(-1) ?? fullName.trim();
}
