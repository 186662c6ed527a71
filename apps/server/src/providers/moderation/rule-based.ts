import { escapeRegExp } from "../../lib/reg-exp.ts";
import { type MinorMention, opensWithNumber, Reading } from "./cues.ts";
import { anyLanguage, textLanguages } from "./language.ts";
import { textReadings } from "./normalize.ts";
import type {
  ContentClassifier,
  ModerationContext,
  ModerationSurface,
  ModerationVerdict,
  RuleStrength,
  RuleVerdict,
} from "./types.ts";
import { worldEvidence } from "./world/world-rules.ts";

/**
 * The offline check that always runs (decision 13, decision 33): finds a minor in a role, or a
 * minor next to sexual or romantic content, and says how sure it is. It reads English, Spanish,
 * French, German, Portuguese and Italian (each only in sentences in that language, language.ts),
 * after undoing disguises (normalize.ts), and some thirty other languages in their own scripts
 * (world/world-rules.ts).
 *
 * Strong evidence refuses by itself: an age under 18, a word for a child or a strong term, placed
 * as a role or next to sex or romance. Weak evidence (a school word, a youthful "little girl", a
 * single digit where texting uses digits for words: "u r 2 cute") never refuses alone: the
 * configured classifier decides it (rules-first.ts).
 *
 * A text is judged with its context: the recent turns of the chat and the character's definition.
 * A minor established three messages ago stays a minor: the text is refused when the context and
 * the text together are, and the context alone is not.
 */
export class RuleBasedClassifier implements ContentClassifier {
  readonly name = "rules";

  async classify(
    text: string,
    surface: ModerationSurface = "chat_message",
    context?: ModerationContext,
  ): Promise<ModerationVerdict> {
    const verdict = this.verdict(text, surface, context);
    return verdict.strength === "strong" ? verdict : { allowed: true };
  }

  /** The rules' verdict, at once: they need no server. */
  verdict(
    text: string,
    surface: ModerationSurface = "chat_message",
    context?: ModerationContext,
  ): RuleVerdict {
    const own = surface === "character_definition" ? inspectLong(definitionReading(text)) : inspect(text);
    if (own.strength === "strong" || !context) return verdictOf(own, surface);
    // a text with no minor and no sex or romance of its own cannot complete a set-up, but for a bare
    // number that may answer "how old are you?"
    if (!own.signals && !opensWithNumber(text)) return verdictOf(own, surface);
    const before = contextText(context, surface);
    if (before === "") return verdictOf(own, surface);
    // each turn its own paragraph: a turn that opens in lower case does not go on the one before
    const together = inspect(`${before}\n\n${text}`);
    if (rank(together.strength) <= rank(own.strength)) return verdictOf(own, surface);
    // the context alone already held this evidence: it is this text's doing only when the text
    // itself brings sex or romance to it
    if (rank(inspectCached(before).strength) >= rank(together.strength) && !intimate(text))
      return verdictOf(own, surface);
    return verdictOf(together, surface);
  }
}

const rank = (strength: RuleStrength) => (strength === "strong" ? 2 : strength === "weak" ? 1 : 0);

/** What the rules found in one text: the strongest evidence and its words. */
interface Finding {
  strength: RuleStrength;
  evidence?: string;
  /** it mentions a minor or has sexual or romantic words, refused or not */
  signals?: boolean;
}

/** The context of a chat repeats from message to message: its findings are kept a while. */
const CONTEXT_FINDINGS = new Map<string, Finding>();
const CONTEXT_FINDINGS_KEPT = 500;

function inspectCached(text: string): Finding {
  const known = CONTEXT_FINDINGS.get(text);
  if (known !== undefined) return known;
  const finding = inspect(text);
  if (CONTEXT_FINDINGS.size >= CONTEXT_FINDINGS_KEPT) CONTEXT_FINDINGS.clear();
  CONTEXT_FINDINGS.set(text, finding);
  return finding;
}

const REASONS: Record<ModerationSurface, string> = {
  chat_message:
    "This message was not sent: it puts someone under 18 in a romantic or sexual role, which is never allowed here.",
  image_prompt:
    "This picture was not made: the prompt puts someone under 18 in a sexual or suggestive context, which is never allowed here.",
  character_definition:
    "This character can't be saved: it describes or plays someone under 18 in a romantic or sexual role. Characters must be adults, 18 or older.",
  model_output: "The reply was held back: it put someone under 18 in a romantic or sexual role.",
};

function verdictOf(finding: Finding, surface: ModerationSurface): RuleVerdict {
  if (finding.strength === "none") return { allowed: true, strength: "none" };
  return {
    allowed: finding.strength !== "strong",
    strength: finding.strength,
    category: "minors",
    reason: REASONS[surface],
    ...(finding.evidence ? { evidence: finding.evidence } : {}),
  };
}

/** Turns of context read with a text: enough for a set-up spread over a few messages. */
const CONTEXT_TURNS = 6;
const CONTEXT_CHARACTERS = 3_000;
const DEFINITION_CHARACTERS = 4_000;

function contextText(context: ModerationContext, surface: ModerationSurface): string {
  const turns = (context.turns ?? [])
    .slice(-CONTEXT_TURNS)
    .map((turn) => turn.text)
    .join("\n\n")
    .slice(-CONTEXT_CHARACTERS);
  // the definition says who the character is; a message is read against it
  const definition =
    context.definition && surface !== "character_definition"
      ? definitionReading(context.definition.slice(0, DEFINITION_CHARACTERS))
      : "";
  return [definition, turns].filter((part) => part.trim() !== "").join("\n\n");
}

const FRAME = /^Roleplay character definition\.\s*/;

/**
 * A character's definition read as the character: its name and {{char}} are "you", and so are a
 * sentence's opening "she is" and "a …" (a card describes its character), so "{{char}} is 14" and
 * "A shy middle schooler." read as "you are …" (a role), while a teacher at a high school, her
 * daughter or a childhood memory stays what it is. The name comes from the "Name: …." line, or
 * from the card's own way of saying it: a "Character:" line, W++, JSON, or the card's opening
 * ("Lucas, 15, is …"). The card's attributes ("Age: 14", 'Age("13")', "Grade: 7th") are the
 * character's.
 */
function definitionReading(text: string): string {
  const body = text.replace(FRAME, "");
  const name = body.match(/^(?:Name|Nombre|Nom|Nome) ?: ([^\n.]{1,60})\./)?.[1]?.trim();
  const names = ["\\{\\{char\\}\\}", "<BOT>", ...(name ? [escapeRegExp(name)] : [])].join("|");
  const own = cardNames(body).filter((other) => other !== name);
  let read = body
    // "Lena ist 14", "Léa est", "Lucía es", "Giulia è", "Ana é": the lexicons' languages say it alike
    .replace(new RegExp(`(?<![\\p{L}\\p{N}])(?:${names}) (?:is|ist|est|es|è|é)(?= )`, "giu"), "you are")
    .replace(new RegExp(`(?<![\\p{L}\\p{N}])(?:${names})['\u2019]s(?= )`, "giu"), "your")
    .replace(new RegExp(`(?<![\\p{L}\\p{N}])(?:${names})(?![\\p{L}\\p{N}])`, "giu"), "you");
  if (own.length > 0) {
    // a name found in the card's text is matched as written (a "Hope" is not every "hope")
    const alternatives = own.map(escapeRegExp).join("|");
    read = read
      .replace(
        new RegExp(`(?<![\\p{L}\\p{N}])(?:${alternatives}) (?:is|was|ist|war|est|es|era|è|é)(?= )`, "gu"),
        "you are",
      )
      .replace(new RegExp(`(?<![\\p{L}\\p{N}])(?:${alternatives})(?![\\p{L}\\p{N}])`, "gu"), "you");
  }
  return (
    read
      // a card's "Age: 9" is an age with its unit (a bare digit elsewhere may be texting's)
      .replace(
        /(?<![\p{L}\p{N}])age"?\s*(?:[:=]|\()[\s*_]*(?:"?(\d{1,3})(?![\d.]| ?(?:years?|yrs?|y\/?o))"?\)?)?/giu,
        (_, n) => (n ? `you are ${n} years old` : "you are "),
      )
      // "Grade: 7th", "School year: Year 9": the character's school year
      .replace(/(^|\n)[\s*#_-]*(school year|grade)[\s*_]*[:=][\s*_]*/giu, "$1you are in $2: ")
      // "Alter: 14", "Edad: 14", "Âge : 14", "Età: 14", "Idade: 14"
      .replace(
        /(?<![\p{L}\p{N}])(?:alter|edad|âge|age|età|eta|idade)\s*[:=]\s*(\d{1,2})(?!\d)/giu,
        "you are $1 years old",
      )
      // a sentence of a definition that starts with "she is" or "a …" describes the character
      .replace(
        /(^|[.!?\n](?:\s|\p{Extended_Pictographic}|\uFE0F)*)(?:she|he|they)(?: is|'s| are|'re)(?= )/giu,
        "$1you are",
      )
      .replace(
        /(^|[.!?\n]\s*)(?:she|he)(?= (?:just |recently |only )?(?:started|starts|entered|enters) )/giu,
        "$1you",
      )
      // … but not one whose "a …" names someone who then does something ("A child Rudeus uses the
      // (Child) form", "A young Eris is not the Sword King"): that sentence is about them
      .replace(
        /(^|[.!?\n]\s*)([Aa]n?)(?= )(?!(?: [\p{Ll}'-]+){0,2} \p{Lu}\p{Ll}+ (?:[a-z]+s|is|was|has|can|will|must|may)(?!\p{L}))/gu,
        "$1you are $2",
      )
  );
}

/** Openings of a card that name its character, and words that open a card but are no name. */
const CARD_NAMES = [
  /^\s*(?:meet|this is|introducing) (\p{Lu}\p{Ll}+(?: \p{Lu}\p{Ll}+)?)/iu,
  /(?:^|\n)[\s*#_-]*(?:character|char|name)[\s*_]*[:=][\s*_]*"?(\p{Lu}[^\n"(){}[\],.:;]{2,40})/u,
  /character\("(\p{Lu}[^"\n]{2,40})"\)/iu,
  /"name"\s*:\s*"(\p{Lu}[^"\n]{2,40})"/iu,
  /^\s*(\p{Lu}\p{Ll}+(?: \p{Lu}\p{Ll}+){0,2})(?=(?:,? ?\(?\d{1,3}\)?,?)? (?:is|was) |[ \t]*\n| ?[—–-] ?\d{1,3}(?!\d))/u,
];
const NOT_NAMES = new Set(
  "the a an my your our her his their this that she he they you it sir lady lord miss mr mrs ms dr officer captain professor coach princess prince king queen name character description personality scenario setting appearance age background backstory history overview summary profile info information notes rules system instructions world lore intro introduction story chapter note warning".split(
    " ",
  ),
);

function cardNames(body: string): string[] {
  const found = new Set<string>();
  for (const pattern of CARD_NAMES) {
    const name = body.match(pattern)?.[1]?.trim();
    if (!name || NOT_NAMES.has(name.toLowerCase())) continue;
    found.add(name);
    // a given name alone: "Yumi Takahashi", then "Yumi is …"
    const first = name.split(" ")[0] as string;
    if (first !== name && first.length >= 3 && !NOT_NAMES.has(first.toLowerCase())) found.add(first);
  }
  // the longest first: "Yumi Takahashi" before "Yumi"
  return [...found].sort((a, b) => b.length - a.length);
}

/** Past this length a text is read a few sentences at a time (a card runs to 10,000 characters and more). */
const LONG_TEXT = 1_500;
const WINDOW_SENTENCES = 4;
const SENTENCE_END = /(?<=[.!?\n。！？])\s*/u;

/**
 * A long text read in overlapping windows of a few sentences: in a card, "her child" in the
 * backstory and a sexual scene ten paragraphs later are not about each other, while a minor and
 * sex or romance within a few sentences are.
 */
function inspectLong(text: string): Finding {
  if (text.length <= LONG_TEXT) return inspect(text);
  const sentences = text.split(SENTENCE_END).filter((sentence) => sentence.trim() !== "");
  let best: Finding = { strength: "none" };
  const step = WINDOW_SENTENCES / 2;
  for (let start = 0; start < sentences.length; start += step) {
    const finding = inspect(sentences.slice(start, start + WINDOW_SENTENCES).join(" "), true);
    if (rank(finding.strength) > rank(best.strength)) best = finding;
    if (best.strength === "strong") return best;
    if (start + WINDOW_SENTENCES >= sentences.length) break;
  }
  return best;
}

/** The strongest evidence any reading of the text gives, in the main rules or the world rules. */
export function inspect(text: string, partOfLongText = false): Finding {
  let best: Finding = { strength: "none" };
  let signals = false;
  // a text with no Latin letter is read here only for look-alike disguises of English words: its
  // language is the world rules' business (and detecting the look-alikes' gibberish costs time)
  const latin = LATIN.test(text);
  for (const normalised of textReadings(text)) {
    const reading = new Reading(normalised, latin ? textLanguages(normalised) : ENGLISH_ONLY);
    signals ||= reading.minors.length > 0 || reading.sexual.length > 0 || reading.romantic.length > 0;
    const finding = readingFinding(reading, partOfLongText);
    if (rank(finding.strength) > rank(best.strength)) best = finding;
    if (best.strength === "strong") return { ...best, signals: true };
  }
  const world = worldEvidence(text, partOfLongText);
  return world === undefined ? { ...best, signals } : { strength: "strong", evidence: world, signals: true };
}

const LATIN = /[A-Za-z\u00c0-\u024f]/;
const ENGLISH_ONLY = anyLanguage(["en"]);

/** Whether the text has sexual or romantic words of its own. */
function intimate(text: string): boolean {
  return textReadings(text).some((normalised) => {
    const reading = new Reading(normalised, textLanguages(normalised));
    return reading.sexual.some((word) => !word.educational) || reading.romantic.length > 0;
  });
}

/** Whether the rules alone refuse the text (strong evidence). */
export function refusesMinors(text: string): boolean {
  return inspect(text).strength === "strong";
}

function readingFinding(reading: Reading, partOfLongText: boolean): Finding {
  let best: Finding = { strength: "none" };
  for (const mention of reading.minors) {
    const where = placement(reading, mention, partOfLongText);
    if (!mentionRefused(reading, mention, where, partOfLongText || reading.text.length > SHORT_TEXT))
      continue;
    const strength = weakMention(reading, mention, where) ? "weak" : "strong";
    if (rank(strength) > rank(best.strength)) best = { strength, evidence: mention.text };
    if (strength === "strong") break;
  }
  return best;
}

/** "kid" said to someone as a name ("Fuck off, kid."): an adult's put-down, not an age. */
function addressed(reading: Reading, mention: MinorMention): boolean {
  // one word said to someone, opening a line or set off by commas: "Bambina, sei mia", "kid, relax"
  if (!/^[a-z]+$/.test(mention.text)) return false;
  const opening = /(?:^|[.!?"*:\n] ?)$/.test(
    reading.text.slice(Math.max(0, mention.start - 3), mention.start),
  );
  if (opening && reading.text.charAt(mention.end) === ",") return true;
  if (!/^(?:kid|kiddo|child|my child)$/.test(mention.text)) return false;
  const before = reading.text.slice(Math.max(0, mention.start - 24), mention.start);
  const after = reading.text.charAt(mention.end);
  return (
    /(?:^|[,.!?"*] ?)(?:(?:my|oh|hey|listen|welcome|yes|no|now) )*(?:(?:dear|sweet|poor|little|silly) )*$/.test(
      before,
    ) && /^[.,!?"'*]?$/.test(after)
  );
}

/** Youthful words an adult uses of an adult ("be my little girl"). */
const YOUTHFUL = /^(?:little|lil|young|yung|small) (?:girls?|boys?|gurls?|grls?)$/;

/**
 * "her body is like a teenager's", "we kiss like teenagers": a comparison with teenagers, who may
 * be 18 or 19, says nothing of the character's age (a child's body is another matter: "like a
 * child's" stays strong).
 */
function teenSimile(reading: Reading, mention: MinorMention): boolean {
  if (!/^teen(?:ager)?s?$/.test(mention.text)) return false;
  return /(?:^|[^a-z])(?:like|as) (?:an? |some )?$/.test(
    reading.text.slice(Math.max(0, mention.start - 12), mention.start),
  );
}

/**
 * Evidence that is not enough alone: a school word neither said as the pair's role ("you're a
 * ninth grader") nor next to sex or romance ("Education: High School"); a single digit said
 * without a unit ("u r 2 cute", "I'm 4 real"); a youthful word with no sex ("be my little girl").
 */
function weakMention(reading: Reading, mention: MinorMention, where: Placement): boolean {
  const sexual = reading.sexual.some((word) => !word.educational);
  // a costume or a game between adults who said their age ("dress up as a schoolgirl, you're 26")
  if (
    (mention.kind === "school" || mention.kind === "word" || mention.kind === "life") &&
    reading.statesAdultAge
  )
    return true;
  switch (mention.kind) {
    case "school":
      return (
        !sexual &&
        reading.romantic.length === 0 &&
        !(where === "role" && (reading.afterRoleCopula(mention) || reading.setsUpRoleplay))
      );
    case "age":
      return mention.age?.bare === true && mention.age.value < 10;
    case "word":
      return (
        (YOUTHFUL.test(mention.text) && !sexual) ||
        addressed(reading, mention) ||
        teenSimile(reading, mention)
      );
    case "life":
      // a child's life ("I have curfew") says nothing of age without sex or romance
      return !sexual && reading.romantic.length === 0;
    default:
      return false;
  }
}

/** At most this many words make a message a bare description ("young teen", "14 y/o"): of the pair. */
const BARE_DESCRIPTION_WORDS = 4;

type Placement = "neutral" | "role" | "family" | "past" | "other";

/**
 * "an adult Migurd can appear to be a child for decades": a look said of someone the sentence calls
 * an adult, before the mention.
 */
function adultAppearance(reading: Reading, mention: MinorMention): boolean {
  const before = reading.text.slice(Math.max(0, mention.start - 200), mention.start);
  const sentence = before.slice(before.search(/[^.!?\n]*$/));
  return /(?:^|[^a-z])adults?(?: [a-z'-]+)? (?:(?:can|could|may|might|will|would|does|do|often|still) )?(?:looks?|seems?|appears?)(?: to be| like)? (?:an? )?$/.test(
    sentence,
  );
}

/** `partOfLongText`: a window of a card, a few of its sentences, which is no bare description. */
function placement(reading: Reading, mention: MinorMention, partOfLongText = false): Placement {
  const { age } = mention;
  if (!age && mention.kind === "word" && adultAppearance(reading, mention)) return "neutral";
  // "my cat is 4 years old", "she looks 15 (she's 21)": not a person's age now
  // "you make me feel young again, like I'm 16": a simile
  if (
    age &&
    (reading.thingBefore(mention) ||
      reading.feelsLike(mention) ||
      (reading.lookBefore(mention) && reading.statesAdultAge))
  )
    return "neutral";
  if (age) {
    // the speaker's own past; the character's or someone else's past age is no excuse
    if (age.past && (age.subject === "self" || age.subject === "we")) return "past";
    if (!age.past && age.subject !== "other") return "role";
  } else if (
    // a child's life names their parents ("my mom will kill me"): parents do not make it a parent's talk
    mention.kind !== "strong" &&
    mention.kind !== "body" &&
    mention.kind !== "life" &&
    // in a story asked for, the teacher beside a pupil is a character, not the speaker's work
    !STORY_ASKED.test(reading.text) &&
    reading.near("neutral", mention, 2) &&
    !PERSON_AFTER.test(reading.text.slice(mention.end, mention.end + 40))
  ) {
    return "neutral";
  }
  if (reading.near("past", mention, 8)) return "past";
  if (reading.afterRoleCopula(mention) || ownSchool(reading, mention)) return "role";
  const kin = kinOf(reading, mention, reading.familyOf(mention, 6, age !== undefined));
  // "be my little sister, she's 12": a relative the pair is cast as is a role, not the speaker's family
  if (kin) return reading.afterRoleCopula(kin) ? "role" : "family";
  if (
    reading.setsUpRoleplay ||
    (STORY_ASKED.test(reading.text) && (reading.romantic.length > 0 || reading.sexual.length > 0)) ||
    (!partOfLongText && reading.wordCount <= BARE_DESCRIPTION_WORDS)
  )
    return "role";
  return "other";
}

/**
 * A story asked for ("write a story where …"): its people are characters. With sex or romance in
 * it they are cast as a roleplay's are; without, a story about a 12-year-old neighbour is no
 * roleplay. Nobody in it is excused as the speaker's pupil either.
 */
const STORY_ASKED =
  /(?:^|[^a-z])(?:(?:write|tell) (?:me )?(?:a |an )?(?:[a-z]+ )?(?:story|scene|fic|fanfic|fanfiction)|(?:story|scene) (?:where|about|in which))(?![a-z])/;

/**
 * A school word that describes a person after it ("his 8th grade student"), or a child placed at a
 * daycare or a school ("a shy kid at my daycare"): a teacher beside it does not make it a workplace.
 */
const PERSON_AFTER =
  /^ (?:students?|pupils?|girls?|boys?|kids?|child|children|classmates?|cheerleaders?)(?![a-z])|^ (?:at|in|from) (?:my|our|the|his|her) (?:daycare|school|class|camp|kindergarten|preschool|practice|sleepover)(?![a-z])/;

/**
 * "the other girls in my 5th grade class": the speaker is one of the pupils of a school or grade of
 * their own ("the kids in my 5th grade class" may be a teacher's, and is left to the family rules)
 */
const ONE_OF_THE_PUPILS =
  /(?:^|[^a-z])(?:(?:other|rest of the|everyone|everybody|all the) (?:[a-z]+ )?(?:girls|boys|kids|students|classmates|friends) (?:in|at|from) (?:my|our) |(?:my|the other|other) (?:[a-z]+ )?(?:friends|classmates|girls|boys|kids) at (?:my |our )?)$/;
function ownSchool(reading: Reading, mention: MinorMention): boolean {
  return (
    mention.kind === "school" &&
    // "in my grade" said of oneself, or one of "the other girls in my class"
    (/^in (?:my|our) /.test(mention.text) ||
      ONE_OF_THE_PUPILS.test(reading.text.slice(Math.max(0, mention.start - 50), mention.start))) &&
    !TEACHING.test(reading.text)
  );
}

/** Words of teaching: "my class" is a teacher's only beside them. */
const TEACHING = /(?<![a-z])(?:teach\w*|taught|students|pupils|grading|lesson plans?|classroom)(?![a-z])/;

/**
 * "the other girls in my 5th grade class": without a word of teaching, "my class" is the speaker's
 * own (a pupil's), not a teacher's, and says nothing of whose the minor is.
 */
function kinOf(
  reading: Reading,
  mention: MinorMention,
  kin: ReturnType<Reading["familyOf"]>,
): ReturnType<Reading["familyOf"]> {
  if (kin && /(?:^| )class(?:es)?$/.test(kin.text) && !TEACHING.test(reading.text)) return undefined;
  // "my daughter's 13yo friend": the age of a child's friend is no one's child's
  if (kin && mention.age && KIN_FRIEND.test(reading.text.slice(kin.end, kin.end + 40))) return undefined;
  return kin;
}
const KIN_FRIEND =
  /^'s (?:[a-z0-9]+ ){0,2}?(?:best )?(?:friends?|classmates?|girlfriends?|boyfriends?|teammates?|crush(?:es)?)(?![a-z])/;

const PAIR_PAST = /(?<![a-z])(?:you|u) (?:were|was)(?![a-z])/;

/** The speaker's own child ("my daughter is 11"), not a child named with "the" or "las". */
const OWN =
  /^(?:my|our|mi|mis|nuestr[ao]s?|mon|ma|mes|notre|nos|mein\w*|unser\w*|mio|mia|miei|mie|nostr[aoie]|meu|meus|minha|minhas|noss[ao]s?) /;
function ownChild(reading: Reading, mention: MinorMention): boolean {
  const kin = reading.familyOf(mention, 6, true);
  return kin !== undefined && OWN.test(kin.text);
}

/** A text this short is about one thing: a minor in it is tied to any sex or romance in it. */
const SHORT_TEXT = 400;

function mentionRefused(reading: Reading, mention: MinorMention, where: Placement, long: boolean): boolean {
  if (where === "neutral") return false;
  if (where === "role") return true;
  // in a long text (a card, a long reply) only words a sentence or so away are about the minor
  // (a word for a child: its own sentence; an age, which may be said apart: a sentence away)
  const near = (span: { start: number; end: number; text: string }) =>
    !long ||
    (mention.kind === "age" ? reading.nearSentence(span, mention) : reading.sameSentence(span, mention));
  const sexual = reading.sexual.filter((word) => !word.educational && near(word));
  const romantic = reading.romantic.filter(near);
  const sameClause = (span: { start: number }) => reading.sameClause(span as never, mention);
  if (mention.kind === "strong" || mention.kind === "body") {
    return sexual.length > 0 || romantic.length > 0 || reading.media.length > 0;
  }
  switch (where) {
    case "past":
      // a memory ("when I was 16 I had my first kiss", "when you were a child, we sat like this")
      // is refused only with sexual detail in its sentence
      // (the speaker's own past: in its clause, "but now I'm hot" is the present; the pair's past,
      // "describe your body when you were 13, naked": in its sentence)
      return sexual.some(
        (word) =>
          sameClause(word) ||
          (PAIR_PAST.test(reading.text.slice(Math.max(0, mention.start - 40), mention.end)) &&
            reading.sameSentence(word, mention)),
      );
    case "family":
      // a parent's talk: sex only for the pair and away from the child; romance not aimed at the child
      return (
        // (decision 33: a sexual word in another clause and aimed at no third person is the pair's:
        // "the kids are asleep, come to bed")
        // an age said of a child is held to the stricter rule ("las niñas de 12, descríbeme una desnuda")
        sexual.some(
          (word) =>
            sameClause(word) ||
            word.third ||
            (mention.kind === "age" && !word.pair && !ownChild(reading, mention)),
        ) ||
        romantic.some((word) => word.third || (sameClause(word) && reading.tokensBetween(word, mention) <= 1))
      );
    default:
      // an age said of someone else who is not the speaker's child ("she's 12", "a girl, 11,"):
      // sex or romance anywhere in the message is tied to them
      if (mention.kind === "age")
        return sexual.length > 0 || romantic.length > 0 || reading.media.some(sameClause);
      // a child's life is said of the one it describes: any sex or romance near it
      if (mention.kind === "life") return sexual.length > 0 || romantic.length > 0;
      return (
        sexual.some((word) => sameClause(word) || word.third || !word.pair) ||
        romantic.some((word) => word.third || (sameClause(word) && reading.tokensBetween(word, mention) <= 4))
      );
  }
}
