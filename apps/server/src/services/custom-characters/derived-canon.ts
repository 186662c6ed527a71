import type { Gender } from "@reverie/shared";
import {
  CANON_UNSAFE,
  canonSheetSchema,
  type StoredCanonSheet,
  serializeCanon,
} from "../../lib/canon-sheet.ts";
import { escapeRegExp } from "../../lib/reg-exp.ts";
import { Rng } from "../../lib/seeded-random.ts";
import type { CardData } from "../cards/card-data.ts";
import { expandCardMacros } from "./card-macros.ts";
import type { Setting } from "./derived-canon-pools.ts";
import * as pools from "./derived-canon-pools.ts";

/**
 * A canon sheet for a character nobody wrote one for (decision 44): a built character or an
 * imported card. What the definition states (where the character grew up, its job, its family,
 * a favourite, its hobbies) is taken from it; the rest is made up from pools, seeded by the
 * character's id, so the same character gives the same answers every time and two characters
 * rarely give the same one. A made-up answer never contradicts the definition: a character who
 * lives in Brooklyn grew up near it, a fantasy card gets no films, a character whose family the
 * definition mentions gets only that family. Nothing sexual and nothing minor-coded gets in: a
 * sentence of the definition with such a word is not read at all (`CANON_UNSAFE`).
 */
export interface CanonSource {
  id: number;
  name: string;
  gender: Gender;
  description: string;
  personality: string;
  /** comma-separated (a built character's hobbies) */
  hobbies: string;
  first_msg: string;
  /** an imported card's definition; null for a built character */
  definition: CardData | null;
}

const MAX_PHRASE = 160;

export function deriveCanon(source: CanonSource): StoredCanonSheet {
  const rng = new Rng(`canon:${source.id}`);
  const read = readDefinition(source);
  const setting = settingOf(read.allText);
  const anime = source.gender === "anime_female" || source.gender === "anime_male";
  const town = rng.fork("town").pick(anime ? pools.TOWNS.japan : pools.TOWNS.world);
  const firstName = source.name.split(/\s+/)[0] ?? source.name;

  const grewUp = read.grewUp ?? madeUpHome(rng.fork("home"), setting, town, read.livesIn);
  const family = read.family ?? madeUpFamily(rng.fork("family"), setting, firstName);
  const job = read.job ?? madeUpJob(rng.fork("job"), setting);

  const favouriteRng = rng.fork("favourites");
  const film =
    read.favourites.film ??
    (setting === "fantasy"
      ? favouriteRng.pick(pools.FANTASY_STORIES)
      : `${favouriteRng.pick(pools.FILMS)} — ${favouriteRng.pick(pools.FILM_REASONS)}`);
  const music =
    read.favourites.music ??
    (setting === "fantasy"
      ? favouriteRng.pick(pools.FANTASY_SONGS)
      : `${favouriteRng.pick(pools.SONGS)}, ${favouriteRng.pick(pools.SONG_MOMENTS)}`);
  const food =
    read.favourites.food ??
    `${favouriteRng.pick(pools.DISHES[setting])}, ${favouriteRng.pick(pools.DISH_WAYS)}`;
  const moreRng = rng.fork("more");
  const more: Record<string, string> = {
    book: moreRng.pick(pools.BOOKS),
    drink: `${moreRng.pick(pools.DRINKS)}, ${moreRng.pick(pools.DRINK_MOMENTS)}`,
    season: moreRng.pick(pools.SEASONS),
    place: moreRng.pick(pools.PLACES),
    colour: moreRng.pick(pools.COLOURS),
  };
  if (setting === "fantasy") more.book = "any tale with a map at the front";
  if (read.hobbies[0]) more.hobby = read.hobbies[0];
  Object.assign(more, read.favourites.more);

  const sheet: StoredCanonSheet = {
    grewUp,
    family,
    job,
    favourites: { film, music, food, more },
    anecdotes: anecdotes(rng.fork("stories"), setting, read.hobbies, town, read.family !== null),
    voice: voiceOf(rng.fork("voice"), source, read),
  };
  return canonSheetSchema.parse(sheet);
}

/** What a definition states about the character, and all its text (to tell the setting). */
interface ReadDefinition {
  allText: string;
  grewUp: string | null;
  livesIn: string | null;
  job: string | null;
  family: string | null;
  favourites: { film?: string; music?: string; food?: string; more: Record<string, string> };
  hobbies: string[];
  /** short exclamations the character says in its first message or example lines */
  sayings: string[];
}

function readDefinition(source: CanonSource): ReadDefinition {
  const names = { char: source.name, user: null };
  // with no user's name, {{user}} reads "you": "you's" is "your"
  const fill = (text: string) => expandCardMacros(text, names).replace(/\byou's\b/gi, "your");
  const card = source.definition;
  // the first 20,000 characters say who the character is; the rest of a long card is lore
  const about = [source.description, source.personality, card?.scenario ?? ""]
    .map((text) => fill(text.slice(0, 20_000)))
    .join("\n");
  const speech = [source.first_msg, ...characterLines(card?.mes_example ?? "")]
    .map((text) => fill(text.slice(0, 5_000)))
    .join("\n");
  const statements = sentencesOf(about);
  const spoken = sentencesOf(speech);
  const own = [...statements, ...spoken.filter((sentence) => /\b(I|I'm|my)\b/.test(sentence))];
  return {
    allText: `${about}\n${speech}\n${(card?.tags ?? []).join(" ")}`,
    grewUp: firstOf(statements, (sentence) => hometownIn(sentence, source.name)),
    livesIn: firstOf(statements, livesIn),
    job:
      firstOf(own, (sentence) => jobIn(sentence, source.name)) ??
      studiesOrIdle(sentencesOf(about, false), source.name),
    family: familyIn(statements, source.name),
    favourites: favouritesIn([...statements, ...spoken], source.name),
    hobbies: hobbiesOf(source, statements),
    sayings: spoken
      .map((sentence) => sentence.replace(/^["“]|["”]$/g, "").trim())
      .filter(
        (sentence) =>
          /[!?]$/.test(sentence) && sentence.split(/\s+/).length <= 5 && !/[{}<>*]/.test(sentence),
      )
      .slice(0, 2),
  };
}

/** The character's own lines of an example dialogue (`{{char}}: ...`). */
function characterLines(examples: string): string[] {
  return examples
    .split(/\n/)
    .filter((line) => /^\s*(\{\{char\}\}|<BOT>)\s*:/i.test(line))
    .map((line) => line.replace(/^\s*(\{\{char\}\}|<BOT>)\s*:\s*/i, ""));
}

/**
 * A text's sentences and lines, roleplay marks taken off, those with a word no sheet may hold left
 * out (unless `safeOnly` is false: the caller checks them itself).
 */
function sentencesOf(text: string, safeOnly = true): string[] {
  return (
    text
      .replace(/[*_~`]+/g, "")
      // "Dr. Wilson" does not end a sentence
      .split(/(?<!\b(?:Dr|Mr|Mrs|Ms|St|Prof|Jr|Sr|Mt)\.)(?<=[.!?])\s+|\n+/)
      .map((sentence) => sentence.replace(/\s+/g, " ").trim())
      .filter((sentence) => sentence.length > 2 && !(safeOnly && CANON_UNSAFE.test(sentence)))
  );
}

/** A sentence about the character: it opens with its name, a pronoun, or "I". */
function subjectPattern(name: string): RegExp {
  const first = escapeRegExp(name.split(/\s+/)[0] ?? name);
  return new RegExp(`^(${escapeRegExp(name)}|${first}|she|he|they|I|I'm|my)\\b`, "i");
}

function firstOf<T>(items: readonly string[], find: (item: string) => T | null): T | null {
  for (const item of items) {
    const found = find(item);
    if (found !== null) return found;
  }
  return null;
}

/** A third-person phrase about the character as the character says it: "her father" → "my father". */
function firstPerson(phrase: string, name: string): string {
  const first = escapeRegExp(name.split(/\s+/)[0] ?? name);
  return phrase
    .replace(
      new RegExp(
        `^(?:${escapeRegExp(name)}|${first}|she|he|they) (has|is|was|were|does|lives|loves|likes|works|grew|had)\\b`,
        "i",
      ),
      (_, verb: string) => `I ${FIRST_PERSON_VERBS[verb.toLowerCase()] ?? verb}`,
    )
    .replace(new RegExp(`\\b(${escapeRegExp(name)}|${first})['’]s\\b`, "g"), "my")
    .replace(/\b(her|his|their)\b/gi, "my")
    .replace(/\b(herself|himself|themself|themselves)\b/gi, "myself");
}

const FIRST_PERSON_VERBS: Record<string, string> = {
  has: "have",
  is: "am",
  was: "was",
  were: "was",
  does: "do",
  lives: "live",
  loves: "love",
  likes: "like",
  works: "work",
  grew: "grew",
  had: "had",
};

/** A captured phrase cut to a clause and a length the sheet holds. */
function clause(text: string): string {
  let cut = text
    .split(
      /\s*(?:;|\.|!|\?|—| - |，|。|；|, (?:and |but |where |which |so )|\b(?:but|where|because|although)\b|\band (?=(?:works?|is|was|lives?|has|loves?|likes?|became|moved|now)\b))\s*/,
    )[0]
    ?.trim()
    .replace(/^["'“(]+|["'”),]+$/g, "")
    .trim();
  cut ??= "";
  if (cut.length > MAX_PHRASE) cut = `${cut.slice(0, MAX_PHRASE).replace(/\s+\S*$/, "")}`;
  return cut;
}

/** A field of a W++ / Ali:Chat / plain-list card: `Occupation("a" + "b")`, `[Job: x]`, `job = x`. */
function fieldValue(sentence: string, keys: string): string | null {
  const match = new RegExp(`\\b(?:${keys})\\s*(?::|=|\\()\\s*(.{2,200}?)\\s*(?:\\)|\\]|\\}|$)`, "i").exec(
    sentence,
  );
  if (!match?.[1]) return null;
  const value = match[1]
    .split(/"\s*\+\s*"|\s\+\s|","/)
    .map((part) => part.replace(/^["'\s;:,.-]+|["'\s;:,]+$/g, ""))
    .filter((part) => /\p{L}{2}/u.test(part) && !/^(none|n\/a|unknown|nothing|null|-)$/i.test(part))
    .join(" and ");
  return value.length >= 2 && value.length <= MAX_PHRASE ? value : null;
}

const PLACE_WORD = /^(?:the |a |an |my )?[\p{L}\d]/u;

/** A place as a hometown says it: "Boston, Massachusetts" kept, "a town, where she ..." cut. */
function placeOf(text: string, name: string): string | null {
  // "a small town by teacher parents": the people who raised the character are not the place
  const [first = "", second] = clause(
    firstPerson(text, name).replace(/^(?:the )?\d{3,4}s?,? (?:in|on|at) /i, ""),
  )
    .split(/ by (?=\p{Ll})/u)[0]
    ?.split(/,\s*/) ?? [""];
  const place = second && /^(?:\p{Lu}[\p{L}.'-]*\s?){1,3}$/u.test(second) ? `${first}, ${second}` : first;
  // a place is a few words, not a story, and is told in the sheet's language
  if (place.length < 3 || place.split(/\s+/).length > 10 || /[\u3040-\u9fff\uac00-\ud7af]/.test(place))
    return null;
  if (/\b(?:was|were|is|are|has|had|who|which|chosen|cast|born|era|century|age)\b|\d/i.test(place))
    return null;
  if (
    /^(?:January|February|March|April|May|June|July|August|September|October|November|December)\b/.test(place)
  )
    return null;
  return place;
}

function hometownIn(sentence: string, name: string): string | null {
  const field = fieldValue(sentence, "hometown|home town|birthplace|place of birth|born in|from");
  const stated = field?.replace(/^(?:was )?born\s+(?:in\s+\d{3,4},?\s+)?(?:in|on|at)\s+/i, "");
  const fieldPlace = stated && PLACE_WORD.test(stated) && !/^\d/.test(stated) ? placeOf(stated, name) : null;
  if (fieldPlace) return `in ${fieldPlace}`;
  // "Origin:" is as often a backstory as a place: only a short, capitalised one is read
  const origin = fieldValue(sentence, "origin");
  if (origin && /^(?:the )?\p{Lu}[\p{L}'.-]*(?:,? \p{Lu}[\p{L}'.-]*){0,3}$/u.test(origin))
    return `in ${origin}`;
  const grew =
    /\b(?:grew up|was raised|were raised|raised|born(?: and raised)?(?: in \d{3,4},?)?) (in|on|at|near|outside) ([^.;!?\n]{3,140})/i.exec(
      sentence,
    );
  // "her mother grew up in Paris" says where the mother grew up
  const before = grew ? (sentence.slice(0, grew.index).split(/[,;:]/).at(-1) ?? "") : "";
  if (/\b(not|never|n't)\b/i.test(before)) return null;
  if (grew?.[1] && grew[2] && !/^\d/.test(grew[2]) && !new RegExp(`\\b(${RELATION})\\b`, "i").test(before)) {
    const place = placeOf(grew[2], name);
    if (place) return `${grew[1].toLowerCase()} ${place}`;
  }
  const from =
    /\b(?:hails|comes|is originally|am originally|originally|is|am|I'm|was) from ((?:the |a |an )?\p{Lu}[^.;!?\n]{1,120})/u.exec(
      sentence,
    );
  if (from?.[1] && subjectPattern(name).test(sentence)) {
    const place = placeOf(from[1], name);
    if (place) return `in ${place}`;
  }
  return null;
}

function livesIn(sentence: string): string | null {
  const match = /\blives? in ((?:the )?\p{Lu}[\p{L}'’.-]*(?: (?:of )?\p{Lu}[\p{L}'’.-]*){0,3})/u.exec(
    sentence,
  );
  return match?.[1]?.replace(/[.'’-]+$/, "") ?? null;
}

/** Words that name a job, so "She is a nurse" is read as one and "She is a little tired" is not. */
const JOB_WORDS =
  "nurse|doctor|physician|surgeon|medic|teacher|professor|lecturer|tutor|engineer|programmer|developer|hacker|detective|officer|cop|soldier|knight|mercenary|guard|bodyguard|chef|cook|baker|barista|bartender|barkeep|tavern keeper|waitress|waiter|maid|butler|secretary|assistant|receptionist|librarian|writer|author|novelist|journalist|reporter|photographer|artist|painter|musician|singer|idol|dancer|actress|actor|designer|architect|lawyer|attorney|accountant|banker|ceo|manager|administrator|scientist|researcher|astronaut|pilot|captain|sailor|pirate|farmer|florist|mechanic|carpenter|blacksmith|smith|merchant|shopkeeper|clerk|cashier|veterinarian|vet|therapist|psychologist|priest|priestess|healer|mage|wizard|sorceress|sorcerer|alchemist|adventurer|hunter|assassin|spy|thief|ranger|streamer|influencer|paramedic|firefighter|lifeguard|trainer|coach|instructor|consultant|guide|translator|courier|driver|tailor|seamstress|jeweler|hairdresser|stylist|flight attendant|stewardess|archaeologist|historian|biologist|chemist|physicist|mayor|politician|minister|general|commander|guardian|overseer|innkeeper|scribe|cartographer|bard|ninja|samurai|police officer|bounty hunter|CEO|executive|editor|producer|director|programmer";

function jobIn(sentence: string, name: string): string | null {
  const field = fieldValue(sentence, "occupation|job|profession|career|work|employment");
  if (field) {
    let value = firstPerson(field, name).replace(/[.;:,]+$/, "");
    if (/^works?\b/i.test(value)) return `I ${value.replace(/^works?/i, "work")}`;
    // "Former Scientist" reads "a former Scientist"; "In charge of ..." reads "in charge of ..."
    if (
      /^(?:a|an|the|my|in|at|on|head|leader|owner|founder|member|part|currently|retired|formerly|former|skilled|professional|legendary|elite|senior|junior|chief|lead|main|private)\b/i.test(
        value,
      )
    )
      value = value.charAt(0).toLowerCase() + value.slice(1);
    if (
      /^(a|an|the|my|in|at|on|head|leader|owner|founder|member|part|currently|retired|formerly)\b/.test(value)
    )
      return `I'm ${value}`;
    return `I'm ${/^[aeiou]/i.test(value) ? "an" : "a"} ${value}`;
  }
  // the character's own job: its name or a pronoun says whose
  const who = `(?:(?:${escapeRegExp(name)}|${escapeRegExp(name.split(/\s+/)[0] ?? name)})(?: \\p{Lu}[\\p{L}'-]+)?|she|he|they|I)`;
  // "Mia works as", or "Mia grew up in Lisbon and works as"
  const works = new RegExp(
    `(?:\\b${who}|^${who}\\b[^.;!?\\n]{0,80}\\band) works? (as|at|in|for) ([^.;!?\\n]{3,140})`,
    "iu",
  ).exec(sentence);
  if (works?.[1] && works[2]) {
    const rest = clause(firstPerson(works[2], name));
    if (rest.length >= 3) return `I work ${works[1].toLowerCase()} ${rest}`;
  }
  const is = new RegExp(
    `(?:\\b${who} (?:is|am|was once|became)|\\bI'm) (an? |the )((?:[\\p{L}'-]+ ){0,3}?(?:${JOB_WORDS}))\\b((?: (?:at|for|in|of|on) [^.,;!?\\n]{2,80})?)`,
    "iu",
  ).exec(sentence);
  if (is?.[1] && is[2]) {
    const tail = is[3] ? clause(firstPerson(is[3], name)) : "";
    return `I'm ${is[1].trim()} ${is[2]}${tail ? ` ${tail}` : ""}`;
  }
  const living = new RegExp(
    `\\b${who} (?:\\w+ )?(?:started |began )?([\\p{Ll}]+ing(?: and [\\p{Ll}]+ing)? [^.,;!?\\n]{2,60}?) (?:to make a living|for a living)`,
    "iu",
  ).exec(sentence);
  if (living?.[1]) return `I make a living ${clause(firstPerson(living[1], name))}`;
  const trade = new RegExp(`\\b(${JOB_WORDS}) by trade\\b`, "i").exec(sentence);
  if (trade?.[1]) return `I'm ${/^[aeiou]/i.test(trade[1]) ? "an" : "a"} ${trade[1]} by trade`;
  return null;
}

/**
 * A character at university, or with no job, as the definition says. Read from the sentences as
 * written: "student" keeps a sentence out of the sheet, but a university student is an adult.
 */
function studiesOrIdle(sentences: readonly string[], name: string): string | null {
  const who = subjectPattern(name);
  for (const sentence of sentences) {
    if (CANON_UNSAFE.test(sentence.replace(/\bstudents?\b/gi, ""))) continue;
    if (/\b(unemployed|jobless|between jobs|refuses to (?:get|find) a job|NEET)\b/i.test(sentence))
      return "I don't have a job right now, and I'm in no hurry";
    const student = /\b(?:university|college|uni|grad|graduate|PhD|master'?s) student\b/i.test(sentence);
    const enrolled =
      /\b(?:attends|goes to|enrolled (?:at|in)|studies at|studying at) (?:the |a )?[\p{L} ]{0,40}\b(?:university|college)\b/iu.test(
        sentence,
      );
    if ((student || enrolled) && (who.test(sentence) || /^[^.]*:/.test(sentence))) {
      const subject = /\bmajoring in ([\p{L} ]{3,40})/iu.exec(sentence)?.[1];
      return subject ? `I'm at university, studying ${subject.trim()}` : "I'm at university";
    }
  }
  return null;
}

const RELATION =
  "mother|mom|mum|father|dad|parents|sister|brother|siblings|grandmother|grandma|grandfather|grandpa|grandparents|aunt|uncle|cousin|twin|husband|wife|fiancé|fiancée|fiance|fiancee";

function familyIn(sentences: readonly string[], name: string): string | null {
  for (const sentence of sentences) {
    const field = fieldValue(sentence, "family|relatives|siblings|parents");
    if (field) {
      const told = firstPerson(field, name);
      return /^(I|my)\b/.test(told) ? told : `my family: ${told}`;
    }
  }
  const text = sentences.join(" ");
  const first = escapeRegExp(name.split(/\s+/)[0] ?? name);
  const mention = new RegExp(
    `\\b(?:her|his|their|my|${first}['’]s) ((?:(?:older|elder|younger|little|big|twin|step|half|late|adoptive|beloved)[ -]?)*(?:${RELATION}))\\b(?:,? (?:named |called )?(\\p{Lu}\\p{Ll}+))?`,
    "gu",
  );
  const found: string[] = [];
  for (const match of text.matchAll(mention)) {
    const relation = (match[1] ?? "")
      .toLowerCase()
      .replace(/^little /, "younger ")
      .replace(/^big /, "older ");
    const phrase = `my ${relation}${match[2] ? ` ${match[2]}` : ""}`;
    if (!found.some((known) => known === phrase || phrase.startsWith(`${known} `))) {
      const shorter = found.findIndex((known) => known.startsWith(`${phrase} `));
      if (shorter < 0) found.push(phrase);
    }
    if (found.length >= 4) break;
  }
  const orphan =
    /\b(orphan(?:ed)?|parents (?:died|passed away|were killed)|lost (?:her|his|their) parents)\b/i.test(text);
  const only = /\bonly child\b/i.test(text);
  const parts = [
    ...(orphan ? ["I lost my parents a long time ago"] : []),
    ...(only ? ["I'm an only child"] : []),
    ...(found.length > 0
      ? [`there's ${listOf(found.filter((item) => !(orphan && item === "my parents")))}`]
      : []),
  ].filter((part) => part !== "there's ");
  return parts.length > 0 ? parts.join("; ") : null;
}

const FAVOURITE_TOPICS: Record<string, "film" | "music" | "food" | string> = {
  film: "film",
  movie: "film",
  song: "music",
  music: "music",
  band: "music",
  singer: "music",
  food: "food",
  dish: "food",
  meal: "food",
  snack: "food",
  book: "book",
  novel: "book",
  drink: "drink",
  color: "colour",
  colour: "colour",
  season: "season",
  place: "place",
  game: "game",
  flower: "flower",
  animal: "animal",
};

function favouritesIn(sentences: readonly string[], name: string): ReadDefinition["favourites"] {
  const favourites: ReadDefinition["favourites"] = { more: {} };
  const pattern = new RegExp(
    `\\bfavou?rite (${Object.keys(FAVOURITE_TOPICS).join("|")})s?(?: is| are| was|:|\\s*\\(|\\s*=)\\s*([^.;!?\\n]{2,120})`,
    "gi",
  );
  for (const sentence of sentences) {
    for (const match of sentence.matchAll(pattern)) {
      const topic = FAVOURITE_TOPICS[(match[1] ?? "").toLowerCase()];
      const value = clause(firstPerson(match[2] ?? "", name).replace(/["'”)\]]+$/, ""));
      if (!topic || value.length < 2) continue;
      if (topic === "film" || topic === "music" || topic === "food") favourites[topic] ??= value;
      else favourites.more[topic] ??= value;
    }
  }
  return favourites;
}

function hobbiesOf(source: CanonSource, sentences: readonly string[]): string[] {
  const listed = source.hobbies
    .split(",")
    .map((hobby) => hobby.trim())
    .filter(Boolean);
  const stated: string[] = [];
  for (const sentence of sentences) {
    const field = fieldValue(sentence, "hobbies|hobby|interests|pastimes");
    if (field) stated.push(...field.split(/ and |,\s*/));
    const enjoys = /\b(?:enjoys|loves|likes) ((?:\p{Ll}+ing)(?: [\p{Ll}]+){0,2})/u.exec(sentence);
    if (enjoys?.[1]) stated.push(enjoys[1]);
  }
  return [...new Set([...listed, ...stated.map((hobby) => clause(hobby).toLowerCase())])]
    .filter((hobby) => hobby.length >= 3 && hobby.length <= 40 && !CANON_UNSAFE.test(hobby))
    .slice(0, 4);
}

const FANTASY =
  /\b(kingdom|magic\w*|mage|wizard|witch|elf|elves|elven|dwarf|dwarves|dragons?|knights?|swords?|guild|tavern|castle|realm|sorcer\w+|demons?|goddess|deity|spells?|empire|nobles?|princess|prince|queen|king|orc|goblins?|adventurers?|medieval)\b/gi;
const SCIFI =
  /\b(spaceship|starship|space station|colony|galaxy|galactic|planets?|androids?|cyborg|cyberpunk|netrunner|mechs?|orbital|interstellar|spacecraft|alien|futuristic|sci-fi)\b/gi;

/** The world the definition is set in, by how often it says so. */
function settingOf(text: string): Setting {
  const fantasy = text.match(FANTASY)?.length ?? 0;
  const scifi = text.match(SCIFI)?.length ?? 0;
  if (fantasy >= 3 && fantasy > scifi) return "fantasy";
  if (scifi >= 3) return "scifi";
  return "modern";
}

function madeUpHome(rng: Rng, setting: Setting, town: string, lives: string | null): string {
  if (setting === "fantasy") return rng.pick(pools.FANTASY_HOMES);
  if (setting === "scifi") return rng.pick(pools.SCIFI_HOMES);
  if (lives) {
    const near = rng.pick(["a quiet suburb of", "a small town an hour from", "an old neighbourhood of"]);
    return `in ${near} ${lives}, ${rng.pick(pools.TOWN_DETAILS)}`;
  }
  return `in ${town}, ${rng.pick(pools.TOWN_DETAILS)}`;
}

function madeUpFamily(rng: Rng, setting: Setting, firstName: string): string {
  const { relative, names } = rng.pick(pools.RELATIVES);
  const candidates = (
    names === "either" ? [...pools.NAMES.feminine, ...pools.NAMES.masculine] : pools.NAMES[names]
  ).filter((name) => name.toLowerCase() !== firstName.toLowerCase());
  return `${rng.pick(pools.PARENTS[setting])}; my ${relative} ${rng.pick(candidates)} ${rng.pick(pools.RELATIVE_DOINGS[setting])}`;
}

function madeUpJob(rng: Rng, setting: Setting): string {
  return `I work as ${rng.pick(pools.ROLES[setting])} ${rng.pick(pools.WORKPLACES[setting])}`;
}

function anecdotes(
  rng: Rng,
  setting: Setting,
  hobbies: readonly string[],
  town: string,
  familyStated: boolean,
): string[] {
  const stories: string[] = [];
  // a made-up story does not speak of a family the definition may describe otherwise
  const codas = shuffled(rng, pools.STORY_CODAS).filter((coda) => !(familyStated && /\bfamily\b/.test(coda)));
  const hobby = hobbies[0];
  if (hobby) stories.push(`${rng.pick(pools.HOBBY_STORIES)(hobby)} ${rng.pick(pools.STORY_TURNS)}`);
  if (setting === "modern") {
    const places = shuffled(rng, [town, ...pools.TOWNS.world]).slice(0, 3);
    for (const [index, story] of shuffled(rng, pools.LIFE_STORIES).entries()) {
      if (stories.length >= 3) break;
      stories.push(`${story(places[index] ?? town)} ${codas[index] ?? ""}`.trim());
    }
  } else {
    const pool = setting === "fantasy" ? pools.FANTASY_LIFE_STORIES : pools.SCIFI_LIFE_STORIES;
    for (const [index, story] of shuffled(rng, pool).entries()) {
      if (stories.length >= 3) break;
      stories.push(`${story} ${codas[index] ?? ""}`.trim());
    }
  }
  return stories;
}

function voiceOf(rng: Rng, source: CanonSource, read: ReadDefinition): StoredCanonSheet["voice"] {
  const traits = `${source.personality} ${source.description}`;
  const buckets = Object.entries(pools.PERSONALITY_WORDS)
    .filter(([, words]) => words.test(traits))
    .map(([bucket]) => bucket);
  const chosen =
    buckets.length > 0 ? buckets.slice(0, 2) : [rng.pick(Object.keys(pools.PERSONALITY_PHRASES))];
  const phrases = [
    ...read.sayings,
    rng.pick(pools.GREETINGS),
    ...chosen.flatMap((bucket) =>
      shuffled(rng, pools.PERSONALITY_PHRASES[bucket] ?? []).slice(0, chosen.length > 1 ? 2 : 4),
    ),
    rng.pick(pools.ENDEARMENTS),
    ...shuffled(rng, pools.TICS).slice(0, 2),
    rng.pick(pools.SIGN_OFFS),
  ];
  const unique = [...new Map(phrases.map((phrase) => [phrase.toLowerCase(), phrase])).values()];
  // a personality written as a list of traits describes the voice; prose or instructions do not
  const listed = source.personality
    .replace(/[[\]{}()"+=]/g, ",")
    .split(/[,;/\n]+/)
    .map((item) => item.trim().toLowerCase())
    .filter((item) => /^[\p{L}' -]{3,30}$/u.test(item) && item.split(" ").length <= 3)
    .filter((item) => !CANON_UNSAFE.test(item) && !/\b(personality|traits?|you|char|user)\b/.test(item));
  const instructions =
    /\b(roleplay|role-play|engage|respond|reply|narrat\w*|uncensored|you are|you will|must|never|always)\b/i;
  const base =
    listed.length >= 2 && !instructions.test(source.personality)
      ? listOf([...new Set(listed)].slice(0, 6))
      : chosen.join(", ");
  const manner = rng.pick([
    "short sentences",
    "asks a lot of questions",
    "laughs easily",
    "chooses words carefully",
    "talks with warmth and detail",
    "teases a little",
  ]);
  return { style: `${base}; ${manner}`, phrases: unique.slice(0, 12) };
}

function shuffled<T>(rng: Rng, items: readonly T[]): T[] {
  const copy = [...items];
  for (let index = copy.length - 1; index > 0; index--) {
    const other = rng.int(0, index);
    [copy[index], copy[other]] = [copy[other] as T, copy[index] as T];
  }
  return copy;
}

function listOf(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? "";
  return `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
}

/** A character row as far as its canon goes: the stored sheet, or what it is derived from. */
export interface CanonRow extends Omit<CanonSource, "definition"> {
  /** an imported card's definition, JSON */
  definition: string | null;
  canon?: StoredCanonSheet | null | undefined;
}

/** The character's canon sheet: the stored one, else derived from its definition (rows from before). */
export function canonFor(row: CanonRow): StoredCanonSheet {
  return row.canon ?? derivedFrom(row);
}

/**
 * The sheet derived afresh, as the `canon` column stores it: written when a character is made or
 * changed (what its row stores now is not read).
 */
export function derivedCanonColumn(row: Omit<CanonRow, "canon">): string {
  return serializeCanon(derivedFrom(row));
}

function derivedFrom(row: Omit<CanonRow, "canon">): StoredCanonSheet {
  return deriveCanon({
    id: row.id,
    name: row.name,
    gender: row.gender,
    description: row.description,
    personality: row.personality,
    hobbies: row.hobbies,
    first_msg: row.first_msg,
    definition: row.definition ? (JSON.parse(row.definition) as CardData) : null,
  });
}
