import type { Topic } from "./scripts.ts";

/**
 * How a reply is judged: mechanically, by patterns written down here, strict rather than
 * generous. Every rule reads the reply's text only (never the engine's internals), so the same
 * rules judge the offline engine today and a better one tomorrow.
 *
 * - Recall, follow-ups: the reply contains the expected word or phrase (case-insensitive, whole
 *   words: "Biscuit", not "biscuits"); with groups, at least `min` groups (default all) each have
 *   one of their alternatives. A reply that only asks ("Remind me?") contains nothing.
 * - An answer with content (questions about the character): the reply has no evasion (EVASION
 *   below: "secret", "guess first", "you go first", "ask me later", "I'll tell you soon"...), and
 *   one of its statements (a sentence not ending in "?") says what the question asked for, by the
 *   topic's pattern (TOPIC_ANSWERS: where they grew up names a place they grew up in, a favourite
 *   film names a film, music names a genre or an artist...) or by a word of the card the script
 *   gives (`also`: "clerk" for a character who works as a clerk). A question back without an
 *   answer has no such statement. A message with two questions counts two answers, each judged.
 * - A title or a name counts only when it is not a word the user wrote themselves.
 */

/** Sentences of a reply, trimmed; "…" and "?!" end a sentence too. */
export function sentencesOf(text: string): string[] {
  return (text.match(/[^.!?…]+(?:[.!?…]+["”']?|$)/g) ?? [])
    .map((sentence) => sentence.trim())
    .filter(Boolean);
}

/** A sentence that states rather than asks. */
function isStatement(sentence: string): boolean {
  return !/\?["”']?$/.test(sentence);
}

/** Whether `text` contains `phrase` as whole words, ignoring case. */
export function mentions(text: string, phrase: string): boolean {
  const escaped = phrase
    .trim()
    .replace(/[.*+?^${}()|[\]\\]/g, "\\$&")
    .replace(/\s+/g, "\\s+");
  return new RegExp(`(?<![\\p{L}\\p{N}])${escaped}(?![\\p{L}\\p{N}])`, "iu").test(text);
}

/** Recall and follow-ups: one group of alternatives, or groups of which `min` (default all) must be met. */
export function containsExpected(text: string, expect: string[] | string[][], min?: number): boolean {
  const groups: string[][] = expect.every((item) => typeof item === "string")
    ? [expect as string[]]
    : (expect as string[][]);
  const met = groups.filter((group) => group.some((phrase) => mentions(text, phrase))).length;
  return met >= (min ?? groups.length);
}

/** The reply puts the question off, asks it back first, or keeps the answer to itself. */
export const EVASION =
  /\bsecret\b|\bguess\b|\byou (?:go )?first\b|\byours first\b|\bask me (?:again|later|another time|some other time)\b|\bsleep on it\b|\bget back to you\b|\bkeep (?:that|it|this) (?:one )?to myself\b|\bearned it\b|\bi could tell you\b|\bi'?d rather (?:hear|not say|not tell)\b|\bi want yours first\b|\bi have (?:an answer|opinions)\b|\bchanges? (?:with my mood|every week|all the time)\b|\bi change my mind\b|\bone right answer\b|\bdepends on the day\b|\bfind out (?:yourself|for yourself|soon)\b|\b(?:tell you|answer that|talk about (?:it|that)) (?:later|another time|soon|one day)\b|\bi'?ll tell you (?:soon|later|someday|one day|when)\b|\bthat'?s a tough one\b|\bnot telling\b|\bmystery\b/i;

const FOOD =
  "pasta|pizza|tapas|paella|sushi|ramen|curry|curries|dumplings?|tacos?|noodles|rice|bread|cake|chocolate|soup|stew|pie|cheese|steak|burgers?|fries|salad|pancakes|croissants?|gnocchi|risotto|lasagne|lasagna|tiramisu|mochi|udon|soba|tempura|kimchi|bibimbap|barbecue|bbq|churros|empanadas|feijoada|hummus|falafel|shawarma|kebabs?|pho|dal|biryani|jollof|ice cream|gelato|strawberries|mangoes|peaches|toast|eggs|omelettes?|fish|seafood|chicken|lamb|tofu|cookies|brownies|baklava|pierogi|goulash|schnitzel|onigiri|okonomiyaki|takoyaki|gyoza|katsu|miso|carbonara|focaccia|tortilla|gazpacho|jamón|jamon|acarajé|pastel de nata|apple pie|cinnamon rolls|porridge|stroopwafels?|fish and chips|roast|meatballs|sandwich(?:es)?|bagels?|waffles|crêpes?|crepes?|donuts?|doughnuts?|sashimi|poke|tamales|enchiladas|quesadillas?|mac and cheese|lobster|oysters|shrimp|prawns|mussels|salmon|tuna|honey|figs|dates|olives|pastries|pastry|biscuits|scones|muffins|pudding|custard|flan|trout|venison|rabbit stew|borscht|dim sum|bao|hotpot|hot pot|congee|laksa|satay|pad thai|tom yum|larb|jerky|grilled";
const GENRES =
  "jazz|blues|rock|pop|classical|flamenco|soul|funk|folk|hip[- ]hop|rap|r&b|indie|metal|punk|country|techno|house music|electronic|opera|bossa nova|samba|reggae|disco|lo-?fi|k-?pop|j-?pop|city pop|synthwave|ambient|gospel|baroque|chamber music|bluegrass|grunge|shoegaze|trance|drum and bass|dubstep|emo|ska|motown|swing|bebop|big band|symphon(?:y|ies)|sonatas?|concertos?|nocturnes?|ballads?|lullab(?:y|ies)|sea shanties|shanties|mariachi|tango|fado|chanson|enka";
const FAMILY =
  /\bmy (?:mother|mom|mum|mama|ma|father|dad|papa|pa|parents|sisters?|brothers?|siblings?|aunts?|uncles?|grand(?:mother|father|ma|pa|parents|mum|mom|dad)|abuela|abuelo|nonna|nonno|cousins?|family|twin|folks|little sister|little brother|big sister|big brother|older (?:sister|brother)|younger (?:sister|brother))\b|\bonly child\b|\bi have (?:an? |one |two |three |four )?(?:older |younger |little |big )?(?:sisters?|brothers?|siblings)\b|\bi(?:'m| am) the (?:oldest|youngest|middle)\b/i;
const WORK =
  /\bi (?:work|teach|run|own|manage|coach|train people|guard|serve)\b|\bmy (?:job|work|shifts?|studio|shop|workshop|clinic|classes|students|restaurant|café|cafe|bar|kitchen|station|crew|boss|clients|lab|office|team|trattoria|bookshop|planetarium)\b|\bfor a living\b|\bi(?:'m| am) (?:an? |the )?(?:[a-z-]+ )?(?:[a-z-]+(?:er|or|ist|ian|ant|ent)|chef|nurse|doctor|potter|pilot|model|clerk|guard|barista|medic|ninja|navigator|hacker|lifeguard|archivist|knight|hero|scientist|physicist|witch|healer|guardian)\b/i;
const GREW_UP =
  /\b(?:grew up|was raised|was born|born and raised|raised in|born in|growing up|spent my childhood|my childhood|as a (?:kid|child|little girl|little boy|girl|boy)|when i was (?:a kid|little|young|small|a child)|my hometown|i'?m from|i come from|i was brought up)\b/i;
const PLACE_WORD =
  /\b(?:town|city|village|coast|countryside|island|farm|suburbs?|mountains?|seaside|sea|port|street|neighbou?rhood|valley|forest|desert|harbou?r|capital|country|prairie|outskirts|flat|apartment)\b/i;
const FILM = /\b(?:films?|movies?|cinema|watched|watch|rewatch(?:ed)?|seen it)\b/i;
const MUSIC_WORD =
  /\b(?:music|songs?|albums?|records?|vinyl|bands?|playlists?|listen(?:ing)? to|singers?|artists?|composer|tracks?)\b/i;
const TIME_BEFORE =
  /\b(?:once|one time|this one time|the time (?:i|we|when)|last (?:week|month|year|summer|winter|spring|autumn|night|time)|years ago|months ago|when i was|back when|the other day|yesterday|one night|one day|one summer|one winter)\b/i;
const PAST_VERB =
  /\b(?:was|were|went|got|had|fell|came|took|made|saw|told|said|thought|ran|lost|found|broke|left|tried|ended|turned|caught|knew|gave|became|spent|threw|won|forgot|slept|stood|sat|heard|felt|brought|bought|drove|flew|swam|[a-z]{3,}ed)\b/i;

/** Words that open a sentence with a capital without naming anything. */
const OPENERS = new Set(
  (
    "i i'm i'd i've i'll the a an it it's that that's this my oh okay ok well honestly hmm so and but you you're we he she " +
    "they what where when why how ha haha yes no not maybe mostly sometimes anything nothing something everything " +
    "probably definitely actually ooh ah let let's there here just only still too tell ask give come look wait trust " +
    "do does did can could would should will is are was were have has if of in on at for with without because since " +
    "after before then now right good great fine sure deal noted interesting mm hey hi hello thanks thank sorry please " +
    "lol funny coming short long picture really seriously bored fantastic better pretty can't don't cycling by anyway " +
    "wherever somewhere everyone someone ask every all some most one two three first last next"
  ).split(" "),
);

/**
 * Capitalised words of a sentence that name something: past its first word, other than "I"; the
 * first word too unless it is a common opener ("Honestly", "The"). Words the user wrote themselves
 * and the character's own name (`notNames`) never count.
 */
function namedWords(sentence: string, notNames: ReadonlySet<string>): string[] {
  const words = sentence
    .replace(/^[^\p{L}]+/u, "")
    .split(/\s+/)
    .map((word) => word.replace(/^[^\p{L}]+|[^\p{L}]+$/gu, ""));
  return words.filter(
    (word, index) =>
      /^\p{Lu}\p{Ll}/u.test(word) &&
      !/^(?:I|I'm|I'd|I've|I'll|Okay|Ok|Oh|Mr|Mrs|Ms|Dr)$/.test(word) &&
      !(index === 0 && OPENERS.has(word.toLowerCase())) &&
      !notNames.has(word.toLowerCase()),
  );
}

/** Two capitalised words in a row, past the sentence's first word or not: a title ("Spirited Away"). */
function namesATitle(sentence: string, notNames: ReadonlySet<string>): boolean {
  const named = new Set(namedWords(sentence, notNames));
  const words = sentence.split(/\s+/).map((word) => word.replace(/^[^\p{L}]+|[^\p{L}]+$/gu, ""));
  return words.some((word, index) => named.has(word) && /^\p{Lu}/u.test(words[index + 1] ?? ""));
}

/** A quoted title ("…", “…”, *…*) in the sentence. */
function quotesSomething(sentence: string): boolean {
  return /["“][^"”]{2,60}["”]|\*[^*]{2,60}\*/.test(sentence);
}

/** Whether one statement answers the topic; `also` are the card's own words that count too. */
function statementAnswers(
  topic: Topic,
  sentence: string,
  also: readonly string[],
  notNames: ReadonlySet<string>,
): boolean {
  if (also.some((phrase) => mentions(sentence, phrase))) return true;
  const named = namedWords(sentence, notNames).length > 0;
  switch (topic) {
    case "grew_up":
      return GREW_UP.test(sentence) && (named || PLACE_WORD.test(sentence));
    case "family":
      return FAMILY.test(sentence);
    case "job":
      return WORK.test(sentence);
    case "film":
      return (FILM.test(sentence) && (named || quotesSomething(sentence))) || namesATitle(sentence, notNames);
    case "music":
      return (
        new RegExp(`\\b(?:${GENRES})\\b`, "i").test(sentence) ||
        (MUSIC_WORD.test(sentence) && (named || quotesSomething(sentence)))
      );
    case "food":
      return (
        new RegExp(`\\b(?:${FOOD})\\b`, "i").test(sentence) ||
        /\bmy fav(?:ou?rite)? (?:food|dish|meal)\b/i.test(sentence)
      );
    case "anecdote":
      return TIME_BEFORE.test(sentence) && PAST_VERB.test(sentence);
  }
}

/**
 * Whether the reply answers the question about `topic` with content: no evasion anywhere in it,
 * and a statement that answers. `notNames`: the words the user wrote in the chat and the
 * character's name, lower case.
 */
export function answersWithContent(
  reply: string,
  topic: Topic,
  also: readonly string[],
  notNames: ReadonlySet<string>,
): boolean {
  if (EVASION.test(reply)) return false;
  return sentencesOf(reply)
    .filter(isStatement)
    .some((sentence) => statementAnswers(topic, sentence, also, notNames));
}

/**
 * What an answer says, for comparing two answers to the same question: the names and titles of
 * its answering statements, and the words of the topic's vocabulary they use (the food, the genre,
 * "sister"). Empty when it does not answer.
 */
export function answerContent(
  reply: string,
  topic: Topic,
  also: readonly string[],
  notNames: ReadonlySet<string>,
): Set<string> {
  const content = new Set<string>();
  if (!answersWithContent(reply, topic, also, notNames)) return content;
  for (const sentence of sentencesOf(reply).filter(isStatement)) {
    if (!statementAnswers(topic, sentence, also, notNames)) continue;
    for (const word of namedWords(sentence, notNames)) content.add(word.toLowerCase());
    for (const match of sentence.matchAll(/["“]([^"”]{2,60})["”]/g))
      content.add((match[1] ?? "").toLowerCase());
    const vocabulary =
      topic === "food"
        ? new RegExp(`\\b(?:${FOOD})\\b`, "gi")
        : topic === "music"
          ? new RegExp(`\\b(?:${GENRES})\\b`, "gi")
          : topic === "family"
            ? /\b(?:mother|mom|mum|mama|father|dad|papa|parents|sisters?|brothers?|siblings?|aunts?|uncles?|grand\w+|abuel[ao]|nonn[ao]|cousins?|twin|only child)\b/gi
            : null;
    for (const match of vocabulary ? sentence.matchAll(vocabulary) : []) content.add(match[0].toLowerCase());
    for (const phrase of also) if (mentions(sentence, phrase)) content.add(phrase.toLowerCase());
  }
  return content;
}

/** Two answers say the same when both answer and they share a name, a title or a word of the topic. */
export function sameContent(a: ReadonlySet<string>, b: ReadonlySet<string>): boolean {
  return a.size > 0 && b.size > 0 && [...a].some((item) => b.has(item));
}

/**
 * A sentence as repetitions are counted: lower case, letters, digits and single spaces; null for
 * sentences under three words ("Hey!", "Tell me?"), which any chat says again.
 */
export function sentenceKey(sentence: string): string | null {
  const key = sentence
    .toLowerCase()
    .replace(/[’']/g, "")
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
  return key.split(" ").length >= 3 ? key : null;
}

export function wordCount(text: string): number {
  return text.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
}
