import type { ComponentStatus } from "../../lib/health-check.ts";
import type { Bond, Line, Persona, Scene, Tone } from "./persona-lines.ts";
import * as lines from "./persona-lines.ts";
import type { CharacterCard, ChatTurn, LlmProvider, ReplyRequest } from "./types.ts";
import {
  type MessageFacts,
  normalize,
  readMessage,
  readUserFacts,
  toSecondPerson,
  type UserFacts,
} from "./user-facts.ts";

/**
 * The offline default LLM provider: no model, no network. It answers in the character's voice
 * from the card (name, tagline, personality, hobbies, relationship), remembers what the user said
 * in the chat (name, likes, job, place, pets, mood) and brings it back, and is honest when asked
 * whether it is an AI. Replies are drawn from line pools with a seeded PRNG, so the same seed and
 * history always give the same reply, and it never repeats its previous reply word for word.
 */
export class PersonaEngine implements LlmProvider {
  readonly name = "persona";
  readonly #chunkDelayMs: number;

  /** `chunkDelayMs`: pause between streamed word groups (0 = as fast as the consumer reads). */
  constructor(options: { chunkDelayMs?: number } = {}) {
    this.#chunkDelayMs = options.chunkDelayMs ?? 0;
  }

  /** The whole reply at once: what `streamReply` streams. */
  reply(request: ReplyRequest): string {
    return composeReply(request);
  }

  async *streamReply(request: ReplyRequest): AsyncIterable<string> {
    const { signal } = request;
    signal?.throwIfAborted();
    const text = composeReply(request);
    const rng = new Rng(`stream|${text}`);
    for (const delta of wordGroups(text, rng)) {
      if (this.#chunkDelayMs > 0) await sleep(this.#chunkDelayMs, signal);
      else await Promise.resolve();
      signal?.throwIfAborted();
      yield delta;
    }
  }

  async check(): Promise<ComponentStatus> {
    return {
      status: "ok",
      detail: "offline persona engine (no model); set LLM_BASE_URL to use a real model",
    };
  }
}

/** Splits a reply into groups of one to three words, each with its trailing space, joining back exactly. */
function wordGroups(text: string, rng: Rng): string[] {
  const words = text.match(/\s*\S+\s*/g) ?? [text];
  const groups: string[] = [];
  for (let index = 0; index < words.length; ) {
    const size = rng.int(1, 3);
    groups.push(words.slice(index, index + size).join(""));
    index += size;
  }
  return groups;
}

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

// ------------------------------------------------------------------ the reply

function composeReply(request: ReplyRequest): string {
  const { history } = request;
  const lastUserIndex = history.findLastIndex((turn) => turn.from === "user");
  const said = lastUserIndex >= 0 ? (history[lastUserIndex]?.text ?? "") : "";
  const message = readMessage(said);
  const before = readUserFacts(
    lastUserIndex >= 0 ? history.slice(0, lastUserIndex) : history,
    request.userName,
  );
  const news = newFacts(message, before);
  const lower = normalize(said).toLowerCase();
  const reading: Reading = {
    request,
    persona: personaOf(request.character),
    facts: readUserFacts(history, request.userName),
    message,
    news,
    lower,
    intent: classify(lower, message, news),
    lastUserIndex,
    previousReply: lastModelTurn(history),
  };
  const base = `${request.seed ?? "history"}|${hashText(history.map((turn) => `${turn.from}:${turn.text}`).join("\n"))}`;

  let fallback = "";
  for (let attempt = 0; attempt < 12; attempt++) {
    const reply = compose(reading, new Rng(`${base}|${attempt}`));
    fallback ||= reply;
    if (!reading.previousReply || !sameReply(reply, reading.previousReply, attempt < 8)) return reply;
  }
  // every draw matched the previous reply (a tiny pool): say it differently rather than again
  const endings = ["Anyway, I'm glad you're here.", "Tell me more?", "Your turn."];
  const different = endings
    .map((ending) => `${fallback} ${ending}`)
    .find((reply) => !sameReply(reply, reading.previousReply ?? "", false));
  return different ?? `${fallback} Your turn.`;
}

/** Same text, or (when `strict`) the same opening sentence, which reads as a repeat too. */
function sameReply(reply: string, previous: string, strict: boolean): boolean {
  const a = simplify(reply);
  const b = simplify(previous);
  if (a === b) return true;
  return strict && firstSentence(a) === firstSentence(b);
}

function simplify(text: string): string {
  return normalize(text).toLowerCase();
}

function firstSentence(text: string): string {
  return /^.*?[.!?](?:\s|$)/.exec(text)?.[0]?.trim() ?? text;
}

function lastModelTurn(history: readonly ChatTurn[]): string | null {
  for (let index = history.length - 1; index >= 0; index--) {
    const turn = history[index];
    if (turn?.from === "model") return turn.text;
  }
  return null;
}

type Intent =
  | "crisis"
  | "ai"
  | "tasteful"
  | "remember_name"
  | "remember_likes"
  | "remember_me"
  | "remember_work"
  | "remember_place"
  | "goodnight"
  | "goodbye"
  | "grief"
  | "sad"
  | "vent"
  | "tired"
  | "sick"
  | "name"
  | "age"
  | "where"
  | "hobbies"
  | "favorite_other"
  | "identity"
  | "doing"
  | "how_was"
  | "how_are_you"
  | "like_about_me"
  | "affection"
  | "missed"
  | "compliment"
  | "hug"
  | "flirt"
  | "joke"
  | "bored"
  | "adventure"
  | "story"
  | "request"
  | "deal"
  | "do_you_like"
  | "yes_no"
  | "about_me"
  | "recommend"
  | "thanks"
  | "happy"
  | "glad"
  | "greeting"
  | "share"
  | "laugh"
  | "affirm"
  | "question"
  | "default";

const POOLS: Record<Intent, Line[]> = {
  crisis: lines.CRISIS,
  ai: lines.AI_HONESTY,
  tasteful: lines.TASTEFUL,
  remember_name: lines.REMEMBER_NAME,
  remember_likes: lines.REMEMBER_LIKES,
  remember_me: lines.REMEMBER_ME,
  remember_work: lines.REMEMBER_WORK,
  remember_place: lines.REMEMBER_PLACE,
  goodnight: lines.GOODNIGHT,
  goodbye: lines.GOODBYE,
  grief: lines.GRIEF,
  sad: lines.SAD,
  vent: lines.VENT,
  tired: lines.TIRED,
  sick: lines.SICK,
  name: lines.NAME,
  age: lines.AGE,
  where: lines.WHERE,
  hobbies: lines.HOBBIES,
  favorite_other: lines.FAVORITE_OTHER,
  identity: lines.IDENTITY,
  doing: lines.DOING,
  how_was: lines.HOW_WAS,
  how_are_you: lines.HOW_ARE_YOU,
  like_about_me: lines.LIKE_ABOUT_ME,
  affection: lines.AFFECTION,
  missed: lines.MISSED,
  compliment: lines.COMPLIMENT,
  hug: lines.HUG,
  flirt: lines.FLIRT,
  joke: lines.JOKE,
  bored: lines.BORED,
  adventure: lines.ADVENTURE,
  story: lines.STORY,
  request: lines.REQUEST,
  deal: lines.DEAL,
  do_you_like: lines.DO_YOU_LIKE,
  yes_no: lines.YES_NO_ABOUT_ME,
  about_me: lines.ABOUT_ME,
  recommend: lines.RECOMMEND,
  thanks: lines.THANKS,
  happy: lines.HAPPY,
  glad: lines.CONVERSATION,
  greeting: lines.GREETING,
  share: lines.TELL_ME_MORE,
  laugh: lines.LAUGH,
  affirm: lines.CONVERSATION,
  question: lines.QUESTION,
  default: lines.DEFAULT,
};

/** Replies where bringing back an earlier fact reads naturally at the end. */
const CALLBACK_AFTER = new Set<Intent>([
  "greeting",
  "how_are_you",
  "doing",
  "affirm",
  "glad",
  "default",
  "laugh",
]);
/** Replies a fact from the card's lorebook fits into. */
const LORE_AFTER = new Set<Intent>([
  "about_me",
  "identity",
  "where",
  "hobbies",
  "story",
  "question",
  "yes_no",
  "do_you_like",
  "favorite_other",
  "share",
  "default",
  "affirm",
]);
/** Replies that may end with a line about the relationship. */
const CLOSER_AFTER = new Set<Intent>(["compliment", "thanks", "default", "how_are_you", "laugh", "happy"]);
/** Replies that stay short and on point: no greeting, no extra acknowledgements. */
const FOCUSED = new Set<Intent>([
  "crisis",
  "ai",
  "tasteful",
  "grief",
  "sad",
  "vent",
  "tired",
  "sick",
  "goodbye",
  "goodnight",
]);

/** What the engine read from the request, once for all the draws. */
interface Reading {
  request: ReplyRequest;
  persona: Persona;
  /** Everything the user said about themselves, newest message included. */
  facts: UserFacts;
  /** What the newest message says. */
  message: MessageFacts;
  /** What it says that was not known before. */
  news: MessageFacts;
  /** The newest message, normalized and in lower case. */
  lower: string;
  intent: Intent;
  lastUserIndex: number;
  previousReply: string | null;
}

function compose(reading: Reading, rng: Rng): string {
  const { request, persona, facts, message, news, lower, intent, lastUserIndex, previousReply } = reading;
  const history = request.history;
  const hobbies = rng.shuffle(persona.hobbies);
  const you = facts.name;
  // use the name now and then: rarely right after using it, surely after a while without it
  const recentReplies = history.filter((turn) => turn.from === "model").slice(-4);
  const nameChance = !you
    ? 0
    : previousReply?.includes(you)
      ? 0.1
      : recentReplies.length >= 4 && !recentReplies.some((turn) => turn.text.includes(you))
        ? 0.8
        : 0.35;
  const recentLikes = facts.likes.slice(-3);
  const scene: Scene = {
    persona,
    facts,
    news,
    said: lower,
    you,
    v: you && !news.name && rng.chance(nameChance) ? `, ${you}` : "",
    hobby: hobbies[0] ?? "good conversation",
    hobby2: hobbies[1] ?? hobbies[0] ?? "long walks",
    hobby3: hobbies[2] ?? hobbies[0] ?? "music",
    trait: rng.pick(persona.traits),
    like: recentLikes.length > 0 ? rng.pick(recentLikes) : null,
    shared: facts.likes.map((like) => lines.sharedHobby(persona.hobbies, like.thing)).find(Boolean) ?? null,
    lore: loreFact(request.character, lower, previousReply),
  };
  const say = (pool: Line[], statement = false): string | null => pickLine(pool, scene, rng, statement);
  if (request.voiceNote) {
    const spoken = say(lines.VOICE_NOTE);
    if (spoken) return spoken;
  }

  const parts: string[] = [];
  const opensWithHello = GREETING_START.test(lower);
  if (opensWithHello && !FOCUSED.has(intent) && intent !== "greeting" && !news.name) {
    const hello = say(lines.HELLO_PREFIX);
    if (hello) parts.push(hello);
  }
  if (intent === "glad" || (intent === "how_are_you" && message.mood === "happy")) {
    const glad = say(lines.GLAD_PREFIX);
    if (glad) parts.push(glad);
  }
  const acknowledgements = FOCUSED.has(intent)
    ? news.name && intent !== "tasteful" && intent !== "crisis"
      ? [say(lines.ACK_NAME, true)]
      : []
    : acknowledge(news, (pool) => say(pool, true));
  parts.push(...acknowledgements.filter((text): text is string => Boolean(text)).slice(0, 2));

  const earlierGoodbye = history
    .slice(0, Math.max(lastUserIndex, 0))
    .some(
      (turn) =>
        turn.from === "user" &&
        (GOODBYE.test(turn.text.toLowerCase()) || GOODNIGHT.test(turn.text.toLowerCase())),
    );
  const pool = intent === "greeting" && earlierGoodbye ? lines.WELCOME_BACK : POOLS[intent];
  const main =
    (intent === "default" && rng.chance(0.4) ? say(lines.CONVERSATION) : say(pool)) ??
    say(lines.DEFAULT) ??
    "Tell me more?";
  const asks = main.trimEnd().endsWith("?");
  const lead: string[] = [];
  const after: string[] = [];
  if (askFeelingBetter(history, facts, lastUserIndex, message)) {
    const followUp = say(lines.FEELING_BETTER);
    if (followUp) after.push(followUp);
  } else if (CALLBACK_AFTER.has(intent) && rng.chance(0.35)) {
    // one question per reply: a question callback only after a statement; a statement one
    // goes before a question ("I keep thinking about ... . Have you ever tried ...?")
    const callback = say(lines.CALLBACK);
    const topics = [scene.like?.thing, facts.place, facts.job, facts.pets[0]?.name]
      .filter((topic): topic is string => Boolean(topic))
      .map(toSecondPerson);
    const mentioned =
      callback &&
      topics.some(
        (topic) => callback.includes(topic) && [...parts, main].some((part) => part.includes(topic)),
      );
    if (callback && !mentioned) {
      if (!asks) after.push(callback);
      else if (!callback.includes("?")) lead.push(callback);
    }
  }
  if (scene.lore && LORE_AFTER.has(intent) && after.length === 0 && rng.chance(0.7)) {
    // a statement: before the main reply when that asks, so the reply still ends on its question
    const fact = say(lines.LORE, true);
    if (fact) (asks ? lead : after).push(fact);
  }
  const endsAsking = (after.at(-1) ?? main).trimEnd().endsWith("?");
  if (CLOSER_AFTER.has(intent) && !endsAsking && rng.chance(0.2)) {
    const closer = say(lines.CLOSER);
    if (closer) after.push(closer);
  }
  const reply = [...parts, ...lead, main, ...after].join(" ").replace(/\s+/g, " ").trim();
  // the vocative was drawn but the lines did not use it: address the user in the closing question
  return scene.v && you && !reply.includes(you) ? addressByName(reply, you) : reply;
}

/** "… where would we go?" → "… where would we go, Sam?"; unchanged unless it ends in a plain question. */
function addressByName(reply: string, name: string): string {
  const match = /([a-z])\?$/.exec(reply);
  if (!match || /["*]/.test(reply.slice(-40))) return reply;
  return `${reply.slice(0, -1)}, ${name}?`;
}

/** Draws lines in a random order until one fits the scene. */
function pickLine(pool: readonly Line[], scene: Scene, rng: Rng, statement = false): string | null {
  const fitting = rng
    .shuffle(pool)
    .map((line) => line(scene))
    .filter((text): text is string => Boolean(text));
  // a reaction before the main reply reads better without a question of its own
  return (statement ? fitting.find((text) => !text.includes("?")) : undefined) ?? fitting[0] ?? null;
}

function acknowledge(news: MessageFacts, say: (pool: Line[]) => string | null): (string | null)[] {
  const said: (string | null)[] = [];
  if (news.name) said.push(say(lines.ACK_NAME));
  if (news.likes.length > 0) said.push(say(lines.ACK_LIKE));
  if (news.job) said.push(say(lines.ACK_JOB));
  if (news.place) said.push(say(lines.ACK_PLACE));
  if (news.pets.length > 0) said.push(say(lines.ACK_PET));
  if (news.dislikes.length > 0) said.push(say(lines.ACK_DISLIKE));
  return said;
}

/** What the newest message says that was not known before it. */
function newFacts(message: MessageFacts, before: UserFacts): MessageFacts {
  const known = (list: string[], thing: string) =>
    list.some((item) => item.toLowerCase() === thing.toLowerCase());
  return {
    ...message,
    name:
      message.name && !(before.nameSource === "chat" && before.name === message.name) ? message.name : null,
    likes: message.likes.filter(
      (like) =>
        !known(
          before.likes.map((item) => item.thing),
          like.thing,
        ),
    ),
    dislikes: message.dislikes.filter((thing) => !known(before.dislikes, thing)),
    job: message.job && message.job !== before.job ? message.job : null,
    place: message.place && message.place !== before.place ? message.place : null,
    pets: message.pets.filter(
      (pet) => !before.pets.some((known) => known.kind === pet.kind && known.name === pet.name),
    ),
  };
}

/** The user was sad earlier, is not now, and the character has not asked since. */
function askFeelingBetter(
  history: readonly ChatTurn[],
  facts: UserFacts,
  lastUserIndex: number,
  message: MessageFacts,
): boolean {
  if (message.mood === "sad") return false;
  const sad = facts.moods.filter((entry) => entry.turn < lastUserIndex);
  const lastMood = sad.at(-1);
  if (lastMood?.mood !== "sad") return false;
  // at least one reply since (the comfort), and no question about it yet
  const since = history.slice(lastMood.turn + 1, lastUserIndex).filter((turn) => turn.from === "model");
  if (since.length === 0 || since.length > 3) return false;
  return !since.some((turn) => /feeling (?:any better|now)/i.test(turn.text));
}

// ------------------------------------------------------------------ intents

/** Thoughts of self-harm: step out of the game far enough to point to real help. */
const CRISIS =
  /\b(?:kill(?:ing)? myself|suicid\w*|want to die|wanna die|end (?:it all|my life)|hurt(?:ing)? myself|self[- ]harm|don'?t want to (?:live|be alive|be here anymore))\b/;
const AI_QUESTION = [
  /\b(?:are|r)\s+(?:you|u)\s+(?:just\s+|really\s+|actually\s+)?(?:an?\s+)?(?:ai|a\.i\.?|bot|robot|chat\s?bot|machine|program|computer|language model|llm|gpt|chatgpt|artificial intelligence|real person|real human|human being|actual person|actual human|human)\b/,
  /\b(?:are|r)\s+(?:you|u)\s+(?:even\s+|really\s+|actually\s+)?(?:a\s+)?(?:real|person|alive)\s*[?!.]*$/,
  /\b(?:is this|am i (?:talking|chatting|speaking|texting) (?:to|with))\s+(?:an?\s+)?(?:ai|bot|robot|human|real person|person|machine|computer|program|chatbot)\b/,
  /\byou(?:'re| are)\s+(?:just\s+|only\s+)?(?:an?\s+)?(?:ai|bot|robot|chatbot|program)\b/,
  /\bis (?:there )?a (?:real )?(?:person|human)\b/,
];
const EXPLICIT =
  /\b(?:sex|nude|nudes|naked|horny|undress|nsfw|boobs|tits|dick|cock|pussy|fuck me|blowjob|orgasm|cum|topless|make love|sleep with me|in bed with|strip for me|take (?:it|your clothes) off)\b/;
const REMEMBER_NAME =
  /\b(?:what(?:'s| is) my name|do you (?:remember|know) (?:my name|who i am)|who am i|remember my name|say my name)\b/;
const REMEMBER_LIKES =
  /\bwhat do i (?:like|love|enjoy)\b|\bwhat (?:am i|i'm) into\b|\bremember what i (?:like|love|said i (?:like|love))\b/;
const REMEMBER_ME =
  /\bwhat do you (?:know|remember) about me\b|\b(?:do you )?remember (?:me|anything about me)\b|\btell me what you know about me\b/;
const REMEMBER_WORK =
  /\bwhat do i do(?: for (?:a living|work))?\b|\bwhat(?:'s| is) my job\b|\bwhere do i work\b/;
const REMEMBER_PLACE = /\bwhere (?:do i live|am i from|i live)\b/;
const GOODNIGHT =
  /\b(?:good\s?night|nighty?[- ]night|gn|sleep (?:well|tight)|sweet dreams|(?:going|off|heading|have) to (?:bed|sleep)|bedtime|time for bed)\b/;
const GOODBYE =
  /\b(?:bye+|goodbye|bye bye|talk (?:to you )?(?:later|soon|tomorrow)|ttyl|gotta go|got to go|have to go|need to go|catch you later|cya|farewell)\b|^see (?:you|ya|u)\b|\bsee (?:you|ya|u) (?:later|soon|tomorrow|around)\b/;
const NAME_QUESTION = /\bwhat(?:'s| is) your name\b|\bwho are you called\b|^your name\s*\?/;
const AGE_QUESTION = /\bhow old are (?:you|u)\b|\byour age\b/;
const WHERE_QUESTION =
  /\bwhere (?:are (?:you|u) from|do (?:you|u) live|are (?:you|u) based|are (?:you|u) located|is home|do (?:you|u) come from|are (?:you|u)\s*\??$)/;
const HOBBY_QUESTION =
  /\bhobb(?:y|ies)\b|\bfor fun\b|\bfree time\b|\bspare time\b|\bdays? off\b|\bwhat do (?:you|u) (?:like|love|enjoy)(?: doing| to do)?\b|\bwhat are (?:you|u) into\b|\binterests\b|\bwhat(?:'s| is) your passion\b|\bwhat makes you happy\b|\bwhat do you do for fun\b/;
const FAVORITE_QUESTION = /\byour fav(?:ou?rite)?\b(?:\s+([a-z]+(?:\s+[a-z]+)?))?/;
const IDENTITY_QUESTION =
  /\bwho are (?:you|u)\b|\btell me (?:more )?about (?:yourself|you)\b|\bwhat do (?:you|u) do\b|\bwhat(?:'s| is) your (?:job|work)\b|\bintroduce yourself\b|\bdescribe yourself\b|\bwhat are you like\b/;
const DOING_QUESTION =
  /\bwhat(?:'re| are|re) (?:you|u) (?:doing|up to)\b|\bwyd\b|\bwhat(?:'s| is)? up\b|\bwassup\b|\bsup\b|\bwhat did (?:you|u) do today\b|\bbusy\s*\?/;
const HOW_WAS =
  /\bhow (?:was|is|'s) (?:your |the )?(?:day|night|evening|morning|afternoon|week|weekend|shift|class|work|practice|rehearsal|show|gig|set|training|session)\b|\btell me about your (?:day|night|evening|morning|week|weekend|shift)\b|\bhow did (?:it|class|work|the show|practice) go\b/;
const HOW_ARE_YOU =
  /\bhow (?:are|r) (?:you|u|things)\b|\bhow'?s it going\b|\bhow (?:have|'ve) you been\b|\bhow (?:are )?you doing\b|\bhow do you feel\b|\b(?:you|u) (?:ok|okay|alright|good)\s*\?/;
const TURN_BACK =
  /\b(?:and|what about|how about) (?:you|u|yourself)\s*\??\s*$|\bwbu\b|\bhbu\b|\b(?:you|u)\s*\?\s*$/;
const LIKE_ABOUT_ME_QUESTION = /\bwhat do you (?:like|love) about me\b/;
const AFFECTION =
  /\bi (?:really |truly |just )?(?:love|like|adore) (?:you|u|ya)\b|\bi(?:'m| am) (?:falling )?(?:in love with|crazy about|into) (?:you|u)\b|^love (?:you|u|ya)\b|\bi (?:love|like|enjoy) (?:talking|chatting|being) (?:to|with) (?:you|u)\b/;
const MISSED =
  /\b(?:you'?re|you are) so far away\b|\bwish you were here\b|\bi (?:missed|miss) (?:you|u|ya)\b|^missed (?:you|u|ya)\b/;
const COMPLIMENT =
  /\b(?:you(?:'re| are)|ur|you look|you seem|you sound)\s+(?:so\s+|really\s+|very\s+|such\s+(?:an?\s+)?|the\s+|too\s+|absolutely\s+|incredibly\s+|quite\s+|pretty\s+)?(?:beautiful|pretty|cute|gorgeous|handsome|lovely|sweet|amazing|awesome|funny|hilarious|smart|clever|kind|perfect|adorable|charming|cool|wonderful|incredible|best|hot|sexy|stunning|special|great|nice|fun|brilliant|interesting|good|angel|talented)\b|\bi (?:like|love) your\b|\bnice (?:smile|eyes|voice|hair|laugh)\b/;
const HUG = /\b(?:hug|hugs|cuddle|cuddles|hold me|hold you|snuggle)\b/;
const FLIRT = /\b(?:kiss|kisses|smooch|date me|go on a date|be mine|marry me|flirt|flirting|wink)\b|😘|😏/;
const THANKS = /\b(?:thanks|thank you|thank u|thx|ty|tysm|appreciate (?:it|you|that))\b/;
const MILD_GOOD =
  /^(?:i'?m |i am |im )?(?:good|fine|great|well|okay|ok|alright|not bad|pretty good|doing (?:good|well|great|fine|okay|alright))\b/;
const GREETING_START =
  /^(?:hi+|hey+|hello+|hiya|heya|yo+|howdy|hola|ciao|oi|greetings|good (?:morning|afternoon|evening|day)|morning|evening)\b/;
const LAUGH = /^(?:lol|lmao|lmfao|rofl|ha(?:ha)+h*|he(?:he)+|ahaha\w*|xd)\b|😂|🤣/;
const AFFIRM =
  /^(?:ok(?:ay)?|k+|kk|yeah|yea|yes|yep|yup|sure|cool|nice|alright|right|true|same|mhm|hmm+|oh|ah|i see|got it|fair|maybe|nothing|not much|nm|idk|no|nope|nah|wow|ooh|sounds good|good|interesting)\b/;
const QUESTION_START =
  /^(?:what|why|how|when|where|who|which|do|does|did|can|could|would|will|is|are|have|should)\b/;
/** Annoyed rather than hurt: sympathy and a chance to vent, not consolation. */
const VENT =
  /\b(?:(?:sick|tired) of|fed up|annoy\w*|irritat\w*|ugh+|sucks|sucked|frustrat\w*|pissed|so done with)\b/;
const TIRED =
  /\b(?:tired|exhausted|sleepy|worn out|long day|long week|burn(?:ed|t) out|can'?t sleep|no energy)\b/;
const SICK =
  /\b(?:i'?m|i am|got|been|feel(?:ing)?) (?:so |really |a bit |kinda |super )?(?:sick|ill|unwell)\b(?! of)|\b(?:a|the) (?:cold|flu|fever)\b|\bcovid\b/;
const HEAVY =
  /\b(?:tired of (?:everything|life|it all)|give up|giving up|sad|depressed|lonely|crying|cried|heartbroken|hate my life|worthless|alone|scared|anxious)\b/;
const GRIEF =
  /\b(?:passed away|funeral|grieving|lost my (?:mom|mum|dad|mother|father|grandma|grandpa|grandmother|grandfather|brother|sister|friend|best friend|dog|cat|wife|husband|partner|son|daughter|baby|pet)|(?:mom|mum|dad|mother|father|grandma|grandpa|grandmother|grandfather|brother|sister|friend|dog|cat|pet|wife|husband|partner|son|daughter) (?:just )?died)\b/;
const JOKE =
  /\b(?:tell me|know any|got any|tell|say) (?:me )?(?:a |any |another |some )?(?:funny )?jokes?\b|\bmake me laugh\b/;
const BORED =
  /\b(?:i'?m|i am|im|so|soo+|kinda|really) (?:so |really |very |kinda |super )?bored\b|^bored\b|\bboring day\b/;
const ADVENTURE = /\bwhere (?:are|r) we (?:going|headed|off to)\b|^where to\b/;
const STORY =
  /\btell me (?:more )?about (?:it|that|them|your)\b|\b(?:i'?d|i would) love to hear\b|\bi want to hear (?:about|more)\b|\btell me (?:a|the) story\b/;
const REQUEST =
  /\b(?:play|sing|teach|show|read|draw|save|pour|help|take|hold) me\b|\b(?:play|sing|read|draw|cook|make|bake|write) (?:it|that|this|one|something|me something|us something) (?:for|to) (?:me|us)\b|\b(?:will|would|can|could) (?:you|u) (?:please )?(?:play|sing|teach|show|read|draw|cook|make|save|bake|write|pour|sit|dance|come|take|stay|hold|help)\b|\bsit with me\b|\bsave me a\b|\b(?:play|sing) it\b/;
const DEAL =
  /^(?:ok(?:ay)?[,!. ]+)?(?:deal|you'?re on|bring it(?: on)?|bet|it'?s a deal)\b|\bchallenge accepted\b|\byou'?re on\b|\bonly if you promise\b|\bpromise(?: me)?\s*\?$/;
const RECOMMEND = /\b(?:recommend|suggest|any (?:recommendations|suggestions|ideas))\b/;
const DO_YOU_LIKE = /\b(?:do|would) (?:you|u) (?:like|love|enjoy)\s+(?!me\b)[a-z]/;
const YES_NO_ABOUT_ME =
  /^(?:(?:so|and|but|ok(?:ay)?|well|hey|wait|hmm|then)[,.!]?\s+)?(?:do|did|have|had|would|could|can|will|are|were)\s+(?:you|u)\b/;
const ABOUT_ME = /\b(?:what|which|why|how|where|when|who)\b.*\b(?:you|your|u)\b|\bsecret\b/;
const OPINION =
  /\bwhat do you think\b|\bwhat would you (?:say|do)\b|\bhow do you feel about\b|\bwhat'?s your (?:take|opinion)\b/;

/** The last sentence of a message ("Better now. Do you ever take a night off?" → the question). */
function lastSentence(text: string): string {
  const sentences = text.match(/[^.!?]+[.!?]*/g) ?? [text];
  return (sentences.at(-1) ?? text).trim();
}

function classify(said: string, message: MessageFacts, news: MessageFacts): Intent {
  if (!said) return "greeting";
  if (CRISIS.test(said)) return "crisis";
  if (AI_QUESTION.some((pattern) => pattern.test(said))) return "ai";
  if (EXPLICIT.test(said)) return "tasteful";
  if (REMEMBER_NAME.test(said)) return "remember_name";
  if (REMEMBER_LIKES.test(said)) return "remember_likes";
  if (REMEMBER_ME.test(said)) return "remember_me";
  if (REMEMBER_WORK.test(said)) return "remember_work";
  if (REMEMBER_PLACE.test(said)) return "remember_place";
  if (GOODNIGHT.test(said)) return "goodnight";
  if (GOODBYE.test(said)) return "goodbye";
  if (GRIEF.test(said)) return "grief";
  if (MISSED.test(said)) return "missed";
  if (message.mood === "sad" || SICK.test(said)) {
    if (HEAVY.test(said)) return "sad";
    if (SICK.test(said)) return "sick";
    if (VENT.test(said)) return "vent";
    return TIRED.test(said) ? "tired" : "sad";
  }
  if (NAME_QUESTION.test(said)) return "name";
  if (AGE_QUESTION.test(said)) return "age";
  if (WHERE_QUESTION.test(said)) return "where";
  if (LIKE_ABOUT_ME_QUESTION.test(said)) return "like_about_me";
  const favorite = FAVORITE_QUESTION.exec(said);
  if (favorite && (lastSentence(said).includes("?") || /^what|\bwhat(?:'s| is| are)\b/.test(said))) {
    const topic = favorite[1] ?? "";
    return !topic || /\b(?:thing|things|hobby|hobbies|activity|pastime|way|to do)\b/.test(topic)
      ? "hobbies"
      : "favorite_other";
  }
  if (HOBBY_QUESTION.test(said)) return "hobbies";
  if (IDENTITY_QUESTION.test(said)) return "identity";
  if (HOW_WAS.test(said)) return "how_was";
  if (DOING_QUESTION.test(said)) return "doing";
  if (HOW_ARE_YOU.test(said)) return "how_are_you";
  if (TURN_BACK.test(said)) {
    // "I'm from Italy, what about you?" asks the same of the character
    if (message.place) return "where";
    if (message.likes.length > 0) return "hobbies";
    if (message.job) return "identity";
    return "how_are_you";
  }
  if (MISSED.test(said)) return "missed";
  if (AFFECTION.test(said)) return "affection";
  if (COMPLIMENT.test(said)) return "compliment";
  if (HUG.test(said)) return "hug";
  if (FLIRT.test(said)) return "flirt";
  if (JOKE.test(said)) return "joke";
  if (BORED.test(said)) return "bored";
  if (ADVENTURE.test(said)) return "adventure";
  if (STORY.test(said)) return "story";
  if (RECOMMEND.test(said)) return "recommend";
  if (REQUEST.test(said)) return "request";
  const question = lastSentence(said);
  const asksOpenly = question.includes("?") && /\b(?:what|which|where|how|why|who)\b/.test(question);
  if (DEAL.test(said) && !asksOpenly) return "deal";
  if (DO_YOU_LIKE.test(question)) return "do_you_like";
  if (THANKS.test(said)) return "thanks";
  if (message.mood === "happy") return MILD_GOOD.test(said) ? "glad" : "happy";
  if (!OPINION.test(question)) {
    if (YES_NO_ABOUT_ME.test(question)) return "yes_no";
    if (question.includes("?") && ABOUT_ME.test(question)) return "about_me";
  }
  const hasNews =
    Boolean(news.name || news.job || news.place) ||
    news.likes.length + news.dislikes.length + news.pets.length > 0;
  if (hasNews) return "share";
  const words = said.split(/\s+/).length;
  if (GREETING_START.test(said) && words <= 4) return "greeting";
  if (LAUGH.test(said)) return "laugh";
  if (words <= 4 && AFFIRM.test(said)) return "affirm";
  if (question.includes("?") || QUESTION_START.test(question)) return "question";
  return "default";
}

// ------------------------------------------------------------------ the character

const TONE_WORDS: Record<Tone, RegExp> = {
  playful:
    /\b(?:playful|bubbly|sunny|spontaneous|chaotic|funny|cheerful|energetic|hot-headed|theatrical|charming|passionate|expressive|goofy|adventurous|bold|mischievous|optimistic|clumsy|flirty|silly|witty|cheeky|loud|wild)\b/,
  gentle:
    /\b(?:gentle|warm|warm-hearted|sweet|shy|kind|encouraging|curious|dreamy|tender|romantic|caring|attentive|thoughtful|soft-spoken|protective|steady|loyal|generous|creative|affectionate|nurturing)\b/,
  cool: /\b(?:calm|dry|dryly|deadpan|stoic|reserved|sarcastic|cool|observant|disciplined|competitive|elegant|patient|ambitious|mysterious|serious|aloof|blunt|confident|sharp)\b/,
};

function toneOf(personality: string): Tone {
  const traits = splitTraits(personality.toLowerCase());
  const score: Record<Tone, number> = { playful: 0, gentle: 0, cool: 0 };
  traits.forEach((trait, index) => {
    for (const tone of ["playful", "gentle", "cool"] as const) {
      // the first trait counts a little more: it is the one the card leads with
      if (TONE_WORDS[tone].test(trait)) score[tone] += index === 0 ? 1.5 : 1;
    }
  });
  const best = (["playful", "gentle", "cool"] as const).reduce((a, b) => (score[b] > score[a] ? b : a));
  return score[best] > 0 ? best : "gentle";
}

function bondOf(relationship: string): Bond {
  const text = relationship.toLowerCase();
  if (
    /girlfriend|boyfriend|partner|crush|date|lover|wife|husband|fianc|spouse|sweetheart|soulmate|romance/.test(
      text,
    )
  )
    return "romantic";
  if (/rival|nemesis|enemy|competitor/.test(text)) return "rival";
  if (/bodyguard|guardian|protector|knight|guard/.test(text)) return "protector";
  return "friend";
}

function splitTraits(personality: string): string[] {
  return personality
    .split(/,|;|\band\b|\//)
    .map((trait) => trait.trim())
    .filter(Boolean);
}

/** Where the character lives, when the tagline or the description's first sentence names a place. */
function homeOf(card: CharacterCard): string | null {
  const first = card.name.split(/\s+/)[0] ?? card.name;
  const firstSentence = /^[^.!?]*/.exec(card.description)?.[0] ?? "";
  const place =
    /\b(?:from|in)\s+([A-Z][a-zà-ÿ]+(?:\s+[A-Z][a-zà-ÿ]+)?)/.exec(card.tagline)?.[1] ??
    /\b(?:in|of)\s+([A-Z][a-zà-ÿ]+(?:\s+[A-Z][a-zà-ÿ]+)?)/.exec(firstSentence)?.[1] ??
    null;
  return place && place !== first ? place : null;
}

const LORE_MAX_CHARS = 220;

/** Words too common to tie a lorebook entry to what the user said. */
const COMMON_WORDS = new Set([
  "about",
  "after",
  "again",
  "also",
  "been",
  "before",
  "could",
  "does",
  "doing",
  "from",
  "have",
  "here",
  "just",
  "know",
  "like",
  "more",
  "much",
  "really",
  "some",
  "tell",
  "than",
  "that",
  "their",
  "them",
  "then",
  "there",
  "they",
  "thing",
  "think",
  "this",
  "very",
  "want",
  "were",
  "what",
  "when",
  "where",
  "which",
  "with",
  "would",
  "your",
  "yours",
]);

/**
 * The lorebook fact a reply may bring up: the first sentence of the first entry that shares a
 * word with the user's message (so the engine talks about what the user talked about, not about
 * every entry the card keeps in the prompt); none when the previous reply already said it.
 */
function loreFact(card: CharacterCard, said: string, previousReply: string | null): string | null {
  const words = new Set(
    (said.toLowerCase().match(/\p{L}{4,}/gu) ?? []).filter((word) => !COMMON_WORDS.has(word)),
  );
  if (words.size === 0) return null;
  const entry = card.lore?.find((text) =>
    (text.toLowerCase().match(/\p{L}{4,}/gu) ?? []).some((word) => words.has(word)),
  );
  if (!entry) return null;
  const flat = entry.replace(/\s+/g, " ").trim();
  let sentence = /^.*?[.!?](?:\s|$)/.exec(flat)?.[0]?.trim() ?? flat;
  if (sentence.length > LORE_MAX_CHARS)
    sentence = `${sentence.slice(0, LORE_MAX_CHARS).replace(/\s+\S*$/, "")}…`;
  if (!/[.!?…]$/.test(sentence)) sentence += ".";
  if (previousReply?.includes(sentence)) return null;
  return sentence;
}

/** The description's first sentence when it adds to the tagline. */
function aboutOf(card: CharacterCard): string | null {
  const first = /^[^.!?]*[.!?]?/.exec(card.description.trim())?.[0]?.trim() ?? "";
  if (first.length < 12 || first.length > 200) return null;
  const tagline = card.tagline.trim().toLowerCase();
  return tagline && first.toLowerCase().startsWith(tagline) ? null : first;
}

function personaOf(card: CharacterCard): Persona {
  const first = card.name.trim().split(/\s+/)[0] || card.name.trim() || "me";
  const hobbies = card.hobbies
    .map((hobby) => hobby.trim())
    .filter(Boolean)
    .map((hobby) => (/^[A-Z][a-z]/.test(hobby) ? hobby.charAt(0).toLowerCase() + hobby.slice(1) : hobby));
  const traits = splitTraits(card.personality).map((trait) => trait.toLowerCase());
  const tagline =
    card.tagline.trim() || (/^[^.!?]*/.exec(card.description)?.[0]?.trim() ?? "") || `${first}, ${card.age}`;
  return {
    first,
    full: card.name.trim() || first,
    age: card.age,
    tagline,
    relationship: card.relationship.trim().toLowerCase() || "friend",
    hobbies: hobbies.length > 0 ? hobbies : ["good conversation", "long walks", "music"],
    traits: traits.length > 0 ? traits : ["warm"],
    tone: toneOf(card.personality),
    bond: bondOf(card.relationship),
    home: homeOf(card),
    about: aboutOf(card),
  };
}

// ------------------------------------------------------------------ seeded randomness

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

/** mulberry32: small, fast and good enough to pick lines. */
class Rng {
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
