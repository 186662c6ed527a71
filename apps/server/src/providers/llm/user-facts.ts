import type { ChatTurn } from "./types.ts";

/**
 * What a user has told a character about themselves, read back from the chat history with
 * patterns (no model). The persona engine weaves these facts into replies; prompt assembly
 * summarises them for real models when older messages no longer fit the budget.
 *
 * Phrases are kept in the user's own words, first person ("my dog"): use `toSecondPerson` to
 * say them back ("your dog") and `toThirdPerson` to describe them ("their dog").
 */

export type Mood = "sad" | "happy";

export interface UserLike {
  /** "love", "like", "enjoy", "adore" or "into" */
  verb: string;
  thing: string;
}

export type PlaceRelation = "lives in" | "is from";

export interface UserPet {
  kind: string;
  name: string | null;
}

export interface UserFacts {
  /** Latest name the user gave in the chat, else their profile name. */
  name: string | null;
  /** Where the name came from: said in this chat, or the profile. */
  nameSource: "chat" | "profile" | null;
  /** Oldest first, one per thing; the newest mention wins. */
  likes: UserLike[];
  dislikes: string[];
  /** With its article: "a nurse". */
  job: string | null;
  /** With its preposition: "at the hospital", "in IT". */
  workplace: string | null;
  /** Where they live or come from: "Boston". */
  place: string | null;
  /** Whether `place` is where they live now or where they come from. */
  placeRelation: PlaceRelation | null;
  pets: UserPet[];
  /** Other statements worth keeping, first person: "I have two sisters", "my birthday is in May". */
  other: string[];
  /** Mood of each user message that had one, oldest first (`turn` indexes the history). */
  moods: { turn: number; mood: Mood }[];
}

/** Everything the user said, oldest first; the newest statement of a fact wins. */
export function readUserFacts(history: readonly ChatTurn[], profileName?: string | null): UserFacts {
  const facts: UserFacts = {
    name: null,
    nameSource: null,
    likes: [],
    dislikes: [],
    job: null,
    workplace: null,
    place: null,
    placeRelation: null,
    pets: [],
    other: [],
    moods: [],
  };
  history.forEach((turn, index) => {
    if (turn.from !== "user") return;
    const found = readMessage(turn.text);
    if (found.name) {
      facts.name = found.name;
      facts.nameSource = "chat";
    }
    for (const like of found.likes) {
      facts.likes = facts.likes.filter((known) => !sameThing(known.thing, like.thing));
      facts.dislikes = facts.dislikes.filter((known) => !sameThing(known, like.thing));
      facts.likes.push(like);
    }
    for (const dislike of found.dislikes) {
      facts.likes = facts.likes.filter((known) => !sameThing(known.thing, dislike));
      facts.dislikes = facts.dislikes.filter((known) => !sameThing(known, dislike));
      facts.dislikes.push(dislike);
    }
    if (found.job) facts.job = found.job;
    if (found.workplace) facts.workplace = found.workplace;
    if (found.place) {
      facts.place = found.place;
      facts.placeRelation = found.placeRelation;
    }
    for (const pet of found.pets) {
      const known = facts.pets.find((candidate) => candidate.kind === pet.kind);
      if (known) known.name = pet.name ?? known.name;
      else facts.pets.push(pet);
    }
    for (const statement of found.other) {
      if (!facts.other.some((known) => sameThing(known, statement))) facts.other.push(statement);
    }
    if (found.mood) facts.moods.push({ turn: index, mood: found.mood });
  });
  facts.likes = facts.likes.slice(-8);
  facts.dislikes = facts.dislikes.slice(-5);
  facts.other = facts.other.slice(-6);
  if (!facts.name && profileName?.trim()) {
    facts.name = profileName.trim();
    facts.nameSource = "profile";
  }
  return facts;
}

/** What one message says about the user. */
export interface MessageFacts {
  name: string | null;
  likes: UserLike[];
  dislikes: string[];
  job: string | null;
  workplace: string | null;
  place: string | null;
  placeRelation: PlaceRelation | null;
  pets: UserPet[];
  other: string[];
  mood: Mood | null;
}

export function readMessage(raw: string): MessageFacts {
  const text = normalize(raw);
  const found: MessageFacts = {
    name: readName(text),
    likes: [],
    dislikes: [],
    job: null,
    workplace: null,
    place: null,
    placeRelation: null,
    pets: [],
    other: [],
    mood: readMood(text),
  };
  for (const clause of clauses(text)) {
    const like = readLike(clause);
    if (like) found.likes.push(like);
    const dislike = readDislike(clause);
    if (dislike) found.dislikes.push(dislike);
    found.job = readJob(clause) ?? found.job;
    found.workplace = readWorkplace(clause) ?? found.workplace;
    const place = readPlace(clause);
    if (place) {
      found.place = place.place;
      found.placeRelation = place.relation;
    }
    const pet = readPet(clause);
    if (pet) found.pets.push(pet);
    const statement = readOtherFact(clause);
    if (statement) found.other.push(statement);
  }
  return found;
}

// ------------------------------------------------------------------ names

/** Words that follow "I'm" without being a name. */
const NOT_NAMES = new Set(
  (
    "a an the so not just very really good fine ok okay great well tired sad happy bored back here home " +
    "sorry glad sure going doing feeling ready done busy free new alone lonely hungry sleepy sick cool " +
    "alright excited nervous scared stressed upset lost confused curious serious kidding joking married " +
    "single late early out in on at from into with about still also gonna trying thinking listening " +
    "working waiting literally honestly actually kinda pretty too more all your yours you it that this " +
    "there over down up afraid worried proud thankful grateful only almost always never sometimes now " +
    "currently exhausted okay fine hurt broke bad better worse awake asleep off like totally definitely " +
    "probably maybe sooo soo super dead done fucking freaking baby babe honey dear darling later " +
    "whatever anytime tomorrow tonight today sometime what when if how why who where which yes no yeah " +
    "nope yep american british english canadian australian irish scottish welsh french german italian " +
    "spanish mexican brazilian indian chinese japanese korean russian polish dutch swedish norwegian " +
    "danish finnish greek turkish filipino vietnamese thai african european asian latino latina " +
    "christian muslim jewish catholic vegan vegetarian gay straight bi trans human real ai bot robot " +
    "male female guy girl man woman person nobody someone something everything nothing"
  ).split(" "),
);

function cleanName(word: string | undefined): string | null {
  if (!word) return null;
  const bare = word.replace(/['-]+$/, "");
  if (bare.length < 2 || bare.length > 20 || NOT_NAMES.has(bare.toLowerCase())) return null;
  return bare.charAt(0).toUpperCase() + bare.slice(1);
}

function readName(text: string): string | null {
  const said =
    /\bmy name(?:'s| is)\s+([a-z][a-z'-]*)/i.exec(text)?.[1] ??
    /\b(?:call me|you can call me|name's)\s+([a-z][a-z'-]*)/i.exec(text)?.[1];
  const named = cleanName(said);
  if (named) return named;
  // "I'm Sam", "Hi, it's Sam": only a capitalised word counts, so "I'm tired" is not a name
  for (const match of text.matchAll(/\b(?:[Ii]'m|[Ii] am|[Ii]m|[Tt]his is|[Ii]t's)\s+([A-Z][a-z'-]+)\b/g)) {
    const name = cleanName(match[1]);
    if (name) return name;
  }
  // "hi i'm sam" on its own, all lowercase
  const alone = /^(?:(?:hi+|hey+|hello+|yo|hiya)[\s,!.]+)?(?:i'm|i am|im)\s+([a-z][a-z'-]+)[\s.!]*$/i.exec(
    text,
  );
  if (alone?.[1] && !/(?:ing|ed|ly)$/i.test(alone[1])) return cleanName(alone[1]);
  return null;
}

// ------------------------------------------------------------------ likes and dislikes

const ADVERBS =
  "(?:(?:really|absolutely|totally|just|also|kinda|kind of|so|actually|genuinely|truly|honestly|still|do)\\s+)*";
const LIKE = new RegExp(`\\bi\\s+${ADVERBS}(love|like|enjoy|adore)\\s+(.+)`, "i");
const INTO = new RegExp(
  `\\bi(?:'m|\\s+am)\\s+${ADVERBS}(?:(?:pretty|super|very|really)\\s+)?(into|obsessed with|passionate about|a (?:big |huge )?fan of|crazy about|addicted to)\\s+(.+)`,
  "i",
);
const FAVORITE = /\bmy fav(?:ou?rite)?\s+([a-z]+(?:\s+[a-z]+)?)\s+(?:is|are)\s+(.+)/i;
const DISLIKE = new RegExp(
  `\\bi\\s+${ADVERBS}(?:hate|dislike|can't stand|cannot stand|don't like|do not like|don't enjoy|detest)\\s+(.+)`,
  "i",
);

/** Things that are about the character or the moment, not a taste: "I love you", "I like it". */
const NOT_A_TASTE =
  /^(?:you|u|ya|yours?|it|that|this|them|those|these|him|her|when|how|what|being with|talking (?:to|with)|chatting|our|here|there|too|so|to (?:talk|chat|hear|see|know))\b/i;

function readLike(clause: string): UserLike | null {
  const into = INTO.exec(clause);
  if (into?.[1] && into[2]) {
    const thing = cleanThing(into[2]);
    return thing
      ? { verb: into[1].startsWith("a ") || into[1].startsWith("into") ? "into" : "love", thing }
      : null;
  }
  const like = LIKE.exec(clause);
  if (like?.[1] && like[2]) {
    const thing = cleanThing(like[2]);
    return thing ? { verb: like[1].toLowerCase(), thing } : null;
  }
  const favorite = FAVORITE.exec(clause);
  if (favorite?.[2]) {
    const thing = cleanThing(favorite[2]);
    return thing ? { verb: "love", thing } : null;
  }
  return null;
}

function readDislike(clause: string): string | null {
  const match = DISLIKE.exec(clause);
  return match?.[1] ? cleanThing(match[1]) : null;
}

const CUT =
  /\s+(?:but|because|cause|cuz|though|although|when|if|since|except|especially|so|and i|and you|and it|lol|haha|hehe|btw|anyway)\b.*$/i;
const TRAILING =
  /\s+(?:a lot|so much|very much|too|as well|lol|haha|honestly|really|tbh|anyway|ngl|tho|now|though)$/i;
const DANGLING = /\s+(?:with|in|at|on|of|the|a|an|and|or|my|to|for|from|about|by|is|are|was)$/i;

/** "to cook Italian food a lot" → "cooking Italian food"; null for "you", "it" and the like. */
function cleanThing(raw: string): string | null {
  let thing = firstPhrase(raw).replace(CUT, "").trim();
  for (let index = 0; index < 3; index++) thing = thing.replace(TRAILING, "");
  if (/^to\s+[a-z]+/i.test(thing)) {
    thing = thing.replace(/^to\s+([a-z]+)/i, (_, verb: string) => gerund(verb));
  }
  if (!thing || NOT_A_TASTE.test(thing) || /\b(?:you|u|your|yourself)\b/i.test(thing)) return null;
  const words = thing.split(/\s+/).slice(0, 6);
  thing = words.join(" ");
  while (DANGLING.test(thing)) thing = thing.replace(DANGLING, "");
  if (thing.length < 2 || thing.length > 60) return null;
  return thing;
}

/** "cook" → "cooking", "dance" → "dancing", "swim" → "swimming". */
export function gerund(verb: string): string {
  const word = verb.toLowerCase();
  if (word.endsWith("ie")) return `${word.slice(0, -2)}ying`;
  if (/[^aeoy]e$/.test(word) && word !== "be") return `${word.slice(0, -1)}ing`;
  if (word.length <= 4 && /[^aeiou][aeiou][bdgklmnprt]$/.test(word)) return `${word}${word.slice(-1)}ing`;
  return `${word}ing`;
}

function sameThing(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase();
}

// ------------------------------------------------------------------ work and place

const JOBS = new Set(
  (
    "nurse doctor teacher student chef cook engineer developer programmer designer artist writer lawyer " +
    "accountant cashier barista waiter waitress bartender driver pilot mechanic electrician plumber carpenter " +
    "firefighter officer cop soldier farmer scientist researcher manager consultant analyst clerk receptionist " +
    "pharmacist dentist therapist vet veterinarian paramedic musician photographer journalist editor librarian " +
    "professor tutor coach trainer architect intern freelancer streamer baker butcher tailor hairdresser barber " +
    "cleaner janitor courier guard salesman saleswoman entrepreneur banker economist surgeon medic caregiver " +
    "nanny technician physician resident agent comedian historian translator secretary dev coder marketer " +
    "sailor fisherman miner welder painter sculptor actor actress dancer singer model florist gardener " +
    "housekeeper assistant attorney paralegal psychologist counselor counsellor" +
    " administrator director ceo founder ux"
  ).split(" "),
);
const NOT_JOBS = new Set(
  (
    "lover beginner loner believer dreamer fighter winner loser worrier overthinker member sucker monster " +
    "disaster wreck failure genius idiot nerd geek introvert extrovert mother father brother sister daughter " +
    "son parent grandmother grandfather owner user fan person player gamer reader listener talker thinker " +
    "weirdo partner neighbor neighbour stranger foreigner survivor other another either"
  ).split(" "),
);
const ROLE_END = /\s+(?:at|in|for|from|with|who|and|but|so|because|since|by|on)\b.*$/i;

function readJob(clause: string): string | null {
  const asMatch = /\bi\s+(?:work|am working|'m working)\s+as\s+(?:an?\s+)?([a-z][a-z -]{1,40})/i.exec(clause);
  const amMatch = /\bi(?:'m|\s+am)\s+(?:now\s+|currently\s+|actually\s+)?(an?\s+[a-z][a-z -]{1,40})/i.exec(
    clause,
  );
  const phrase = (asMatch?.[1] ?? amMatch?.[1])?.replace(ROLE_END, "").trim();
  if (!phrase) return null;
  const words = phrase.split(/\s+/).filter(Boolean);
  const last = words.at(-1)?.toLowerCase() ?? "";
  const body = words.filter((word) => !/^an?$/i.test(word));
  if (body.length === 0 || body.length > 3 || NOT_JOBS.has(last)) return null;
  if (body.some((word) => /^(?:bit|lot|little|big|huge|total|real|kind|sort)$/i.test(word))) return null;
  if (!JOBS.has(last) && !/(?:eer|ician|ist|tor|ter|ner|ger|ker|ser)$/.test(last)) return null;
  const role = body.join(" ");
  return `${/^[aeiou]/i.test(role) ? "an" : "a"} ${role}`;
}

function readWorkplace(clause: string): string | null {
  const match =
    /\bi\s+(?:work|am working|'m working)\s+(?:as\s+[a-z -]+?\s+)?(at|for|in)\s+(.+)/i.exec(clause) ??
    /\bi(?:'m|\s+am)\s+an?\s+[a-z -]+?\s+(at)\s+(.+)/i.exec(clause);
  if (!match?.[1] || !match[2]) return null;
  const where = shortPlace(match[2], 5);
  if (!where || /^(?:home|the moment|night|nights|weekends?|least|all)$/i.test(where)) return null;
  return `${match[1].toLowerCase()} ${where}`;
}

const NOT_PLACES =
  /^(?:here|there|bed|work|school|home|love|trouble|pain|the mood|a mood|the middle|my room|class|a meeting|the shower|line|a hurry|charge|control|town|the zone|shape)\b/i;

function readPlace(clause: string): { place: string; relation: PlaceRelation } | null {
  const lives =
    /\bi\s+(?:live|stay|am living|'m living)\s+in\s+(.+)/i.exec(clause) ??
    /\bi(?:'m|\s+am)\s+(?:based|located)\s+in\s+(.+)/i.exec(clause) ??
    /\bi(?:\s+just)?\s+moved\s+to\s+(.+)/i.exec(clause) ??
    /\b[Ii](?:'m|\s+am)\s+in\s+([A-Z][\w'-]+(?:\s+[A-Z][\w'-]+){0,2})/.exec(clause) ??
    // "I'm a nurse in Leeds": a capitalised place after a role
    /\b[Ii](?:'m|\s+am)\s+an?\s+[a-z][a-z -]*?\s+(?:in|based in)\s+([A-Z][\w'-]+(?:\s+[A-Z][\w'-]+){0,2})/.exec(
      clause,
    );
  const from =
    /\bi(?:'m|\s+am)\s+(?:originally\s+)?from\s+(.+)/i.exec(clause) ??
    /\bi\s+grew up\s+in\s+(.+)/i.exec(clause);
  const raw = lives?.[1] ?? from?.[1];
  if (!raw) return null;
  const place = shortPlace(raw, 5);
  if (!place || NOT_PLACES.test(place)) return null;
  return { place, relation: lives ? "lives in" : "is from" };
}

const PLACE_END =
  /\s+(?:with|for|because|since|but|and|right now|at the moment|these days|nowadays|now|so|though)\b.*$/i;

function shortPlace(raw: string, maxWords: number): string | null {
  let place = firstPhrase(raw).replace(CUT, "").replace(PLACE_END, "").trim();
  for (let index = 0; index < 3; index++) place = place.replace(TRAILING, "");
  place = place.split(/\s+/).slice(0, maxWords).join(" ");
  while (DANGLING.test(place)) place = place.replace(DANGLING, "");
  if (place.length < 2 || /\b(?:you|u|your)\b/i.test(place)) return null;
  return place;
}

// ------------------------------------------------------------------ pets and other facts

const PET_KINDS =
  "dog|cat|puppy|kitten|bird|parrot|rabbit|bunny|hamster|guinea pig|fish|turtle|tortoise|horse|snake|lizard|ferret";

function readPet(clause: string): UserPet | null {
  const have = new RegExp(
    `\\bi\\s+(?:have|got|own)\\s+(?:an?|one|two|three|some)\\s+(?:little\\s+|old\\s+|new\\s+)?(${PET_KINDS})s?\\b(?:\\s+(?:named|called)\\s+([A-Za-z]+))?`,
    "i",
  ).exec(clause);
  const mine = new RegExp(
    `\\bmy\\s+(${PET_KINDS})(?:'s name is|'s called|\\s+is called|\\s+is named|\\s+named|\\s+called)?\\s+([A-Z][a-z]+)\\b`,
  ).exec(clause);
  const match = have ?? mine;
  if (!match?.[1]) return null;
  const name = match[2] && !/^(?:is|was|and|but|who|that)$/i.test(match[2]) ? match[2] : null;
  return { kind: match[1].toLowerCase(), name: name ? name.charAt(0).toUpperCase() + name.slice(1) : null };
}

const FACT_SUBJECTS =
  "birthday|sister|brother|sisters|brothers|mom|mum|dad|mother|father|parents|family|son|daughter|kids|husband|wife|boyfriend|girlfriend|partner|best friend|hometown|car|house|apartment|flat|garden|exam|exams|interview|trip|vacation|holiday";

function readOtherFact(clause: string): string | null {
  const age = /\bi(?:'m|\s+am)\s+(\d{2})(?:\s+years?\s+old|\s+yo)?\b/i.exec(clause);
  if (age?.[1] && Number(age[1]) >= 18 && Number(age[1]) < 100) return `I am ${age[1]}`;
  const mine = new RegExp(`\\b(my\\s+(?:${FACT_SUBJECTS})(?:'s|\\s+is|\\s+are|\\s+was)\\s+.+)`, "i").exec(
    clause,
  );
  const have =
    /\b(i\s+have\s+(?:an?|one|two|three|four|\d+)\s+(?:sisters?|brothers?|kids|children|sons?|daughters?)\b)/i.exec(
      clause,
    );
  const raw = mine?.[1] ?? have?.[1];
  if (!raw) return null;
  const statement = raw.replace(CUT, "").trim().split(/\s+/).slice(0, 10).join(" ");
  return statement.length >= 8 ? statement : null;
}

// ------------------------------------------------------------------ mood

const SAD =
  /\b(?:sad|depressed|lonely|upset|crying|cried|tears|heartbroken|broke up|breakup|break up|miserable|stressed|anxious|anxiety|worried|scared|afraid|exhausted|burn(?:ed|t) out|overwhelmed|frustrated|awful day|terrible day|horrible day|bad day|rough day|hard day|tough day|long day|shitty day|bad week|rough week|hard week|lost my (?:job|mom|mum|dad|mother|father|grandma|grandpa|brother|sister|friend|best friend|dog|cat|pet|wife|husband|partner)|passed away|(?:mom|mum|dad|mother|father|grandma|grandpa|grandmother|grandfather|brother|sister|friend|dog|cat|pet|wife|husband|partner) (?:just )?died|got fired|laid off|hate my life|feel(?:ing)? (?:like )?(?:crap|awful|terrible|horrible|empty|alone|lost|sick|worthless|useless)|hurts?|hurting|grieving|homesick|can't sleep|cannot sleep|so tired|really tired|very tired|feel(?:ing)? down|i'm down|i am down|feel(?:ing)? low|feel(?:ing)? blue|not (?:feeling )?(?:good|great|okay|ok|well|fine|happy)|i'?m (?:so |really |very |kinda |super |a bit )?(?:tired|sleepy|drained)|i am tired|i'm sick(?! of)|i am sick(?! of)|got sick|been sick|is sick|annoying|annoyed|irritated|sick of|tired of|fed up|pissed off|sucked|sucks|the worst day|ugh)\b/i;
const HAPPY =
  /\b(?:(?:so|really|very|i'm|i am|feel|feeling|super|just) (?:so |really |very )?happy|excited|thrilled|amazing day|great day|good day|best day|wonderful day|good news|great news|got the job|got promoted|promotion|passed (?:my|the)|proud of myself|feel(?:ing)? (?:great|good|amazing|awesome|fantastic|wonderful)|i'm (?:great|good|fine|well|doing well|doing great|awesome)|i am (?:great|good|fine|well|awesome)|so good|celebrat\w+)\b/i;
const NEGATED_HAPPY =
  /\b(?:not|never|isn't|wasn't|ain't|don't feel)\s+(?:so\s+|very\s+|really\s+|that\s+)?(?:happy|good|great|excited|fine|okay|ok|well)\b/i;

function readMood(text: string): Mood | null {
  if (SAD.test(text) && !/\bdown (?:for|to)\b/i.test(text)) return "sad";
  if (NEGATED_HAPPY.test(text)) return "sad";
  if (HAPPY.test(text)) return "happy";
  return null;
}

// ------------------------------------------------------------------ text helpers

/** Straight quotes and single spaces. */
export function normalize(text: string): string {
  return text
    .replace(/[\u2018\u2019\u02bc]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/\s+/g, " ")
    .trim();
}

/** Up to the first comma, colon, dash or bracket. */
function firstPhrase(text: string): string {
  return text.split(/[,:;()"]|\s[-\u2013\u2014]\s/)[0] ?? "";
}

/** Sentences and clause-like pieces of a message. */
function clauses(text: string): string[] {
  return text
    .split(/[.!?;\n]+|,\s+(?=(?:and\s+)?i\b)|\s+and\s+(?=i\b)/i)
    .map((part) => part.trim())
    .filter(Boolean);
}

const SECOND_PERSON: Record<string, string> = {
  i: "you",
  me: "you",
  my: "your",
  mine: "yours",
  myself: "yourself",
  "i'm": "you're",
  "i've": "you've",
  "i'd": "you'd",
  "i'll": "you'll",
  am: "are",
  our: "your",
  we: "you",
  us: "you",
};
const THIRD_PERSON: Record<string, string> = {
  i: "they",
  me: "them",
  my: "their",
  mine: "theirs",
  myself: "themselves",
  "i'm": "they're",
  "i've": "they've",
  "i'd": "they'd",
  "i'll": "they'll",
  am: "are",
  our: "their",
  we: "they",
  us: "them",
};

function swapPerson(phrase: string, table: Record<string, string>): string {
  return phrase.replace(/\b[A-Za-z']+\b/g, (word) => {
    const swapped = table[word.toLowerCase()];
    if (!swapped) return word;
    return word[0] === word[0]?.toUpperCase() && word.toLowerCase() !== "i"
      ? swapped.charAt(0).toUpperCase() + swapped.slice(1)
      : swapped;
  });
}

/** "my dog" → "your dog" (for saying a fact back to the user). */
export function toSecondPerson(phrase: string): string {
  return swapPerson(phrase, SECOND_PERSON);
}

/** "my dog" → "their dog" (for describing the user to a model). */
export function toThirdPerson(phrase: string): string {
  return swapPerson(phrase, THIRD_PERSON);
}

/** ["a", "b", "c"] → "a, b and c". */
export function listOf(items: readonly string[], conjunction = "and"): string {
  if (items.length <= 1) return items[0] ?? "";
  return `${items.slice(0, -1).join(", ")} ${conjunction} ${items.at(-1)}`;
}

/** The verb for "you ___ hiking": "love", "enjoy", "are into". */
export function likeVerb(like: UserLike): string {
  return like.verb === "into" ? "are into" : like.verb;
}
