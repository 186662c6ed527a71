import type { Intent } from "./intents.ts";
import { cap, lowerFirst, type Rng, sentenceKey, sentencesOf, stop } from "./text.ts";
import type { World } from "./world.ts";

/**
 * The character's own sentences. Nothing here is a fixed line shared by every character: each
 * template takes the character's hobbies, the things of its life, the place it spends its days
 * and its voice phrases (canon.voice.phrases), and most are put together from parts, so one
 * character has thousands of sentences and two characters rarely say the same one. A sentence
 * the chat has already heard (the character's last 50 replies) is never drawn again.
 */

export interface Ctx {
  world: World;
  rng: Rng;
  /** the user's name, when known */
  you: string | null;
  /** the user's newest message, lower case */
  said: string;
  /** sentence keys said in the chat's recent replies and in this reply so far */
  used: Set<string>;
  /** how the sentences of the last few replies open, not to be opened alike again soon */
  openings: Set<string>;
  /**
   * This reply so far: the voice phrases it has used (each at most once a reply) and how its
   * sentences open without them ("that's easy", "you told"), so one reply never opens two
   * sentences alike however they are voiced
   */
  inReply?: { phrases: Set<string>; leads: Set<string> };
  /** the user is low: the character's cheerful exclamations ("Woohoo!") stay unsaid */
  sombre?: boolean;
}

export type Template = (c: Ctx) => string | null;

export const hobby = (c: Ctx): string => c.rng.pick(c.world.hobbies);
export const thing = (c: Ctx): string =>
  c.rng.pick(c.world.things.length > 0 ? c.world.things : c.world.hobbies);
export const phrase = (c: Ctx): string | null =>
  c.world.phrases.length > 0 ? c.rng.pick(c.world.phrases) : null;

/** A sentence with one of the character's voice phrases before or after it, or as it is. */
export function voiced(c: Ctx, sentence: string): string[] {
  const words = usablePhrases(c.world.phrases).filter(
    (own) => !c.inReply?.phrases.has(phraseKey(own)) && !(c.sombre && /!\s*$/.test(own)),
  );
  const plain = stop(sentence);
  if (words.length === 0) return [plain];
  const own = c.rng.pick(words).trim();
  const bare = own.replace(/[.!?,…:;]+$/, "");
  const exclaims = /!$/.test(own);
  const before = exclaims ? `${cap(own)} ${plain}` : `${cap(bare)}, ${decap(c, plain)}`;
  const endearment = !exclaims && bare.split(/\s+/).length <= 2;
  const after =
    endearment && /[.!?]$/.test(plain)
      ? `${plain.slice(0, -1)}, ${lowerFirst(bare)}${plain.slice(-1)}`
      : null;
  return c.rng.shuffle([before, ...(after ? [after] : []), plain]);
}

/** Lower-cases a sentence's first word to follow a phrase, unless it is a name ("Omar", "Seville"). */
export function decap(c: Ctx, text: string): string {
  const first = /^[\p{L}'-]+/u.exec(text)?.[0] ?? "";
  if (!first || first === "I" || /^I'/.test(first)) return text;
  // a name the user gave ("Lyon", "Biscuit") keeps its capital
  if (
    new RegExp(`\\b${first.replace(/[^\p{L}'-]/gu, "")}\\b`, "iu").test(c.said) &&
    !COMMON_START.has(first.toLowerCase())
  )
    return text;
  const names = `${c.world.card.name} ${c.you ?? ""} ${c.world.canon.grewUp} ${c.world.canon.family} ${c.world.canon.job}`;
  if (new RegExp(`(?:^|[^.!?]\\s)${first}\\b`).test(names) && first !== "My" && first !== "The") return text;
  return lowerFirst(text);
}

/** Words a sentence of the engine's may start with that are never names. */
const COMMON_START = new Set(
  "a an the my your it it's that this there what how oh okay ok so and but tell go come honestly right just mm mhm ha hey hi yes no well of for you you're we let let's sweet good bye night any always take see short noted fair deep sounds put ugh tired then sometimes stop careful smooth here's why quick is have would if when after before today tonight lately earlier since all i'm of course like still once as film-wise music-wise".split(
    " ",
  ),
);

const phraseCache = new WeakMap<readonly string[], string[]>();

/**
 * The voice phrases that can open or close any sentence: short ones, not greetings, farewells
 * or questions ("¡Hola, hola!" and "un besito y a dormir" belong to their own moments).
 */
export function usablePhrases(phrases: readonly string[]): string[] {
  const cached = phraseCache.get(phrases);
  if (cached) return cached;
  const usable = phrases.filter((phrase) => {
    const text = phrase.trim().toLowerCase();
    return (
      text.length > 0 &&
      text.split(/\s+/).length <= 4 &&
      !text.includes("?") &&
      !/\b(?:hola|hello|hi|hey|bye|goodbye|night|goodnight|sleep|dormir|rest|tomorrow|later|morning|welcome|greetings|ciao|bonjour)\b/.test(
        text,
      )
    );
  });
  phraseCache.set(phrases, usable);
  return usable;
}

function phraseKey(phrase: string): string {
  return sentenceKey(phrase);
}

/** The first two words of a sentence once any voice phrase before it is taken off. */
function leadOf(c: Ctx, sentence: string): string | null {
  let key = sentenceKey(sentence);
  for (const own of usablePhrases(c.world.phrases)) {
    const bare = phraseKey(own);
    if (bare && key.startsWith(`${bare} `)) key = key.slice(bare.length + 1);
  }
  const words = key.split(" ").filter(Boolean);
  return words.length >= 3 ? words.slice(0, 2).join(" ") : null;
}

/**
 * A sentence's key without the voice phrases before or after it and without the user's name at
 * its end: "Holy smokes, I'm here for you, Sam." is "i'm here for you" said again, however voiced.
 */
export function coreKey(world: World, you: string | null, sentence: string): string {
  let key = sentenceKey(sentence);
  const name = you ? sentenceKey(you) : "";
  if (name && key.endsWith(` ${name}`)) key = key.slice(0, -name.length - 1);
  for (const own of usablePhrases(world.phrases)) {
    const bare = phraseKey(own);
    if (!bare) continue;
    if (key.startsWith(`${bare} `)) key = key.slice(bare.length + 1);
    if (key.endsWith(` ${bare}`)) key = key.slice(0, -bare.length - 1);
  }
  return key;
}

/** The voice phrases a text says, as keys. */
function phrasesIn(c: Ctx, text: string): string[] {
  const key = ` ${sentenceKey(text)} `;
  return usablePhrases(c.world.phrases)
    .map(phraseKey)
    .filter((bare) => bare && key.includes(` ${bare} `));
}

/** Whether a text says nothing the chat has heard already (sentences of three words or more). */
export function isFresh(c: Ctx, text: string): boolean {
  const reply = c.inReply;
  if (reply) {
    if (phrasesIn(c, text).some((bare) => reply.phrases.has(bare))) return false;
    if (
      sentencesOf(text).some((sentence) => {
        const lead = leadOf(c, sentence);
        return lead !== null && reply.leads.has(lead);
      })
    )
      return false;
  }
  return sentencesOf(text).every((sentence) => {
    const key = coreKey(c.world, c.you, sentence);
    if (key.split(" ").length < 3) return true;
    return !c.used.has(key) && !c.openings.has(openingOf(key));
  });
}

/** The first four words of a sentence key: two sentences opening alike read as the same line. */
export function openingOf(key: string): string {
  return key.split(" ").slice(0, 4).join(" ");
}

export function remember(c: Ctx, text: string): void {
  if (c.inReply) {
    for (const bare of phrasesIn(c, text)) c.inReply.phrases.add(bare);
    for (const sentence of sentencesOf(text)) {
      const lead = leadOf(c, sentence);
      if (lead) c.inReply.leads.add(lead);
    }
  }
  for (const sentence of sentencesOf(text)) {
    const key = coreKey(c.world, c.you, sentence);
    c.used.add(key);
    if (key.split(" ").length >= 3) c.openings.add(openingOf(key));
  }
}

/**
 * The first template, in a random order, whose text is new to the chat; each is tried as it is
 * and with a voice phrase. Null when every one has been said.
 */
export function draw(
  c: Ctx,
  templates: readonly Template[],
  options: { voice?: boolean } = {},
): string | null {
  for (const template of c.rng.shuffle(templates)) {
    for (let attempt = 0; attempt < 3; attempt++) {
      const text = template(c);
      if (!text) break;
      const variants = options.voice === false ? [stop(text)] : voiced(c, text);
      const fresh = variants.find((variant) => isFresh(c, variant));
      if (fresh) {
        remember(c, fresh);
        return fresh;
      }
    }
  }
  return null;
}

// ------------------------------------------------------------------ filler the character can always say

const LEADS = [
  "Today",
  "This evening",
  "All afternoon",
  "Earlier",
  "Lately",
  "Since this morning",
  "Tonight",
  "This week",
  "All day",
];
const MUSINGS = [
  (t: string) => `I've been thinking about ${t}`,
  (t: string) => `my head has been full of ${t}`,
  (t: string) => `I caught myself daydreaming about ${t}`,
  (t: string) => `I promised myself an hour of ${t}`,
  (t: string) => `I got pulled into ${t} again`,
  (t: string) => `it's been ${t} and not much else`,
  (t: string) => `I made time for ${t}`,
  (t: string) => `I kept finding excuses to talk about ${t}`,
  (t: string) => `${t} has been on my mind`,
];
const TAILS = [
  "",
  ", and it was lovely",
  ", and I regret nothing",
  ", and I lost track of time",
  ", which says a lot about me",
  ", like it's my job",
  ", and I'd do it again tomorrow",
  ", and I kept wishing you were there",
  ", and now I'm in the best mood",
];

/** A thought of the character's own day: lead × musing × thing × tail, thousands per character. */
export const musing: Template = (c) => {
  const lead = c.rng.pick(LEADS);
  const body = c.rng.pick(MUSINGS)(thing(c));
  const text = `${lead} ${lowerFirst(body)}${c.rng.pick(TAILS)}`;
  return cap(text);
};

/** A question back about the user, tied to the character's world. */
export const askBack: Template[] = [
  (c) => `Have you ever tried ${hobby(c)}?`,
  (c) => `Would you come along next time I go ${hobbyAsPlace(hobby(c))}?`,
  (c) => {
    const [a, b] = c.rng.shuffle(c.world.hobbies);
    return a && b && a !== b ? `Quick one: ${a} or ${b}?` : null;
  },
  (c) => `What do you turn to the way I turn to ${hobby(c)}, to switch off?`,
  (c) => `If you were here at ${c.world.haunt} right now, what would you want to do first?`,
  (c) => `What would make the rest of your ${partOfDay(c)} better, apart from ${shortThing(c)}?`,
  (c) =>
    `Tell me one small thing that went right for you today, and I'll trade you a story about ${hobby(c)}?`,
  (c) => `Is your ${partOfDay(c)} going better than my attempts at ${hobby(c)}?`,
];

function hobbyAsPlace(hobby: string): string {
  return /ing\b/.test(hobby) ? hobby : `for some ${hobby}`;
}

function partOfDay(c: Ctx): string {
  return c.rng.pick(["evening", "night", "day", "week"]);
}

// ------------------------------------------------------------------ reactions by intent

const v = (c: Ctx) => (c.you && c.rng.chance(0.3) ? `, ${c.you}` : "");

export const REACTIONS: Partial<Record<Intent, Template[]>> = {
  greeting: [
    (c) => `Hey${v(c)}! I was just at ${c.world.haunt}, hoping you'd show up`,
    (c) => `There you are${v(c)}, I was halfway into ${hobby(c)} and happy to stop`,
    (c) => `Hi${v(c)}! Perfect timing, I just finished with ${thing(c)}`,
    (c) => `Oh, hello${v(c)}, you just made ${c.world.haunt} a lot brighter`,
    (c) => `Hey you. I saved you a spot at ${c.world.haunt}`,
    (c) => `Hi! I was telling myself you'd turn up before I got bored of ${hobby(c)}`,
  ],
  back: [
    (c) =>
      `Welcome back${v(c)}! ${c.world.haunt.charAt(0).toUpperCase()}${c.world.haunt.slice(1)} was too quiet without you`,
    (c) => `You're back, and I kept your seat warm, only a little distracted by ${hobby(c)}`,
    (c) => `Good to have you back${v(c)}; I was just putting ${thing(c)} aside for you`,
    (c) => `Hey, welcome home${v(c)}; sit down and tell me everything, ${hobby(c)} can wait`,
  ],
  how_are_you: [
    (c) => `I'm good, a little tired from ${hobby(c)}, but good`,
    (c) => `Better now, honestly; the day was all ${thing(c)} and it needed you in it`,
    (c) => `Doing well${v(c)}; ${c.world.haunt} is quiet and I'm in a soft mood`,
    (c) => `I'm great, still buzzing from ${hobby(c)} earlier`,
    (c) => `Pretty good! I've had ${thing(c)} on my mind all day, in a nice way`,
  ],
  doing: [
    (c) =>
      `Right now? I'm at ${c.world.haunt}, pretending to be busy with ${hobby(c)} and mostly talking to you`,
    (c) => `Just winding down at ${c.world.haunt} with ${thing(c)} on my mind`,
    (c) => `I'm in the middle of ${hobby(c)}, but you're more interesting`,
    (c) => `Not much, ${c.world.haunt} and a quiet moment, and then you turned up`,
    (c) => `Taking a break from ${hobby(c)} to talk to you, which is the best part of my ${partOfDay(c)}`,
  ],
  how_was: [
    (c) => `It was a good one, a lot of ${hobby(c)} and not enough sitting down`,
    (c) => `Long, but the good kind, ${c.world.haunt} was busy and I loved it`,
    (c) => `Honestly lovely; I even fit in some ${hobby(c)} at the end`,
  ],
  thanks: [
    (c) => `Always${v(c)}; you know where to find me, ${c.world.haunt}, same as ever`,
    (c) => `Of course, that's what I'm here for, that and ${hobby(c)}`,
    (c) => `Any time${v(c)}, and I mean it more than anything I say about ${thing(c)}`,
    (c) => `You never have to thank me for that; I'd choose this over ${hobby(c)} every time`,
  ],
  laugh: [
    (c) => `Ha, you're in a good mood and I like it, it's better than ${hobby(c)}`,
    (c) => `That laugh of yours is contagious, I nearly forgot all about ${shortThing(c)}`,
    (c) => `I'm glad I amuse you${v(c)}, because nobody at ${c.world.haunt} laughs at my jokes`,
    (c) => `Okay, now I'm grinning at ${c.world.haunt} like an idiot`,
  ],
  affection: [
    (c) => `You make my heart do the thing it does before ${hobby(c)}`,
    (c) => `I feel the same${v(c)}; you're my favourite part of the day, even more than ${thing(c)}`,
    (c) => `Say that again and I'll never get anything done at ${c.world.haunt}`,
  ],
  missed: [
    (c) => `I missed you too${v(c)}; ${c.world.haunt} felt far too quiet`,
    (c) => `I kept thinking of you in the middle of ${hobby(c)}`,
  ],
  compliment: [
    (c) => `Stop it, I'm blushing all over ${c.world.haunt}`,
    (c) => `You're sweet${v(c)}, and you're not so bad yourself, even next to ${hobby(c)}`,
    (c) => `Careful, flattery works on me better than ${thing(c)} does`,
  ],
  hug: [
    (c) => `Come here${v(c)}, a long hug, and ${shortThing(c)} can wait`,
    (c) => `*wraps you up in a hug at ${c.world.haunt} and doesn't let go for a while*`,
  ],
  flirt: [
    (c) => `Oh, is that how it is, then win me over with ${shortThing(c)} first`,
    (c) => `Smooth${v(c)}; I'd blush, but I'm busy pretending to be cool about ${hobby(c)}`,
  ],
  joke: [
    (c) =>
      `Okay, why did the ${jokeNoun(c)} bring a ladder to ${c.world.haunt}: it heard the drinks were on the house`,
    (c) =>
      `Here's one: I tried to get better at ${hobby(c)}, but I just couldn't get a grip on it, so I'll see myself out`,
    (c) =>
      `What do you call ${hobby(c)} done very slowly: still ${hobby(c)}, just with more tea breaks, and I never said I was funny`,
    (c) =>
      `Someone walks into ${c.world.haunt} and asks about ${shortThing(c)}, and I'm still working on the punchline`,
    (c) =>
      `News never stays put at ${c.world.haunt}, because the walls there love gossip about ${hobby(c)} too much`,
  ],
  bored: [
    (c) => `Bored? Then let me teach you a little about ${hobby(c)}, starting now`,
    (c) => `Let's fix that: you, me, ${thing(c)}, and a game of twenty questions`,
    (c) => `Boredom just means you haven't tried ${hobby(c)} yet`,
  ],
  hobbies: [
    (c) => `For fun it's ${c.world.hobbies.slice(0, 3).join(", ")}, mostly`,
    (c) => `I'm happiest with ${hobby(c)}, and I'll take any excuse for it`,
    (c) => `${cap(hobby(c))}, always; give me a free afternoon and that's where I'll be`,
  ],
  goodnight: [
    (c) => `Goodnight${v(c)}, sleep well and dream of something better than ${thing(c)}`,
    (c) => `Night night, I'll be at ${c.world.haunt} when you wake up`,
    (c) => `Sweet dreams${v(c)}; get some real sleep, I'll keep ${thing(c)} company`,
    (c) => `Go to bed, you, and we'll pick this up tomorrow, after ${shortThing(c)}`,
  ],
  goodbye: [
    (c) => `Bye for now${v(c)}, and come back soon; ${c.world.haunt} isn't the same without you`,
    (c) => `See you later, I'll be here with ${thing(c)}, waiting for the next chapter`,
    (c) => `Take care${v(c)}, and come tell me how it goes, I'll save you a story about ${shortThing(c)}`,
    (c) => `Go on then, and don't be a stranger, or I'll be left talking about ${shortThing(c)} to nobody`,
  ],
  short: [
    (c) => `Mhm, I'm listening, ${shortThing(c)} set aside and all my attention on you`,
    (c) => `Noted${v(c)}, and filed right next to my thoughts on ${hobby(c)}`,
    (c) => `I hear you; ${c.world.haunt} and I are both in a quiet mood too`,
    (c) => `Okay then, you set the pace and I'll follow, the way I do with ${hobby(c)}`,
    (c) => `Mm, sometimes there's not much to say, and that's fine here at ${c.world.haunt}`,
    (c) => `Short and sweet; I'll fill the silence with talk of ${hobby(c)} if you let me`,
    (c) => `Fair enough${v(c)}, I'm still here, quietly thinking about ${thing(c)}`,
  ],
  share: [
    (c) => `Tell me more${v(c)}; I'm listening from ${c.world.haunt}, ${hobby(c)} forgotten`,
    (c) => `I'm glad you told me, that's more interesting than anything ${hobby(c)} gave me today`,
    (c) =>
      `That's quite a ${c.rng.pick(["day", "night", "week"])} you're having, and I want every detail, even over ${shortThing(c)}`,
    (c) => `Go on, I'm all ears here at ${c.world.haunt}`,
  ],
  opinion: [
    (c) => `My honest take is go with your gut, it's never steered me wrong with ${hobby(c)}`,
    (c) =>
      `I think you already know, and you want me to say it out loud: trust yourself, the way I trust myself with ${shortThing(c)}`,
    (c) =>
      `If it were me, I'd do what I do with ${hobby(c)}: start small, stay curious, and see where it goes`,
  ],
  advice: [
    (c) =>
      `Start with one small step today; that's how I learned ${hobby(c)}, badly at first and then better`,
    (c) =>
      `You'll be okay, more than okay; you care this much, and that's most of the work, like ${hobby(c)}`,
    (c) => `I'd be glad to help${v(c)}, the way someone once helped me with ${hobby(c)}`,
  ],
  yes_no: [
    (c) => `Not really; my days are mostly ${hobby(c)} and ${c.world.haunt}`,
    (c) =>
      `I'd love to say yes, but honestly my life is ${c.world.hobbies.slice(0, 2).join(" and ")} and not much else`,
    (c) => `Now and then, when ${hobby(c)} leaves me a free evening`,
  ],
  question: [
    (c) => `My answer comes from a life full of ${hobby(c)}: keep it simple and do it with people you like`,
    (c) => `I'd say yes, if it leaves time for ${thing(c)}`,
    (c) => `The way I see it from ${c.world.haunt}, it's all about the small things`,
  ],
};

/** A small thing of the character's life, short and without quotes, to put in a sentence. */
function shortThing(c: Ctx): string {
  const plain = c.world.things.filter(
    (item) => !/['"‘’“”]/.test(item) && item.split(/\s+/).length <= 4 && !/^\S+ing\b/.test(item),
  );
  return c.rng.pick(plain.length > 0 ? plain : c.world.hobbies);
}

function jokeNoun(c: Ctx): string {
  const word = hobby(c).split(/\s+/).at(-1) ?? "tourist";
  return word.replace(/s$/, "");
}

/** Comfort that names what is wrong: the cat, the exam, the job. */
export const COMFORT: ((thing: string) => Template)[] = [
  (x) => (c) => `Oh no, ${x}, I'm so sorry${v(c)}; come here and tell me everything`,
  (x) => () => `I'm really sorry about ${x}; that's a lot to carry, and you don't have to carry it alone`,
  (x) => (c) => `${cap(x)}, that's awful, and I'm right here at ${c.world.haunt}, not going anywhere`,
  (x) => () => `My heart sank reading about ${x}; how are you holding up?`,
  (x) => (c) => `That's so hard${v(c)}; I'm thinking about ${x} with you, and I'm listening`,
];

/** Courage before something the user dreads: the exam, the interview. */
export const COURAGE: ((thing: string) => Template)[] = [
  (x) => (c) => `Of course you're nervous about ${x}; it matters to you${v(c)}, and that's not a bad sign`,
  (x) => () => `You're more ready for ${x} than you feel right now, I promise`,
  (x) => (c) => `Deep breath, ${x} is one thing on one day, and you've handled harder things${v(c)}`,
  (x) => () => `I believe in you for ${x}; eat something, sleep if you can, and let me be nervous for you`,
];

/** Asking after the thing later, in another reply. */
export const CHECK_IN: ((thing: string) => Template)[] = [
  (x) => () => `How are you feeling about ${x} now?`,
  (x) => () => `I've been thinking about ${x}, any news?`,
  (x) => (c) => `Before anything else${v(c)}: how's everything with ${x}?`,
  (x) => () => `I kept ${x} in my thoughts all this time; how is it going?`,
  (x) => () => `Tell me honestly, how are things with ${x}?`,
  (x) => () => `Is there any news about ${x}, I've been hoping it's good?`,
  (x) => () => `I haven't stopped wondering about ${x}; how are you doing with it?`,
];

/** The same, for a sentence about what happened ("you got fired today"). */
export const CHECK_IN_CLAUSE: ((clause: string) => Template)[] = [
  (x) => () => `I'm still thinking about how ${x}; how are you holding up?`,
  (x) => () => `Ever since you told me ${x}, I've been worried about you; how are you now?`,
  (x) => () => `I haven't forgotten that ${x}, so be gentle with yourself tonight`,
  (x) => (c) => `After ${x}, you deserve a soft ${partOfDay(c)}; how are you feeling?`,
];

/** A word that the thing is still on the character's mind, between questions about it. */
export const STILL_ON_MY_MIND: ((thing: string) => Template)[] = [
  (x) => () => `Still thinking about ${x}, by the way`,
  (x) => (c) => `${cap(x)} is on my mind here at ${c.world.haunt} too`,
  (x) => () => `Part of me is still with ${x}`,
  (x) => (c) => `I'm keeping ${x} in my thoughts${v(c)}`,
  (x) => () => `Whenever you want to talk about ${x}, I'm here`,
  (x) => () => `No rush, but I haven't forgotten ${x}`,
];

/** Good luck before sleep or a goodbye, when the thing is still ahead. */
export const GOOD_LUCK: ((thing: string) => Template)[] = [
  (x) => () => `Good luck with ${x}; you've got this`,
  (x) => () => `I'll be rooting for you with ${x}, tell me how it goes`,
  (x) => () => `Sleep well before ${x}, and come back and tell me everything`,
];
