import { LRUCache } from "lru-cache";
import type { MemoryExtractionRequest, MemoryExtractor, MemoryFact } from "../types.ts";
import { townsIn } from "./gazetteer.ts";

/** The offline extractor: pattern rules over the user's message and the reply. */
export class RuleMemoryExtractor implements MemoryExtractor {
  readonly name = "rules";

  async extract(request: MemoryExtractionRequest): Promise<MemoryFact[]> {
    return extractFactsByRules(request);
  }
}

/**
 * The rules themselves, synchronous, so the offline engine can read the newest message too.
 *
 * Each fact's `text` is a phrase about the user in the third person without its subject ("has a
 * dog called Biscuit", "is worried about their mum") or a sentence about someone else ("their
 * sister Lena is visiting this weekend"), so a reply can say it back ("you have a dog called
 * Biscuit"). Users write in lower case, without apostrophes and in run-on sentences, so the
 * rules read clauses, accept lower-case names where the wording makes them names ("my sister
 * lena", "a cat called miso") and never take a common word for a name.
 */
export function extractFactsByRules(request: Omit<MemoryExtractionRequest, "signal">): MemoryFact[] {
  const found: MemoryFact[] = [];
  const message = tidy(request.userMessage);
  if (message) found.push(...readMessage(message, request.today));
  if (message) found.push(...namesOfEarlierThings(message, found, request.known));
  if (message && !found.some((item) => item.kind === "pet")) found.push(...petNamedFirst(message));
  if (message && !found.some((item) => item.kind === "date"))
    found.push(...dateCorrected(message, request.known, request.today));
  if (message) found.push(...townsTalkedAbout(message, found, request));
  const reply = tidy(request.reply);
  if (reply) found.push(...selfFacts(reply));
  // "Trolla. she sleeps on my feet": a name the chat gives a pet or a person is not the user's
  const others = new Set(
    [...request.known, ...found]
      .filter((item) => item.kind === "pet" || item.kind === "person")
      .map((item) => item.subject.toLowerCase()),
  );
  for (let index = found.length - 1; index >= 0; index--) {
    const item = found[index];
    if (item?.kind === "name" && others.has(item.subject.toLowerCase())) found.splice(index, 1);
  }
  // a pet named later in the message replaces the unnamed one ("a cat, her name is Miso")
  const named = new Set(
    found
      .filter((item) => item.kind === "pet" && !item.subject.startsWith("the "))
      .map((item) => item.text.replace(/ called .*$/, "")),
  );
  return dedupe(
    found.filter((item) => !(item.kind === "pet" && item.subject.startsWith("the ") && named.has(item.text))),
  );
}

/**
 * A pet named before it is said to be one: "luna is sleeping on my feet. she's a husky",
 * "figaro's on the windowsill, he's a ginger tom".
 */
function petNamedFirst(message: string): MemoryFact[] {
  const match = PET_NAMED_FIRST.exec(message);
  const name = match ? asName(match[1]) : null;
  if (!match || !name) return [];
  const kind = (match[2] ?? "pet").toLowerCase().replace(/^tom(?:cat)?$/, "cat");
  return [fact("pet", name, `has a ${kind} called ${name}`)];
}

/**
 * A reply reads every earlier message of its chat again (persona/memory.ts), so what a message
 * says is read once and kept: the same words on the same day say the same.
 */
const readMessages = new LRUCache<string, readonly MemoryFact[]>({ max: 5_000 });

function readMessage(message: string, today: string): MemoryFact[] {
  const key = `${today}|${message}`;
  let facts = readMessages.get(key);
  if (!facts) {
    facts = factsOfMessage(message, today);
    readMessages.set(key, facts);
  }
  return facts.map((item) => ({ ...item }));
}

/**
 * Names given to what an earlier message told without one: "my cat's been poorly" then "her
 * name's Pickle"; "my dogs can't sleep" then "Bonnie hides in the bath and Clyde just howls";
 * "my girlfriend isn't talking to me" then "her name's Mel". Only when this message names
 * nothing of its own.
 */
function namesOfEarlierThings(
  message: string,
  found: readonly MemoryFact[],
  known: readonly MemoryFact[],
): MemoryFact[] {
  if (found.some((item) => (item.kind === "pet" || item.kind === "person") && /^\p{Lu}/u.test(item.subject)))
    return [];
  const earlier = [...known, ...found];
  const lastUnnamed = earlier.findLast(
    (item) =>
      (item.kind === "pet" && item.subject.startsWith("the ")) ||
      (item.kind === "person" && /^mentioned /.test(item.text)),
  );
  if (!lastUnnamed) return [];
  if (lastUnnamed.kind === "pet") {
    const kind = lastUnnamed.subject.replace(/^the /, "");
    const plural = /\bhas (?!an? )/.test(lastUnnamed.text);
    const single = kind.replace(/ies$/, "y").replace(/(?<!s)s$/, "");
    if (plural) {
      const pair = /(?:^|[\s,.!])(\p{Lu}[\p{L}'-]+)\b[^.!?]{0,40}?\s(?:and|&)\s+(\p{Lu}[\p{L}'-]+)\b/u.exec(
        message,
      );
      const names = [asName(pair?.[1]), asName(pair?.[2])].filter((name): name is string => Boolean(name));
      if (names.length === 2) return names.map((name) => fact("pet", name, `has a ${single} called ${name}`));
    }
    const name = nameGivenLater(message);
    return name ? [fact("pet", name, `has a ${single} called ${name}`)] : [];
  }
  const relation = lastUnnamed.subject;
  // "Jamal cried at the solicitor's": a name opening the next message, doing something
  const opening =
    /(?:^|[.!?]\s+)(\p{Lu}[\p{Ll}'-]+)\s+(?:\p{Ll}+ed|is|was|has|had|says|said|cried|keeps|thinks|wants|won't|doesn't|didn't|isn't|just|always|never|still|got|went|came|took|made|lost|left)\b/u.exec(
      message,
    )?.[1];
  const name = nameGivenLater(message) ?? asName(opening);
  // "Coimbra is so quiet in August": a town opening the message, not the mother's name
  if (name && townsIn(message).includes(name)) return [];
  return name ? [fact("person", name, `their ${relation} is called ${name}`)] : [];
}

/** Words a message may open on, followed by a full stop or a comma, that are never a name. */
const OPENERS =
  /^(?:morning|evening|afternoon|night|yeah|yes|yep|no|nope|honestly|anyway|well|sorry|thanks|cheers|hello|hi|hey|sure|okay|right|seriously|wow|damn|ugh|haha|lol|aww|oh|ah|hmm|update|today|tonight|yesterday|also|so|sadly|luckily|finally|basically|literally|anyways|guess|true|same|exactly|correct|wait|listen|look|update|ok|fine|good|great|nice|cool|awesome|perfect|brilliant|lovely|bless|bro|mate|dude|girl|babe|man|lord|god|jesus|christ|omg|idk|tbh|ngl|btw)$/i;

/** "Kasia. only my gran calls me…", "ravi. just ravi": the name a message opens on, if any. */
function nameOpening(message: string): string | null {
  const first = /^([\p{L}'-]{2,})[.,]\s+(\S.*)$/u.exec(message.trim());
  if (!first?.[1] || OPENERS.test(first[1])) return null;
  const word = first[1];
  const rest = (first[2] ?? "").toLowerCase();
  const said = /^\p{Lu}/u.test(word) || new RegExp(`\\b${word.toLowerCase()}\\b`).test(rest);
  // a town opening a message is told by where it is ("Aberdeen. Born here"), read as a place
  if (
    !said ||
    /\b(?:born|never left|near|city|centre|center|above|in a|nothing happens|weather|raining|freezing)\b/.test(
      rest,
    )
  )
    return null;
  return word;
}

/** "he's called Rambo", "her name's Pickle", "his name is Noodle": the name a pronoun is given. */
function nameGivenLater(message: string): string | null {
  const said =
    /\b(?:(?:he|she|it)(?:'s| is| was) (?:called|named)|(?:his|her|its) name(?:'s| is| was)|(?:he|she|it) (?:goes|went) by|(?:called|named) (?:him|her|it)|(?:we|i) call (?:him|her|it))\s+([\p{L}'-]+)/iu.exec(
      message,
    )?.[1];
  return asName(said);
}

// ------------------------------------------------------------------ text

/** Straight apostrophes, "im"/"ive"/"dont" written out, single spaces. */
export function tidy(text: string): string {
  return text
    .replace(/[\u2018\u2019\u02bc`]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/\b([Ii])m\b/g, "$1'm")
    .replace(/\b([Ii])ve\b/g, "$1've")
    .replace(
      /\b([Ii])ll\b(?=\s+(?:be|have|go|never|probably|fail|miss|do|see|tell|try|get|just)\b)/g,
      "$1'll",
    )
    .replace(/\b(don|can|won|didn|isn|wasn|doesn|haven|couldn|wouldn|shouldn)t\b/gi, "$1't")
    .replace(
      /\b(she|he|it|that|what|who|there)s\b(?=\s+(?:a|an|the|my|so|really|been|got|name|called|in|at|on|not|just|still|sick)\b)/gi,
      "$1's",
    )
    .replace(/\s+/g, " ")
    .trim();
}

/** Sentences and the clauses of run-on sentences ("…, i'm a nurse and i live in Leeds"). */
export function clausesOf(text: string): string[] {
  return text
    .split(
      /[.!?;\n]+|\s[-\u2013\u2014]\s|,\s*(?=(?:and\s+|but\s+|so\s+|also\s+)?(?:i|i'm|i've|i'd|my|our|we|we're|he|she|he's|she's|his|her|they|it's|its)\b)|\s+(?:and|but|so|because|cos|cuz|coz)\s+(?=(?:i|i'm|i've|my|our|we|we're|now i)\b)|\s+and\s+(?=(?:he|she|his|her)\s)/i,
    )
    .map((part) => part.trim())
    .filter((part) => /\p{L}/u.test(part));
}

const MONTHS = [
  "january",
  "february",
  "march",
  "april",
  "may",
  "june",
  "july",
  "august",
  "september",
  "october",
  "november",
  "december",
];
export const MONTH =
  "jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?";
const DAYS = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"];
export const DAY =
  "mon(?:day)?|tue(?:s(?:day)?)?|wed(?:nesday)?|thu(?:rs(?:day)?)?|fri(?:day)?|sat(?:urday)?|sun(?:day)?";

/** Words that are never a name, however they are written. */
const NOT_NAMES = new Set(
  (
    "a an the so not yesterday everyone everybody nobody somebody someone anyone anybody me im i myself we us guess just very really good fine ok okay great well tired sad happy bored back here home " +
    "sorry glad sure going doing feeling ready done busy free new alone lonely hungry sleepy sick cool " +
    "alright excited nervous scared stressed upset lost confused curious serious kidding joking married " +
    "single late early out in on at from into with about still also gonna trying thinking listening " +
    "working waiting literally honestly actually kinda pretty too more all your yours you it that this " +
    "there over down up afraid worried proud thankful grateful only almost always never sometimes now " +
    "currently exhausted hurt broke bad better worse awake asleep off like totally definitely and but or " +
    "probably maybe sooo soo super dead fucking freaking baby babe honey dear darling later is was " +
    "whatever anytime tomorrow tonight today sometime what when if how why who where which yes no yeah " +
    "nope yep american british english canadian australian irish scottish welsh french german italian " +
    "spanish mexican brazilian indian chinese japanese korean russian polish dutch swedish norwegian " +
    "danish finnish greek turkish filipino vietnamese thai african european asian latino latina he she " +
    "christian muslim jewish catholic vegan vegetarian gay straight bi trans human real ai bot robot they " +
    "male female guy girl man woman person nobody someone something everything nothing his her its their " +
    "has had have who's whose got gets called named name names little big old young older younger best " +
    "sick ill died dying passed moving visiting coming staying leaving being getting having said says born raised " +
    "hates loves likes lol haha omg idk tbh btw wait hey hi hello um uhm hmm ugh oh ah wow such kind sort " +
    "because cause cos since though although then than even ever also too very much many some any " +
    "one two three four five six seven eight nine ten first second last next this that these those " +
    "doing good gone getting stuck finally officially basically seriously lowkey highkey kinda sorta " +
    "studying living staying looking using learning starting feeling trying hoping planning fighting " +
    "in-love obsessed addicted terrible awful horrible amazing fine-ish meh bleh ugh" +
    " monday tuesday wednesday thursday friday saturday sunday " +
    MONTHS.join(" ")
  ).split(" "),
);

/** A word as a name: capitalised, unless it is a common word. */
function asName(word: string | undefined): string | null {
  if (!word) return null;
  const bare = word.replace(/^['"]+|['".,!?]+$/g, "").replace(/'s$/i, "");
  if (!/^\p{L}[\p{L}'-]{1,19}$/u.test(bare)) return null;
  if (NOT_NAMES.has(bare.toLowerCase())) return null;
  if (/(?:ing|ed|ly)$/i.test(bare) && bare === bare.toLowerCase()) return null;
  return bare.charAt(0).toUpperCase() + bare.slice(1);
}

/** "my" → "their", "I" → "they": a phrase of the user's about the user, for the fact's text. */
export function thirdPerson(phrase: string): string {
  const table: Record<string, string> = {
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
    "we're": "they're",
    "we've": "they've",
  };
  return phrase.replace(/\b[A-Za-z']+\b/g, (word) => table[word.toLowerCase()] ?? word);
}

/** Trims a phrase at the words that start another thought. */
function cutPhrase(raw: string, maxWords = 6): string {
  const cut = raw
    .split(
      /\s+(?:but|because|cos|cuz|since|though|although|which|lol|lmao|haha|tbh|honestly|btw|rn|right now|and (?:i|i'm|my|he|she|it|they|we)|so (?:i|i'm|we)|who|when i|if)\b|[,:;()"!?.]|\s[-\u2013\u2014]\s/i,
    )[0]
    ?.trim();
  const words = (cut ?? "").split(/\s+/).filter(Boolean).slice(0, maxWords);
  while (
    words.length > 0 &&
    /^(?:with|in|at|on|of|the|a|an|and|or|to|for|from|about|by|is|are|was|so|too|very|really|that|like|actually|also|though|honestly|tbh|lol|haha|now|again|anyway|much|lot|rn|either|originally|anymore|nowadays|lately|currently)$/i.test(
      words.at(-1) ?? "",
    )
  )
    words.pop();
  return words.join(" ");
}

/** Capitalises the words of a place the user wrote in lower case ("leeds" → "Leeds"). */
function placeName(raw: string): string {
  if (/^(?:a|an|the|this|that|my|our|some)\b/i.test(raw)) return raw;
  return raw
    .split(/\s+/)
    .map((word) =>
      /^(?:of|de|la|le|del|upon|on|am|im|an|der|di|da|do|du)$/i.test(word)
        ? word
        : word.charAt(0).toUpperCase() + word.slice(1),
    )
    .join(" ");
}

function fact(kind: MemoryFact["kind"], subject: string, text: string, date?: string | null): MemoryFact {
  return { kind, subject: subject.trim(), text: text.replace(/\s+/g, " ").trim(), date: date ?? null };
}

function dedupe(facts: MemoryFact[]): MemoryFact[] {
  const seen = new Set<string>();
  return facts.filter((item) => {
    const key = `${item.kind}|${item.subject.toLowerCase()}|${item.text.toLowerCase()}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

// ------------------------------------------------------------------ the user's message

export const PET_KINDS =
  "(?:blue |red )?heelers?|cattle dogs?|pitt(?:ie|y|ies|s)?|pit ?bulls?|bull terriers?|street dogs?|alsatians?|boxers?|border collies?|cocker spaniels?|springers?|sausage dogs?|shih tzus?|bichons?|malteses?|maine coons?|ragdolls?|sphynx|bengals?|siamese|persians?|budgerigars?|lovebirds?|conures?|macaws?|degus?|staff(?:ie|y|ies)|kelpies?|lurchers?|whippets?|sheepdogs?|rottweilers?|bulldogs?|frenchies|frenchie|cockapoos?|cavapoos?|schnauzers?|moggy|mogg(?:ies)|pooch(?:es)?|mutts?|rescues?(?!\\s+[a-z])|furballs?|fur ?bab(?:y|ies)|puppers?|floofs?|jack russells?|russells?|newfoundlands?|newfies?|doodles?|labradoodles?|goldendoodles?|cavaliers?|dalmatians?|shepherds?|mastiffs?|westies?|yorkies?|poms?|pomeranians?|dogs?|doggies?|pupp(?:y|ies)|pups?|doggos?|cats?|kittens?|kitty|kitties|hamsters?|rabbits?|bunn(?:y|ies)|parrots?|budgies?|birds?|goldfish|fish|turtles?|tortoises?|snakes?|lizards?|geckos?|horses?|ponies|pony|goats?|ferrets?|guinea pigs?|rats?|mice|mouse|chickens?|hens?|cockatiels?|axolotls?|hedgehogs?|iguanas?|pigs?|ducks?|corgis?|labradors?|labs?|huskies|husky|beagles?|pugs?|poodles?|dachshunds?|retrievers?|terriers?|spaniels?|collies|collie|greyhounds?|chihuahuas?|shibas?|pomeranians?|tabby|tabbies|bearded dragons?|dragons?|tarantulas?|chinchillas?|cockatoos?|canar(?:y|ies)|frogs?|tortoise|gerbils?|budgie";
const PET = new RegExp(`\\b(${PET_KINDS})\\b`, "i");
/** What a pet does right after it is named: "Biscuit is", "murphy my dog thinks". */
const PET_ACTS =
  /^\s+(?:is|was|has|had|just|keeps|says|said|barks|meows|snores|sits|sat|woke|wakes|likes|wants|won't|wont|isn't|hasn't|ate|stopped|got|threw|knocked|loves|hates|who|passed|died|went|ran|bit|chewed|needs|sleeps|escaped|stole|broke|did|does|can't|cannot|learned|turned|turns|follows|hid|jumped|thinks|thought|looks|seems|always|never|still|hides|howls|cries|screams|squeaks|goes|went|came|comes|lost|found|peed|brought|caught|hates)\b/i;
export const RELATIONS =
  "mum|mom|mother|mama|mommy|mummy|dad|father|papa|daddy|parents|sister|sis|brother|bro|mate|best mate|pal|buddy|grandma|grandmother|granny|gran|nan|nana|nanna|grandad|granddad|grandpa|grandfather|grandparents|aunt|auntie|aunty|uncle|cousin|niece|nephew|son|daughter|wife|husband|girlfriend|gf|boyfriend|bf|partner|fianc[eé]e?|best friend|bestie|bff|friend|roommate|flatmate|housemate|boss|manager|coworker|co-worker|colleague|neighbou?r|teacher|therapist|ex|crush|kid|kids|baby|twin|stepmom|stepdad|stepmum|step-mum|step-dad|in-laws?|mother-in-law|father-in-law";
const RELATION = new RegExp(
  `\\b(?:my|our)\\s+((?:(?:older|little|big|younger|baby|twin|best|old|new|ex|step|late|other)[\\s-])*(?:${RELATIONS}))\\b`,
  "i",
);
const MALE =
  /^(?:dad|father|papa|daddy|brother|bro|grandad|granddad|grandpa|grandfather|uncle|nephew|son|husband|boyfriend|bf|stepdad|step-dad|father-in-law)$/i;
const FEMALE =
  /^(?:mum|mom|mother|mama|mommy|mummy|sister|sis|grandma|grandmother|granny|gran|nan|nana|nanna|aunt|auntie|aunty|niece|daughter|wife|girlfriend|gf|stepmom|stepmum|step-mum|mother-in-law)$/i;

export const JOBS = new Set(
  (
    "nurse doctor teacher student chef cook engineer developer programmer designer artist writer lawyer " +
    "accountant cashier barista waiter waitress bartender driver pilot mechanic electrician plumber carpenter " +
    "firefighter officer cop soldier farmer scientist researcher manager consultant analyst clerk receptionist " +
    "pharmacist dentist therapist vet veterinarian paramedic musician photographer journalist editor librarian " +
    "professor tutor coach trainer architect intern freelancer streamer baker butcher tailor hairdresser barber " +
    "cleaner janitor courier guard salesman saleswoman entrepreneur banker economist surgeon medic caregiver " +
    "nanny technician physician resident agent comedian historian translator secretary dev coder marketer " +
    "sailor fisherman miner welder painter sculptor actor actress dancer singer model florist gardener " +
    "housekeeper assistant attorney paralegal psychologist counselor counsellor physiotherapist physio " +
    "administrator director ceo founder midwife postman postwoman carer cashier shopkeeper machinist " +
    "dispatcher lecturer tattooist illustrator animator data scientist paramedic firefighter bricklayer " +
    "electrician optician radiographer surveyor chemist biologist vet tech waitress server host teller " +
    "archivist curator potter jeweller jeweler brewer roaster sommelier butler chauffeur trucker"
  ).split(" "),
);
const NOT_JOBS = new Set(
  (
    "lover beginner loner believer dreamer fighter winner loser worrier overthinker member sucker monster " +
    "disaster wreck failure genius idiot nerd geek introvert extrovert mother father brother sister daughter " +
    "son parent grandmother grandfather owner user fan person player gamer reader listener talker thinker " +
    "weirdo partner neighbor neighbour stranger foreigner survivor other another either customer mess " +
    "bit lot little while sucker clown night morning cat dog people regular"
  ).split(" "),
);

/** "a nurse", "a software developer" → the role, when the last word reads as a job. */
function asJob(raw: string): string | null {
  const words = cutPhrase(
    raw.replace(/\s+(?:at|in|for|from|with|on|near|by|studying|doing|working|who|that)\b.*$/i, ""),
    4,
  )
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean);
  const last = words.at(-1);
  if (!last || NOT_JOBS.has(last)) return null;
  if (!JOBS.has(last) && !/(?:er|or|ist|ian|ant|ent)$/.test(last)) return null;
  if (words.some((word) => /^(?:bit|big|huge|total|such|kind|sort|fan|mess|person)$/.test(word))) return null;
  return words.slice(-3).join(" ");
}

const QUESTION =
  /^(?:(?:and|so|but|ok|okay|oh|wait|hey|hmm|also|then|like|um|uh)[,!.]?\s+)*(?:what|whats|what's|where|wheres|where's|when|whens|when's|who|whos|who's|how|hows|how's|why|which|do|does|did|can|could|would|will|is|are|was|were|have|has|remember|tell me|remind me|guess)\b(?!')/;
/** Clauses of sentences that end with a question mark. */
let ASKED = new Set<string>();

function factsOfMessage(message: string, today: string): MemoryFact[] {
  const facts: MemoryFact[] = [];
  const clauses = clausesOf(message);
  ASKED = new Set((message.match(/[^.!?\n]+\?+/g) ?? []).flatMap((sentence) => clausesOf(sentence)));
  // who a later "he" or "she" or "her name is" points at, and the thing "it" stands for
  let lastPerson: { relation: string; name: string | null; female: boolean | null } | null = null;
  let lastPet: { kind: string } | null = null;
  let lastThing: string | null = null;
  let lastPetNamed = false;

  for (const clause of clauses) {
    const lower = clause.toLowerCase();
    // a question tells nothing about the user ("what's my dog's name?")
    if (QUESTION.test(lower) || ASKED.has(clause)) continue;

    // ---- the user's name
    const name =
      // "I am Mr. Okonkwo": the name after the title (the message, since "Mr." ends a clause)
      /\b(?:i'm|i am|this is|my name is|call me)\s+(?:mr|mrs|ms|miss|mx|dr|prof)\.?\s+(\p{Lu}[\p{L}'-]+)/iu.exec(
        message,
      )?.[1] ??
      /\bmy name(?:'s| is)\s+([\p{L}'-]+)/iu.exec(clause)?.[1] ??
      /\b(?:call me|you can call me|i go by|sign(?: me)? off as|(?<!\b(?:his|her|their|its|whose)\s)name's|(?<!\b(?:his|her|their|its|whose)\s)names|the name's)\s+([\p{L}'-]+)/iu.exec(
        clause,
      )?.[1] ??
      /\b(?:you're|youre|ur|you are) (?:talking|speaking|chatting) (?:to|with)\s+([\p{L}'-]+)/iu.exec(
        clause,
      )?.[1] ??
      // "it's Kate here" (with its capital: "it's windy here" is the weather)
      /^(?:(?:[Hh]i+|[Hh]ey+|[Hh]ello+|[Yy]o|[Hh]iya|[Oo]h|[Oo]k|[Ss]o)[\s,!.]+)*(?:[Ii]t's|[Ii]ts) (\p{Lu}[\p{L}'-]+)\s+(?:btw|by the way|here)\b/u.exec(
        clause,
      )?.[1] ??
      /^(?:(?:hi+|hey+|hello+|yo|hiya|oh|ok|so)[\s,!.]+)*(?:it's|its) ([\p{L}'-]+)\s+(?:btw|by the way)\b/iu.exec(
        clause,
      )?.[1] ??
      // "hi im jess", "anyway i'm beth, i do hair"; not "i'm skint," or "i'm jittery": a word in lower
      // case after "i'm" is a name unless it reads as how they are (-y, -ed, -ing, -ful, -ish…)
      [
        /^(?:(?:hi+|hey+|heya|hello+|yo|hiya|oh|ok|okay|and|well|sorry|sry|soz|oops|so|btw|by the way|anywa+y+|also|lol|ps|oh yeah)[\s,!.]+)*(?:i'm|i am)\s+([\p{L}'-]+)(?:\s+(?:btw|by the way|here|lol|haha|from|and|by)\b|\s*,|\s*[.!]|\s*$)/iu.exec(
          clause,
        )?.[1],
      ].find(
        (word) =>
          word !== undefined &&
          (/^\p{Lu}/u.test(word) ||
            !/(?:y|ed|ing|ous|ful|less|ish|ive|able|ible|al|ic|nt|er|est)$/i.test(word)),
      ) ??
      /\b(?:[Ii]'m|[Ii] am|[Tt]his is)\s+(\p{Lu}[\p{Ll}'-]+)\b/u.exec(clause)?.[1] ??
      /(?:^|[,!.]\s*)(\p{Lu}[\p{Ll}'-]+)\s+here\b/u.exec(clause)?.[1] ??
      // "tash here", "that's my name. bryn", "bryn, that's my name"
      /^([\p{L}'-]{2,})\s+here\s*[!.]*\s*(?:\p{Extended_Pictographic}|\p{Emoji_Modifier}|\u200d|\ufe0f|\s)*$/u.exec(
        message,
      )?.[1] ??
      /\bthat'?s my name[.:,!\s-]+([\p{L}'-]{2,})\s*[.!]*\s*$/iu.exec(message)?.[1] ??
      /^([\p{L}'-]{2,})[.,!]?\s+that'?s my name\b/iu.exec(message)?.[1] ??
      // "it's Kate", "Priyanka but everyone calls me Pri"
      /^(?:(?:hi+|hey+|heya|hello+|hiya|oh|ok)[\s,!.]+)*(?:it's|its)\s+(\p{Lu}[\p{Ll}'-]+)\s*[!.]*\s*$/u.exec(
        message,
      )?.[1] ??
      // "it's Anneliese, with an e at the end"
      /^(?:(?:hi+|hey+|heya|hello+|hiya|oh|ok)[\s,!.]+)*(?:it's|its)\s+(\p{Lu}[\p{Ll}'-]+),\s*(?:with|spelt|spelled|like|as in|not|no|double|two|one)\b/iu.exec(
        message,
      )?.[1] ??
      /^(?:(?:it's|its|i'm|im|i am|name's|my name's|my name is)\s+)?(\p{Lu}[\p{Ll}'-]+),? but (?:everyone|people|my friends|most people|everybody) calls? me\b/iu.exec(
        message,
      )?.[1] ??
      // "Femi for everyone else", "Wiki for short"
      /\b(\p{Lu}[\p{Ll}'-]+) for (?:everyone|everybody|short|friends|most people)\b/u.exec(message)?.[1] ??
      // "Kasia. only my gran calls me Katarzyna", "Eamon. no fada", "ravi. just ravi": a message that
      // opens on a name (written with a capital, or said twice)
      nameOpening(message) ??
      // "Olu by the way", "Sana, nice to meet you properly", "greg. that's me": a name on its own
      /^(?:(?:oh|and|anyway|also|ok|okay|so|hi|hey|hello)[\s,!.]+)*([\p{L}'-]{2,})[\s,.!]+(?:(?:hi|hey|hello)[\s,.!]+)?(?:btw|by the way|that's me|thats me|it's me|nice to meet you|pleased to meet you|should(?:'ve| have) said|fyi|for the record|if you need a name|call me that)\b/iu.exec(
        message,
      )?.[1] ??
      // "Siobhan, hi"
      /^([\p{L}'-]{2,}),?\s+(?:hi|hey|hello|hiya)\s*[.!]*\s*$/iu.exec(message)?.[1];
    const userName = asName(name ?? undefined);
    if (
      userName &&
      !PET.test(userName) &&
      !/\bmy (?:\w+ )?(?:name|names) (?:is|are) \w+ and\b/i.test(lower)
    ) {
      facts.push(fact("name", userName, `is called ${userName}`));
    }

    // ---- job
    const role =
      /\bi(?:'m| am)? (?:work|working) (?:at|in|for) [\p{L}' -]+? as (?:an? |the )?([\p{L} -]+)/iu.exec(
        clause,
      )?.[1] ??
      /\bi(?:'m| am)? (?:working|work) as (?:an? |the )?([\p{L} -]+)/iu.exec(clause)?.[1] ??
      /\bmy job is (?:being )?(?:an? )?([\p{L} -]+)/iu.exec(clause)?.[1] ??
      /\bi(?:'m| am) (?:an? |the )((?:[\p{L}-]+ ){0,2}[\p{L}-]+)/iu.exec(clause)?.[1] ??
      /\bi(?:'m| am) (?:now |currently |still )?(?:an? )((?:[\p{L}-]+ ){0,2}[\p{L}-]+)/iu.exec(clause)?.[1] ??
      /\bi (?:work|worked) (?:as )?(?:an? )((?:[\p{L}-]+ ){0,2}[\p{L}-]+)/iu.exec(clause)?.[1] ??
      // "been a line cook for 6 years", "being a plumber in winter is chaos"
      /(?:^|\b(?:i've|i have|i'd|i)\s+|,\s*)been (?:an? )((?:[\p{L}-]+ ){0,2}[\p{L}-]+)\s+(?:for|since)\b/iu.exec(
        clause,
      )?.[1] ??
      /^(?:as|being) (?:an? )((?:[\p{L}-]+ ){0,2}[\p{L}-]+?)(?=\s+(?:i|i'm|you|it|is|was|means)\b|,)/iu.exec(
        clause,
      )?.[1] ??
      /(?:^|,\s*)(?:(?:honestly|tbh|ngl|lol|ugh|but|and|so)\s+)*being (?:an? )((?:[\p{L}-]+ ){0,2}[\p{L}-]+)\s+(?:in|at|is|was|on|during)\b/iu.exec(
        clause,
      )?.[1];
    // "long shift at the hospital, nurses never sleep": the user's own work, named by its people
    const crew = /\b(?:shift|shifts|at work|my job|off work|work was|clocked)\b/i.test(lower)
      ? lower
          .match(/\b[a-z]+s\b/g)
          ?.map((word) => word.replace(/s$/, ""))
          .find((word) => JOBS.has(word))
      : undefined;
    // "the kids in my class", "my students": a teacher
    const teaches =
      /\b(?:my|our) (?:\w+ )?(?:class|pupils|students|classroom)\b|\bteaching (?:is|was)\b/i.test(lower) &&
      /\bteach/i.test(message.toLowerCase())
        ? "teacher"
        : undefined;
    // "been nursing for 5 years": the work by its doing
    const doingWork =
      /\b(?:been|i'm|i am|i've been) (nursing|teaching|bartending|waitressing|tutoring|nannying|lecturing|plumbing|farming|freelancing|coaching|bricklaying|hairdressing|babysitting)\b(?!\s+(?:my|me|him|her)\b)/i.exec(
        lower,
      )?.[1];
    const workByDoing = doingWork ? WORK_BY_DOING[doingWork] : undefined;
    // "i drive the number 50 bus", "i drive a forklift": a driver by the vehicle
    const vehicle =
      /\bi (?:drive|operate) (?:an? |the )?(?:[\p{L}\p{N}-]+ ){0,3}?(bus|taxi|cab|truck|lorry|van|forklift|train|tram|ambulance|tractor|crane|digger)s?\b/iu.exec(
        clause,
      )?.[1];
    const driver = vehicle ? `${vehicle.toLowerCase()} driver` : undefined;
    const job = role ? asJob(role) : (crew ?? teaches ?? workByDoing ?? driver ?? null);
    const workplace =
      /(?:\bi |^)(?:work|working|'m working) (?:nights |days |weekends |shifts |part[- ]time |full[- ]time )?(?:at|in|for) ((?:an? |the )?[\p{L}' -]+)/iu.exec(
        clause,
      )?.[1] ??
      // "my job at the bank is so boring"
      /\bmy (?:job|work|shift|shifts) (?:at|in) ((?:an? |the )?[\p{L}' -]+?)(?=\s+(?:is|was|has|sucks|pays|starts|ends|went)\b|[,.!]|$)/iu.exec(
        clause,
      )?.[1];
    const study =
      /(?:\bi(?:'m| am)? |^)(?:study|studying|doing a degree in|majoring in) ([\p{L} -]+?)(?=\s+(?:at|in|and|but|so|till|until|for)\b|[,.!]|$)/iu.exec(
        clause,
      )?.[1] ??
      // "i'm doing law at uni in edinburgh"
      /\bi(?:'m| am) doing ([\p{L} -]+?) at (?:uni|university|college)\b/iu.exec(clause)?.[1];
    if (job) {
      const article = /^[aeiou]/i.test(job) && !/^(?:uni|use|eu|one)/i.test(job) ? "an" : "a";
      const at = /\s(?:at|for)\s+((?:an? |the )?[\p{L}' -]+)/iu.exec(role ?? "")?.[1];
      const place = at ? cutPhrase(at, 4) : "";
      facts.push(fact("job", job, `works as ${article} ${job}${place ? ` at ${place}` : ""}`));
    } else if (workplace && !/^(?:home|night|nights|weekends|the moment)\b/i.test(workplace)) {
      const where = cutPhrase(
        workplace.replace(/\s+(?:till|until|while|because|since|but|and|so|for now)\b.*$/i, ""),
        5,
      );
      const inside =
        /^(?:retail|sales|tech|finance|marketing|healthcare|education|hospitality|construction|insurance|banking|it|hr|logistics|publishing)$/i.test(
          where,
        );
      if (where) facts.push(fact("job", where, `works ${inside ? "in" : "at"} ${where}`));
    } else if (study && !/^(?:for|hard|all)\b/i.test(study)) {
      const subject = cutPhrase(study, 4);
      if (subject) facts.push(fact("job", subject, `studies ${subject}`));
    } else {
      // "i do accounting for a living", "i'm in sales", "i teach maths", "i drive a bus for a living"
      const trade =
        /\bi (?:do|work in|work with)\s+([\p{L} -]+?)\s+(?:for a living|for work|for my job|professionally|for (?:a|an|the) (?:[\p{L}-]+ ){0,2}(?:firm|company|bank|business|agency|charity|council|hospital|school|startup|start-up|store|shop|chain|group|brand|practice|studio|restaurant|hotel))\b/iu.exec(
          clause,
        ) ??
        /\bi ((?!(?:do|work|was|were|am|went|got|had|have|came|left|stayed|ran|drove|worked)\b)[\p{L}]+ [\p{L} -]+?)\s+(?:for a living|for work|for my job|professionally|for (?:a|an|the) (?:bank|company|firm|startup|start-up|agency|charity|hospital|school|council|studio|newspaper|magazine|living))\b/iu.exec(
          clause,
        ) ??
        /\bi(?:'m| am) in (sales|marketing|finance|it|tech|retail|hospitality|construction|law|healthcare|education|insurance|banking|hr|recruitment|real estate|advertising|logistics|publishing|pharma|consulting)\b/iu.exec(
          clause,
        );
      const doing =
        /\bi (teach|drive|run|own|manage|fix|repair|build|design|write|coach|clean|cook|deliver|program|code|install|fit|shoot|groom|shoe|style|edit|translate|sell|service)\s+((?:an? |the |my )?[\p{L}\p{N} -]+?)(?:\s+(?:for a living|for work|at|in|for)\b|[,.!]|$)/iu.exec(
          clause,
        );
      if (trade) {
        const what = cutPhrase(trade[1] ?? "", 4);
        if (what)
          facts.push(
            fact(
              "job",
              what,
              /\bi(?:'m| am) in\b/i.test(trade[0])
                ? `works in ${what}`
                : /^i (?:do|work)\b/i.test(trade[0])
                  ? `does ${what} for a living`
                  : `${thirdVerb(what)}${/for a living/i.test(trade[0]) ? " for a living" : ` ${thirdPerson(trade[0].replace(/^.*?\s(for (?:a|an|the) \S+)$/i, "$1"))}`}`,
            ),
          );
      } else if (
        doing &&
        (/\b(?:for a living|for work|teach)\b/i.test(clause) ||
          /^(?:teach|run|own|manage|coach)$/i.test(doing[1] ?? "") ||
          // "i fix lifts", "i groom dogs": what they do to things, habitually, is their work
          (/^i \w+ (?:\w+ )?\w+s\b/i.test(clause) &&
            !/\b(?:today|yesterday|tonight|this morning|last|once|sometimes|for fun|as a hobby)\b/i.test(
              clause,
            )))
      ) {
        const verb = (doing[1] ?? "").toLowerCase();
        const what = cutPhrase(doing[2] ?? "", 5);
        const third = /(?:ch|sh|x|s)$/.test(verb) ? `${verb}es` : `${verb}s`;
        if (what && !/^(?:it|this|that|me|you|myself)$/i.test(what))
          facts.push(fact("job", what, `${third} ${thirdPerson(what)}`));
      } else {
        const training = /\bi(?:'m| am) (?:studying|training|learning) to be (?:an? )?([\p{L} -]+)/iu.exec(
          clause,
        )?.[1];
        const becoming = training ? cutPhrase(training, 3) : "";
        if (becoming)
          facts.push(
            fact("job", becoming, `is studying to be ${/^[aeiou]/i.test(becoming) ? "an" : "a"} ${becoming}`),
          );
      }
    }

    // ---- place
    const livesIn =
      /(?:\b(?:i|we)(?:'ve| have|'re| are)?(?: been)? |,\s*(?:but |and |now )?|^(?:(?:anyway|also|and|but|so|honestly|tbh|btw|lol|ngl|plus|been|currently|now|still)[\s,]+)*)(?:live|living|'m living|am living|'re living|stay|'m staying|'m based|am based|based|moved|just moved|recently moved|finally moved|relocated)\s+(?:in|to|at|out to|just outside|outside|near|close to)\s+([\p{L}' -]+)/iu.exec(
        clause,
      )?.[1];
    // "we're up in york", "rent here in dublin", "been in leicester my whole life", "i'm manchester based"
    const hereIn =
      /\b(?:i'm|i am|we're|we are) (?:up|down|over|out|back) (?:here )?in\s+([\p{L}' -]+)/iu.exec(
        clause,
      )?.[1] ??
      /\b(?:up |down |over |out )?here in\s+([\p{L}' -]+)/iu.exec(clause)?.[1] ??
      // "i'm in leeds btw": one word that is a name, not a state ("in bed", "in pain", "in class")
      /^(?:(?:oh|so|and|well|btw|also|ok)[\s,]+)*(?:i'm|i am|we're|we are) in\s+(\p{L}[\p{L}'-]+)(?=\s+(?:btw|by the way|rn|now|lol|haha|tho|these days|at the moment|for work|for uni|so|and|but|atm|right now|where)\b|\s*[,.!]|\s*$)/iu
        .exec(clause)?.[1]
        ?.replace(NOT_A_PLACE, "") ??
      // "Aberdeen. Born here, never left", "bradford, near the curry mile", "Oxford, in a tiny terrace"
      /^([\p{L}'-]{3,}(?: [\p{L}'-]+)?)[.,]\s+(?:born here|never left|born and (?:bred|raised)|(?:the )?city centre|town centre|near|above|in an?|up|down|out|outside|just outside|nothing (?:ever )?happens|that's where|where i live|home|grim|rainy|lovely|by the)\b/iu
        .exec(message)?.[1]
        ?.replace(NOT_A_TOWN, "") ??
      // "leicester, if you're wondering where the van is"
      /^([\p{L}'-]{3,}(?: [\p{L}'-]+)?),?\s+(?:if you(?:'re| are| were) wondering|in case you(?:'re| were) wondering|that's where)\b/iu
        .exec(message)?.[1]
        ?.replace(NOT_A_TOWN, "") ??
      // "from glasgow originally, now in bristol", "home is a tiny flat in lisbon"
      /\b(?:now|these days|currently) (?:in|living in|based in)\s+(\p{L}[\p{L}'-]+(?: \p{Lu}[\p{L}'-]+)?)/iu
        .exec(clause)?.[1]
        ?.replace(NOT_A_PLACE, "") ??
      /\bhome is (?:an? [\p{L} ]+? )?in\s+(\p{L}[\p{L}'-]+(?: \p{Lu}[\p{L}'-]+)?)/iu.exec(clause)?.[1] ??
      // "nottingham is freezing today": a town the message opens on
      /^(\p{L}[\p{L}'-]{2,})(?:\s+(?:is|has been)|'s(?: been)?)\s+(?:so\s+|absolutely\s+|bloody\s+)?(?:freezing|raining|pouring|boiling|roasting|grey|gray|sunny|snowing|cold|hot|miserable|dead|buzzing|heaving)\b/iu
        .exec(message)?.[1]
        ?.replace(NOT_A_TOWN, "") ??
      /\bi live with (?:my|our) [\p{L} ]+? in\s+([\p{L}' -]+)/iu.exec(clause)?.[1] ??
      /\b(?:my|our) (?:flat|house|place|apartment|room|street|neighbourhood|neighborhood|area|building) (?:in|here in)\s+([\p{L}' -]+)/iu.exec(
        clause,
      )?.[1] ??
      /\b(?:raining|pouring|snowing|sunny|freezing|boiling|so cold|so hot|windy|foggy|chucking it down)(?: again| today| here)? in\s+(\p{L}[\p{L}'-]+)(?=\s+(?:again|today|rn|right now|lol|tho|as usual|this week)\b|[,.!]|\s*$)/iu.exec(
        clause,
      )?.[1] ??
      /\b(?:i've |i have |we've )?been (?:in|living in)\s+([\p{L}' -]+?)\s+(?:my (?:whole|entire) life|all my life|for (?:years|ages|\w+ years)|since)\b/iu.exec(
        clause,
      )?.[1] ??
      /\b(?:i'm|i am|we're|we are) ([\p{L}]+(?: [\p{L}]+)?)[- ]based\b/iu.exec(clause)?.[1];
    const from =
      /\bi(?:'m| am| come)? (?:originally |actually |really )?from\s+(?:(?:down|up|over|out) (?:in\s+)?)?([\p{L}' -]+)/iu.exec(
        clause,
      )?.[1] ??
      // "Tamsin, from down in truro"
      /,\s*from\s+(?:(?:down|up|over|out) in\s+)?(\p{L}[\p{L}'-]+(?: \p{L}[\p{L}'-]+)?)\s*(?:[,.!]|$)/iu.exec(
        clause,
      )?.[1] ??
      // "from galway, born and bred"
      /^(?:(?:and|so|oh|well|originally)[\s,]+)*from\s+(\p{L}[\p{L}'-]+(?: \p{L}[\p{L}'-]+)?)(?=\s*[,.!]|\s*$|\s+(?:born|originally|but|and|btw|lol)\b)/iu.exec(
        message,
      )?.[1];
    const grewUp =
      /(?:\bi |^)(?:grew up|was born|born|was raised|raised)(?: and raised)? in\s+([\p{L}' -]+)/iu.exec(
        clause,
      )?.[1];
    const jobFragment = !job
      ? (/^(?:an?\s+)?([\p{L}-]+(?:\s[\p{L}-]+)?)\s+(?:in|at|from|working|who|by)\s/iu.exec(clause) ??
        /,\s*(?:an?\s+)?([\p{L}-]+(?:\s[\p{L}-]+)?)\s+(?:in|at|from|working|who|by|on|for|with)\s/iu.exec(
          clause,
        ) ??
        // "3rd year med student, which means…": a clause that opens on the job
        /^(?:(?:\d+(?:st|nd|rd|th)|first|second|third|fourth|final)\s+year\s+)?([\p{L}-]+(?:\s[\p{L}-]+)?)(?=\s*(?:,|$|\s+(?:which|so|lol|haha|btw)\b))/iu.exec(
          clause,
        ))
      : null;
    const fragmentJob =
      jobFragment && JOBS.has((jobFragment[1] ?? "").toLowerCase().split(/\s+/).at(-1) ?? "")
        ? (jobFragment[1] ?? "").toLowerCase()
        : null;
    if (fragmentJob)
      facts.push(
        fact("job", fragmentJob, `works as ${/^[aeiou]/.test(fragmentJob) ? "an" : "a"} ${fragmentJob}`),
      );
    const jobIn =
      job || fragmentJob
        ? (/\s(?:in)\s+(\p{Lu}[\p{L}'-]+(?: \p{Lu}[\p{L}'-]+)?)/u.exec(clause)?.[1] ??
          /\s(?:in)\s+([\p{Ll}][\p{L}'-]{2,})\s*(?:$|,|\s(?:and|but|so|now|btw|lol)\b)/u
            .exec(clause)?.[1]
            ?.replace(
              /^(?:training|charge|love|pain|school|college|uni|hospital|debt|trouble|bed|town|general|person|secret|private|public|retail|sales|tech|finance|marketing|healthcare|education|hospitality|construction|law|medicine|theory|practice|progress|between)$/i,
              "",
            ))
        : undefined;
    const calledPlace = /\b(?:called|named)\s+(\p{Lu}[\p{L}'-]+(?:\s\p{Lu}[\p{L}'-]+)?)/u.exec(clause)?.[1];
    const placeRaw0 = livesIn ?? hereIn ?? (jobIn || undefined) ?? from ?? grewUp;
    // "a tiny island in greece called Hydra": the name is the place
    const placeRaw = placeRaw0 && calledPlace && !PET.test(clause) ? calledPlace : placeRaw0;
    if (placeRaw) {
      const place = cutPhrase(
        placeRaw.replace(
          /\s+(?:for|since|two|three|four|a|last|ago|now|with|at|on|when|where|because|years?|months?|weeks?|in|so|has|have|is|was|are|and|but|its|it's|which|tho|though|my|all|the|there's|there|weather|rent|looks?)\b.*$/i,
          "",
        ),
        6,
      ).replace(/\s+(?:near|outside|by|close|just|around|next)$/i, "");
      if (
        place &&
        !/^(?:here|there|home|it|this|that|bed|the moment|love|together)$/i.test(place) &&
        !new RegExp(`^(?:${MONTH}|${DAY}|spring|summer|autumn|fall|winter)$`, "i").test(place)
      ) {
        const value = placeName(place);
        // "a tiny village near York": York is what the user would call it
        const named = /(\p{Lu}[\p{L}'-]+(?:\s\p{Lu}[\p{L}'-]+)*)\s*$/u.exec(value)?.[1];
        const verb =
          livesIn || hereIn
            ? /moved|relocated/i.test(clause)
              ? "moved to"
              : "lives in"
            : jobIn
              ? "lives in"
              : from
                ? "is from"
                : "grew up in";
        facts.push(fact("place", named ?? value, `${verb} ${value}`));
      }
    }

    // ---- pets
    // "two dogs, a beagle called Waffles and a greyhound named Pixie": every pet named outright
    for (const each of clause.matchAll(
      new RegExp(
        `\\b(${PET_KINDS})(?:'s)?\\s*,?\\s*(?:who'?s |that'?s |is )?(?:called|named)\\s+([\\p{L}'-]+)`,
        "giu",
      ),
    )) {
      const petName = asName(each[2]);
      const kind = (each[1] ?? "pet").toLowerCase();
      if (petName) facts.push(fact("pet", petName, `has a ${kind} called ${petName}`));
    }
    // "the parrot's Custard", "cat's Marmite": a pet and its name, written with a capital
    for (const each of clause.matchAll(new RegExp(`\\b(${PET_KINDS})'s\\s+(\\p{Lu}[\\p{L}'-]+)`, "gu"))) {
      const petName = asName(each[2]);
      if (petName)
        facts.push(fact("pet", petName, `has a ${(each[1] ?? "pet").toLowerCase()} called ${petName}`));
    }
    const petMatch = PET.exec(clause);
    if (petMatch) {
      const kind = petMatch[1]?.toLowerCase() ?? "pet";
      const after = clause.slice((petMatch.index ?? 0) + (petMatch[1]?.length ?? 0));
      // "the cat (Mochi)"; "a staffie, Rambo" but not "a staffie, total softie": after a bare comma, a capital
      const named =
        /^(?:'s)?\s*(?:,\s*)?(?:(?:called|named) (?:her|him|it|them)|called|named|who'?s called|whose name is|name is)\s*([\p{L}'-]+)/iu.exec(
          after,
        )?.[1] ??
        /^(?:'s)?\s*,\s*(\p{Lu}[\p{L}'-]*)/u.exec(after)?.[1] ??
        /^\s*\((\p{L}[\p{L}'-]*)\)/u.exec(after)?.[1] ??
        /^\s+(?:is|'s) (?:called|named)\s+([\p{L}'-]+)/iu.exec(after)?.[1] ??
        new RegExp(`^\\s+([\\p{L}'-]+)(?=${PET_ACTS.source.slice(1)})`, "iu").exec(after)?.[1] ??
        // "my budgie Gordon, …", "my hamster Noodle": written with a capital when nothing follows
        /^\s+(\p{Lu}[\p{L}'-]*)(?=\s+and\b|\s*,|\s*[.!]|\s*$)/u.exec(after)?.[1];
      const own =
        /\b(?:my|our|i(?:'ve| have)? got|i have|we have|we've got|we got|adopted|rescued|i keep|i own|got (?:a|an|two|a new))\b/i.test(
          clause.slice(0, petMatch.index),
        );
      // "biscuit (my dog) stole my sandwich": the name comes before
      // "Bear, our Newfoundland, …": the name before, in the clause or across the comma that split it
      const aside =
        /([\p{L}'-]+)\s*[(,]\s*(?:my|our)\s+(?:\w+\s+)?$/iu.exec(clause.slice(0, petMatch.index))?.[1] ??
        // "Laddoo, the street dog who adopted us": a name with its capital, then "the" and the pet
        /^(\p{Lu}[\p{L}'-]+)\s*,\s*the\s+(?:\w+\s+)?$/u.exec(clause.slice(0, petMatch.index))?.[1] ??
        new RegExp(
          `(\\p{Lu}[\\p{L}'-]+)\\s*[(,]\\s*(?:my|our)\\s+(?:\\w+\\s+)?${petMatch[1] ?? ""}\\b`,
          "u",
        ).exec(message)?.[1];
      const before =
        /^(?!(?:love|miss|walked|walking|fed|feeding|hug|hugging|took|taking|pet|petting|bathed|brushed|hate|and|with|see|saw|met|like|got|then|when|so|because|now|yesterday|today|tonight|suddenly|but|also|even|only|just)\b)([\p{L}'-]+)\s+(?:my|our|the)\s+(?:\w+\s+)?$/iu.exec(
          clause.slice(0, petMatch.index),
        )?.[1];
      // "murphy my dog thinks…": the name before counts when the pet does something next, so
      // "Scares my dogs and…" is not a dog called Scares
      const acts = PET_ACTS.test(after);
      const petName = named ? asName(named) : aside ? asName(aside) : before && acts ? asName(before) : null;
      // "two cats, salt and pepper": each one by name
      // "two guinea pigs, Fudge and Toffee, who squeak", "my dogs bonnie and clyde are asleep"
      const pair =
        /^(?:'s)?[\s,]+(?:called|named)?\s*([\p{L}'-]+)\s+(?:and|&)\s+([\p{L}'-]+)\s*$/iu.exec(after) ??
        new RegExp(
          `\\b${petMatch[1] ?? ""}[\\s,]+(?:called|named)?\\s*([\\p{L}'-]+)\\s+(?:and|&)\\s+([\\p{L}'-]+)(?=\\s*(?:[,.!;]|$)|\\s+(?:who|which|that|are|were|both|lol|haha)\\b)`,
          "iu",
        ).exec(message);
      const plural = /(?:[^s]s|ies)$/.test(kind) && kind !== "fish";
      const single = plural ? kind.replace(/ies$/, "y").replace(/s$/, "") : kind;
      const twoNames =
        plural && pair
          ? [asName(pair[1]), asName(pair[2])].filter((name): name is string => Boolean(name))
          : [];
      if (twoNames.length === 2) {
        for (const each of twoNames) facts.push(fact("pet", each, `has a ${single} called ${each}`));
        lastPet = { kind: single };
        lastPetNamed = true;
        lastThing = twoNames.join(" and ");
      } else if (own || petName) {
        const subject = petName ?? `the ${single}`;
        const text = petName ? `has a ${single} called ${petName}` : `has ${plural ? kind : `a ${kind}`}`;
        facts.push(fact("pet", subject, text));
        lastPet = { kind: single };
        lastPetNamed = Boolean(petName);
        lastThing = petName ?? `their ${single}`;
      }
    }

    // ---- people
    const person = RELATION.exec(clause);
    let personName: string | null = null;
    if (person) {
      const relation = (person[1] ?? "").toLowerCase().replace(/\s+/g, " ");
      const after = clause.slice((person.index ?? 0) + person[0].length);
      const calledName = /^\s+(?:is|'s)\s+(?:called|named)\s+([\p{L}'-]+)/iu.exec(after)?.[1];
      const named =
        calledName ?? /^(?:'s name is|,)?\s*(?:called|named|,)?\s*([\p{L}'-]+)/iu.exec(after)?.[1] ?? null;
      personName =
        named &&
        (calledName !== undefined ||
          /^\p{Lu}/u.test(named) ||
          /^\s*(?:called|named|,)/i.test(after) ||
          /^\s+[\p{L}'-]+\s+(?:is|was|has|had|just|and|broke|got|died|passed|moved|moving|visiting|lives|works|said|told|taught|keeps|wants|came|left|doesn't|won't)\b/iu.test(
            after,
          ))
          ? asName(named)
          : null;
      const base = relation.split(" ").at(-1) ?? relation;
      lastPerson = {
        relation,
        name: personName,
        female: FEMALE.test(base) ? true : MALE.test(base) ? false : null,
      };
      const age = /\b(?:is|'s|turned|turning|just turned)\s+(\d{1,3})\b/i.exec(after)?.[1];
      const text = personName
        ? `their ${relation} is called ${personName}${age ? ` and is ${age}` : ""}`
        : `mentioned their ${relation}${age ? `, who is ${age}` : ""}`;
      if (
        !/^(?:kids?|baby|friend|boss|manager|ex)$/.test(relation) ||
        personName ||
        /^(?:my|our) (?:boss|manager|ex)\b/i.test(person[0])
      )
        facts.push(fact("person", personName ?? relation, text));
      lastThing = personName ?? `their ${relation}`;
    }
    // "his name was Harold", "she's called Miso"
    const pronounName =
      /\b(?:his|her|their) name(?:'s| is| was)\s+([\p{L}'-]+)|\b(?:he's|she's|he is|she is) called\s+([\p{L}'-]+)/iu.exec(
        clause,
      );
    const laterName = asName(pronounName?.[1] ?? pronounName?.[2]);
    if (laterName) {
      if (lastPet && !lastPetNamed) {
        facts.push(fact("pet", laterName, `has a ${lastPet.kind} called ${laterName}`));
        lastPetNamed = true;
        lastThing = laterName;
      } else if (lastPerson && !lastPerson.name) {
        lastPerson.name = laterName;
        facts.push(fact("person", laterName, `their ${lastPerson.relation} is called ${laterName}`));
        lastThing = laterName;
      }
    }

    // ---- likes and dislikes
    const like =
      /\bi\s+(?:(?:really|absolutely|totally|just|also|kinda|kind of|so|actually|genuinely|truly|honestly|still|do|low ?key|lowkey)\s+)*(love|like|enjoy|adore)\s+(.+)/iu.exec(
        clause,
      ) ??
      /\bi(?:'m| am)\s+(?:(?:really|so|totally|kinda|super|very|lowkey)\s+)*(obsessed with|into|addicted to|crazy about|a (?:huge |big )?fan of|passionate about|hooked on)\s+(.+)/iu.exec(
        clause,
      ) ??
      /\bmy\s+(favou?rite \p{L}+(?: \p{L}+)?|fav \p{L}+)\s+(?:is|are|has to be)\s+(.+)/iu.exec(clause) ??
      (/^(?:(?:honestly|lowkey|also|and|but|so|tbh)\s+)*(?:(?:a |such a )?(?:huge |big |massive |total )?(fan of)|(obsessed with)|(addicted to)|(crazy about)|(hooked on))\s+(.+)/iu
        .exec(clause)
        ?.filter((part, index) => index === 0 || part !== undefined)
        .slice(0, 3) as RegExpExecArray | undefined) ??
      /\bi(?:'ve| have) been (learning|practi[sc]ing|playing|doing|taking|getting into|reading|watching)\s+(.+)/iu.exec(
        clause,
      );
    if (like) {
      const verb = (like[1] ?? "").toLowerCase();
      let thing = cutPhrase(like[2] ?? "", 5);
      // "i love to dance" → "dancing"
      if (/^to\s+/i.test(thing))
        thing = thing.replace(/^to\s+([\p{L}]+)/iu, (_all, verb: string) => gerund(verb));
      if (
        thing &&
        !/^(?:you|u|ya|it|that|this|those|these|them|him|her|me|when|how|the way|what|your|ur|talking to you|being with you)\b/i.test(
          thing,
        )
      ) {
        const phrase = thirdPerson(thing);
        const text = verb.startsWith("fav")
          ? `their ${verb} is ${phrase}`
          : /^(?:learning|practi[sc]ing|playing|doing|taking|getting into|reading|watching)$/.test(verb)
            ? `has been ${verb} ${phrase}`
            : verb === "into" || verb.includes(" ")
              ? `is ${verb} ${phrase}`
              : `${verb}s ${phrase}`;
        facts.push(fact("like", phrase, text));
      }
    }
    const dislike =
      /\bi\s+(?:(?:really|absolutely|totally|just|also|kinda|so|honestly|fucking|fr)\s+)*(hate|can't stand|don't like|do not like|cannot stand|dislike|despise|can't bear)\s+(.+)/iu.exec(
        clause,
      );
    if (dislike) {
      const thing = cutPhrase(dislike[2] ?? "", 5);
      if (
        thing &&
        !/^(?:you|u|it|that|this|when|how|mondays? lol|my life)\b/i.test(thing) &&
        !/^(?:it|that|this)$/i.test(thing)
      ) {
        const verb = (dislike[1] ?? "").toLowerCase();
        const said =
          verb === "hate"
            ? "hates"
            : verb === "dislike"
              ? "dislikes"
              : verb === "despise"
                ? "despises"
                : "can't stand";
        facts.push(fact("like", thirdPerson(thing), `${said} ${thirdPerson(thing)}`));
      }
    }

    // ---- something coming up, with its date
    const when = dateIn(lower, today);
    const occasion =
      new RegExp(
        `\\bmy\\s+((?:[\\p{L}-]+\\s+){0,3}?(?:${OCCASIONS}))\\b(?!\\s+(?:it|them|me|that|us|you|him|her)\\b)`,
        "iu",
      ).exec(clause) ??
      new RegExp(
        `\\b(?:i have|i've got|i got|i've|there's|got|i'm having|we have|we've got)\\s+(?:an?\\s+|my\\s+|the\\s+|our\\s+)?((?:[\\p{L}-]+\\s+){0,3}?(?:${OCCASIONS}))\\b`,
        "iu",
      ).exec(clause);
    // "i failed my driving test": it happened, it is not coming up
    const past =
      occasion &&
      /\b(?:failed|passed|had|finished|did|went to|missed|bombed|aced|nailed|smashed)\s+(?:my|the|a|an|our)\b/i.test(
        clause,
      );
    if (occasion && !past) {
      const subject = (occasion[1] ?? "").toLowerCase().replace(/^(?:big|huge|first|stupid|damn)\s+/, "");
      lastThing = `their ${subject}`;
      const at = /^\s+(?:at|in|with|for)\s+((?:the\s+)?[\p{L}'&-]+(?:\s[\p{L}'&-]+)?)/iu
        .exec(clause.slice((occasion.index ?? 0) + occasion[0].length))?.[1]
        ?.replace(/\s+(?:on|next|this|tomorrow|tonight|today|in|at)$/i, "");
      const where =
        at &&
        !/\b(?:the morning|the evening|the afternoon|tomorrow|next|this|on|work)\b/i.test(at) &&
        !dateIn(at.toLowerCase(), today)
          ? ` ${thirdPerson(at.replace(/\s+(?:on|next|this|tomorrow|tonight|today)$/i, ""))}`
          : "";
      if (when) {
        facts.push(
          fact(
            "date",
            subject,
            // "my mum has a scan on monday": the phrase has its verb already
            `their ${subject}${where ? ` at${placeName(where)}` : ""}${/\b(?:has|have|had|got|is|are)\b/.test(subject) ? "" : " is"} ${when.words}`,
            when.date,
          ),
        );
      } else if (
        /\b(?:has|have|had|got)\b.*\b(?:scan|surgery|operation|appointment)\b/i.test(lower) &&
        lastPerson
      ) {
        // "she has a scan" is about the person: kept as an event below
      } else {
        facts.push(
          fact("event", subject, `has ${/^[aeiou]/.test(subject) ? "an" : "a"} ${subject} coming up`),
        );
      }
    }
    // anything else with a day: "my daughter Rosie starts school on wednesday"
    if (
      when &&
      !/^(?:today|tonight)$/.test(when.words) &&
      !occasion &&
      !/\b(?:is|are)\s+(?:visiting|coming|moving|leaving|getting married|flying in|staying)\b/i.test(
        clause,
      ) &&
      /^(?:my|our|we)\b/i.test(clause) &&
      !/\bin (?:two|three|\d+) days\b/.test(lower) &&
      !/^i(?:'m| am)?\s+(?:so |really )*(?:tired|bored|sad|happy|fine|good|okay|ok)\b/i.test(lower)
    ) {
      const what = cutPhrase(clause, 20);
      const who = lastPerson?.name ?? (lastPerson ? lastPerson.relation : null);
      const subject = who ?? what.split(/\s+/).slice(1, 3).join(" ");
      if (what.split(/\s+/).length >= 3) facts.push(fact("date", subject, thirdPerson(what), when.date));
    }
    // someone coming or going on a day: "my sister Lena is visiting this weekend"
    const visit =
      /\b(is|are)\s+((?:visiting|coming(?: over| to visit| home)?|moving(?: to [\p{L} ]+?)?|leaving(?: for [\p{L} ]+?)?|getting married|flying in|staying(?: with me)?))(?=\s|$)/iu.exec(
        clause,
      );
    if (visit && (person || /^(?:he|she|they)\b/i.test(clause)) && lastPerson) {
      const who = lastPerson.name ?? `their ${lastPerson.relation}`;
      const rest = clause.slice((visit.index ?? 0) + (visit[1]?.length ?? 0)).trim();
      const what = cutPhrase(rest, 8);
      const doing = thirdPerson(what);
      const relationPart = lastPerson.name ? `${lastPerson.name} (their ${lastPerson.relation})` : who;
      facts.push(fact(when ? "date" : "event", who, `${relationPart} is ${doing}`, when?.date ?? null));
    }

    // ---- worries
    const worry =
      /(?:\bi(?:'m| am)?\s+|^(?:(?:and|but|so|honestly|tbh|ngl|just|also|ugh|lol)\s+)*)(?:(?:so|really|very|kinda|kind of|a bit|bit|a little|little|super|honestly|lowkey|ngl|still|just|pretty|quite|getting|feeling|also|tbh)\s+)*(worried|nervous|scared|anxious|stressed(?: out)?|terrified|afraid|freaking out|panicking|dreading|frightened|worrying|stressing(?: out)?|losing sleep|on edge|bricking it|shitting it|uneasy|tense)\b\s*(?:sick\s+|to death\s+)?(?:about|for|of|over|that|because|cos|cuz|coz|bc|since|as)?\s*(.*)/iu.exec(
        clause,
      ) ??
      /(?:\bi\s+|^)(?:can't stop|cannot stop|keep|been|can't sleep|cannot sleep|couldn't sleep|lying awake)\s+(panicking|worrying|stressing|crying|overthinking|thinking)\b\s*(?:about|over)?\s*(.*)/iu.exec(
        clause,
      ) ??
      thingThatWorries(clause);
    if (worry) {
      const said = (worry[1] ?? "").toLowerCase();
      const feeling = /^(?:bricking it|shitting it)$/.test(said) ? "nervous" : said;
      const about = cutPhrase((worry[2] ?? "").replace(/^(?:with|by|at|over|about)\s+/i, ""), 6);
      const pointsBack =
        !about ||
        /^(?:it|this|that|i'll|i will|i'm going|i might|i won't|i can't|i'd|i|fail|failing|the results?|tomorrow|again)\b/i.test(
          about,
        );
      const subject: string = pointsBack ? (lastThing ?? about) : thirdPerson(about);
      if (subject) {
        const thing = subject.replace(/^their /, "");
        // "stressed bc my landlord wants…": the reason, not a thing to be stressed about
        const because = /\b(?:because|cos|cuz|coz|bc|since)\s*$/i.test(
          (worry[0] ?? "").slice(0, (worry[0] ?? "").length - (worry[2] ?? "").length).trim(),
        );
        const text =
          pointsBack && about
            ? `is ${feeling} about ${subject}: ${thirdPerson(about)}`
            : because
              ? `is ${feeling} because ${thirdPerson(cutPhrase(worry[2] ?? "", 10))}`
              : /^(?:dreading|losing sleep)$/.test(feeling)
                ? `is ${feeling} ${feeling === "dreading" ? "" : "over "}${subject}`
                : `is ${feeling} about ${subject}`;
        facts.push(fact("worry", thing, text));
        lastThing = subject;
      }
    }

    // ---- events: what happened to the user, or to someone or something of theirs
    const happened =
      /\bi\s+(?:just\s+|finally\s+|literally\s+|actually\s+)?(got (?:fired|laid off|sacked|let go|dumped|promoted|engaged|married|divorced|the job|accepted|in|into|a new job|hired|robbed|sick|covid|the flu|a raise|my results)|lost my (?:job|wallet|phone|keys|dog|cat|grandma|grandpa|mum|mom|dad|father|mother)|quit my job|passed|failed|graduated|broke up|crashed|broke my \p{L}+|moved out|started (?:a new job|my new job|uni|university|college|school|therapy)|had (?:a|an|the) (?:accident|fight|argument|breakup|panic attack|interview|baby|surgery)|am pregnant|'m pregnant|won(?!')|finished|bought a|adopted a)\b(.*)/iu.exec(
        clause,
      ) ??
      /\b(?:we|they)\s+(?:just\s+)?(broke up|split up|got engaged|got married|had a fight|had a baby|moved)\b(.*)/iu.exec(
        clause,
      ) ??
      /\b((?:my\s+)?[\p{L}]+(?:\s+[\p{L}]+)?)\s+(broke up with me|dumped me|left me|cheated on me|fired me|passed away|died|is sick|is ill|is poorly|is not well|isn't well|is in (?:the )?hospital|went into hospital|had a fall|had a stroke|had a heart attack|got hit by a car|is pregnant|had a baby|is moving\b[^,.]*|(?:are|is) (?:getting divorced|divorcing|separating|splitting up|breaking up)\b|(?:just )?got (?:into|in to|accepted|engaged|married|the job|promoted)\b[^,.]*|passed (?:their|his|her) [\p{L} ]+|graduated|got (?:sick|hurt|injured|diagnosed)[^,.]*|stopped eating|won't eat|is at the vet|had to go to the vet)(.*)/iu.exec(
        clause,
      );
    if (happened) {
      const firstPerson = /^\bi\b|^i\s/i.test(happened[0]);
      if (firstPerson || /^(?:we|they)\b/i.test(happened[0])) {
        const what = cutPhrase(`${happened[1] ?? ""}${happened[2] ?? ""}`, 9);
        const verb = (happened[1] ?? "").toLowerCase();
        const key = /\b(?:a|an)$/.test(verb)
          ? what.split(/\s+/).slice(0, 3).join(" ")
          : verb.replace(/^got /, "").replace(/^lost my /, "lost their ");
        const text = /^(?:we|they)\b/i.test(happened[0]) ? `they ${thirdPerson(what)}` : thirdPerson(what);
        facts.push(fact("event", thirdPerson(key), text));
        lastThing = thirdPerson(key);
      } else {
        const whoRaw = (happened[1] ?? "")
          .trim()
          .replace(/\s+(?:just|also|finally|recently|literally|actually)$/i, "");
        const who: string | null =
          lastPerson &&
          (/^(?:he|she|they)$/i.test(whoRaw) ||
            whoRaw.toLowerCase().includes(lastPerson.relation.split(" ").at(-1) ?? lastPerson.relation) ||
            (lastPerson.name !== null && whoRaw.toLowerCase().includes(lastPerson.name.toLowerCase())))
            ? (lastPerson.name ?? `their ${lastPerson.relation}`)
            : lastPet && (/^(?:he|she|it)$/i.test(whoRaw) || PET.test(whoRaw))
              ? (lastThing ?? `their ${lastPet.kind}`)
              : /^(?:he|she|it|they|this|that|which|i|we|you|who|there)$/i.test(whoRaw) ||
                  /^(?:he|she|it|they)\s/i.test(whoRaw) ||
                  /^(?:sorry|ugh|lol|omg|oh|ok|okay|well|and|but|so|phone|wifi|laptop|battery)\b/i.test(
                    whoRaw,
                  )
                ? null
                : thirdPerson(whoRaw.replace(/^my\s+/i, "my "));
        if (who) {
          const what = cutPhrase(`${happened[2] ?? ""}${happened[3] ?? ""}`, 9);
          const petKind = lastPet && who === lastThing && lastPetNamed ? ` (their ${lastPet.kind})` : "";
          const personKind =
            lastPerson?.name && who === lastPerson.name ? ` (their ${lastPerson.relation})` : "";
          const subject = who.replace(/^their /, "");
          facts.push(fact("event", subject, `${who}${petKind}${personKind} ${thirdPerson(what)}`));
          lastThing = who;
        }
      }
    }
    // "my mum's back in hospital", "my cat is sick": the person or pet of this clause is unwell
    const unwell =
      !happened && (person || petMatch)
        ? /(?:'s|\s+is|\s+was|\s+has been|\s+got)\s+(?:back |still |now |currently |really |so |very |quite |been )*(in (?:the )?(?:hospital|a&e|er|icu|intensive care)|in surgery|having surgery|in labou?r|sick|ill|unwell|poorly|not (?:well|eating|doing well)|at the (?:emergency )?vet)/i.exec(
            clause,
          )
        : null;
    if (unwell) {
      const who: string = person
        ? (lastPerson?.name ?? `their ${lastPerson?.relation ?? "family"}`)
        : (lastThing ?? "their pet");
      const rest = clause.slice((unwell.index ?? 0) + unwell[0].length);
      const state = cutPhrase(`${(unwell[1] ?? "").toLowerCase()}${rest}`, 8);
      facts.push(fact("event", who.replace(/^their /, ""), `${who} is ${thirdPerson(state)}`));
      lastThing = who;
    }
    // the pet or person of this message is in trouble: "my cat Pepper is sick", "she broke her hip"
    if (
      !happened &&
      (lastPerson || lastPet) &&
      /^(?:she|he|they)\s+(?:has|had|broke|is|was|fell|won't|hasn't|stopped|can't)\b/i.test(clause)
    ) {
      const trouble =
        /\b(?:broke|fell|surgery|scan|hospital|sick|ill|stopped eating|won't eat|vet|cancer|tests?|operation|fracture|stroke|injur)/i.test(
          lower,
        );
      const who = lastPerson?.name ?? (lastPerson ? `their ${lastPerson.relation}` : null) ?? lastThing;
      if (trouble && who) {
        const rest = clause.replace(/^(?:she|he|they)\s+/i, "");
        facts.push(
          fact(
            "event",
            who.replace(/^their /, ""),
            `${who} ${thirdPerson(cutPhrase(rest, 9))}`,
            when?.date ?? null,
          ),
        );
      }
    }
  }
  return facts;
}

/** What a user has coming up: "my exam", "a job interview", "our anniversary". */
const OCCASIONS =
  "exams?|tests?|finals|birthday|bday|anniversary|interview|appointment|flight|wedding|date|party|surgery|operation|scan|results|match|game|concert|gig|trip|holiday|vacation|shift|meeting|presentation|deadline|audition|recital|performance|graduation|defen[cs]e|viva|check-?up|court date|hearing|trial|move|first day|race|marathon|tournament|competition|show|review|assessment|quiz|midterms?|thesis|dissertation|essay|assignment|procedure|biopsy|results|mot|inspection|dinner|date night|first date|funeral|ceremony|match";

/** A day or date in a clause: "on friday", "tomorrow", "the 2nd of august", "next week". */
function dateIn(lower: string, today: string): { words: string; date: string | null } | null {
  const base = new Date(`${today}T12:00:00Z`);
  const valid = !Number.isNaN(base.getTime());
  const shift = (days: number) => {
    if (!valid) return null;
    const date = new Date(base);
    date.setUTCDate(date.getUTCDate() + days);
    return date.toISOString().slice(0, 10);
  };
  const dayMonth =
    new RegExp(`\\b(?:on\\s+)?(?:the\\s+)?(\\d{1,2})(?:st|nd|rd|th)?\\s+(?:of\\s+)?(${MONTH})\\b`).exec(
      lower,
    ) ?? null;
  const monthDay = new RegExp(`\\b(?:on\\s+)?(${MONTH})\\s+(\\d{1,2})(?:st|nd|rd|th)?\\b`).exec(lower);
  if (dayMonth || monthDay) {
    const day = Number(dayMonth ? dayMonth[1] : monthDay?.[2]);
    const monthWord = (dayMonth ? dayMonth[2] : monthDay?.[1]) ?? "";
    const month = MONTHS.findIndex((name) => name.startsWith(monthWord.slice(0, 3)));
    if (day >= 1 && day <= 31 && month >= 0) {
      const monthName = (MONTHS[month] ?? "").charAt(0).toUpperCase() + (MONTHS[month] ?? "").slice(1);
      const suffix =
        day % 10 === 1 && day !== 11
          ? "st"
          : day % 10 === 2 && day !== 12
            ? "nd"
            : day % 10 === 3 && day !== 13
              ? "rd"
              : "th";
      let date: string | null = null;
      if (valid) {
        let year = base.getUTCFullYear();
        const candidate = Date.UTC(year, month, day);
        if (candidate < base.getTime() - 86_400_000) year += 1;
        date = `${year}-${String(month + 1).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
      }
      return { words: `on the ${day}${suffix} of ${monthName}`, date };
    }
  }
  const ordinal = /\bon the (\d{1,2})(st|nd|rd|th)\b/.exec(lower);
  if (ordinal) {
    const day = Number(ordinal[1]);
    let date: string | null = null;
    if (valid && day >= 1 && day <= 31) {
      const month = base.getUTCDate() <= day ? base.getUTCMonth() : base.getUTCMonth() + 1;
      date = new Date(Date.UTC(base.getUTCFullYear(), month, day)).toISOString().slice(0, 10);
    }
    return { words: `on the ${day}${ordinal[2]}`, date };
  }
  const monthOnly = new RegExp(`\\b(?:in|this|next|early|late|end of)\\s+(${MONTH})\\b`).exec(lower);
  if (monthOnly && !/\bmay (?:be|have|not|i|we)\b/.test(lower.slice(monthOnly.index))) {
    const month = MONTHS.findIndex((name) => name.startsWith((monthOnly[1] ?? "").slice(0, 3)));
    if (month >= 0) {
      const monthName = (MONTHS[month] ?? "").charAt(0).toUpperCase() + (MONTHS[month] ?? "").slice(1);
      let date: string | null = null;
      if (valid) {
        const year = base.getUTCFullYear() + (month < base.getUTCMonth() ? 1 : 0);
        date = `${year}-${String(month + 1).padStart(2, "0")}-01`;
      }
      return { words: `in ${monthName}`, date };
    }
  }
  const weekday = new RegExp(`\\b(?:on\\s+|this\\s+|next\\s+|coming\\s+)?(${DAY})\\b`).exec(lower);
  if (weekday && !/\b(?:every|last)\s+\w+$/.test(lower.slice(0, weekday.index + 6))) {
    const word = weekday[1] ?? "";
    const index = DAYS.findIndex((name) => name.startsWith(word.slice(0, 3)));
    if (index >= 0) {
      const dayName = (DAYS[index] ?? "").charAt(0).toUpperCase() + (DAYS[index] ?? "").slice(1);
      let ahead = valid ? (index - base.getUTCDay() + 7) % 7 : 0;
      if (/next\s/.test(weekday[0]) && ahead < 7) ahead = ahead === 0 ? 7 : ahead;
      return { words: `on ${dayName}`, date: shift(ahead === 0 ? 7 : ahead) };
    }
  }
  const relative: [RegExp, string, number][] = [
    [/\btomorrow morning\b/, "tomorrow morning", 1],
    [/\bin the morning\b/, "in the morning", 1],
    [/\btomorrow\b|\btmrw?\b|\btmr\b/, "tomorrow", 1],
    [/\btonight\b|\bthis evening\b/, "tonight", 0],
    [/\btoday\b/, "today", 0],
    [/\bthis weekend\b/, "this weekend", valid ? (6 - base.getUTCDay() + 7) % 7 : 0],
    [/\bnext weekend\b/, "next weekend", valid ? ((6 - base.getUTCDay() + 7) % 7) + 7 : 7],
    [/\bnext week\b/, "next week", 7],
    [/\bnext month\b/, "next month", 30],
    [/\bnext year\b/, "next year", 365],
    [/\bin (?:a|one) week\b/, "in a week", 7],
    [/\bin (two|2) weeks\b/, "in two weeks", 14],
    [/\bin (?:a|one) month\b/, "in a month", 30],
    [/\bin (\d+|two|three|four|five) days\b/, "in a few days", 3],
  ];
  for (const [pattern, words, days] of relative) if (pattern.test(lower)) return { words, date: shift(days) };
  return null;
}

/**
 * "wait no, tuesday. it's tuesday": a correction of the day just told moves the newest dated thing
 * to it, its words and its date.
 */
function dateCorrected(message: string, known: readonly MemoryFact[], today: string): MemoryFact[] {
  const lower = message.toLowerCase();
  if (
    !/^(?:(?:oh|ah|ok)[\s,]+)?(?:wait|sorry|no|nope|actually|oops|i mean|correction|scratch that)\b/.test(
      lower,
    )
  )
    return [];
  const when = dateIn(lower, today);
  const last = known.findLast((item) => item.kind === "date" && item.date !== null);
  if (!when?.date || !last || last.date === when.date) return [];
  const said = dateIn(last.text.toLowerCase(), today)?.words;
  const text = said ? last.text.replace(new RegExp(said, "i"), when.words) : `${last.text} (${when.words})`;
  return [fact("date", last.subject, text, when.date)];
}

// ------------------------------------------------------------------ what the character said of itself

const SELF_TOPICS: [string, RegExp][] = [
  ["grew up", /\bi (?:grew up|was raised|was born)\b/i],
  [
    "family",
    /\bmy (?:mother|mom|mum|father|dad|parents|sisters?|brothers?|grand\w+|family|aunt|uncle|cousins?)\b|\bonly child\b/i,
  ],
  ["job", /\bi (?:work|teach|run|own|manage)\b|\bmy (?:job|work)\b/i],
  ["film", /\bfavou?rite (?:film|movie)\b/i],
  ["music", /\bfavou?rite (?:music|song|band|album|singer)\b|\bi (?:listen to|love listening to)\b/i],
  ["food", /\bfavou?rite (?:food|dish|meal|thing to eat)\b/i],
  ["home", /\bi live (?:in|on|at)\b/i],
];

/** What the character said about itself, one fact per topic, so it can keep to it. */
function selfFacts(reply: string): MemoryFact[] {
  const facts: MemoryFact[] = [];
  const sentences = reply.match(/[^.!?…]+[.!?…]*/g) ?? [];
  for (const raw of sentences) {
    const sentence = raw.trim();
    if (!sentence || sentence.endsWith("?") || sentence.length > 240) continue;
    for (const [topic, pattern] of SELF_TOPICS) {
      if (facts.some((item) => item.subject === topic)) continue;
      if (pattern.test(sentence)) facts.push(fact("self", topic, sentence));
    }
  }
  return facts;
}

/** "dance" → "dancing", "swim" → "swimming", "remodel" → "remodeling". */
/** What opens "… is freezing today" without being a town. */
const NOT_A_TOWN =
  /^(?:it|its|it's|this|that|everything|everyone|work|today|tonight|the|my|our|weather|outside|here|there|life|coffee|tea|water|house|flat|room|office|car|bed|food|dinner|lunch|he|she|they|which|what|everybody|nobody|mine|yours)$/i;

/** What "i'm in …" says that is a state or a place of the day, not a town. */
const NOT_A_PLACE =
  /^(?:bed|pain|love|class|shock|trouble|tears|bits|pieces|work|school|college|uni|town|hospital|charge|debt|hell|heaven|luck|denial|agony|lectures?|meetings?|traffic|public|private|sales|retail|tech|finance|marketing|therapy|recovery|labou?r|isolation|quarantine|lockdown|training|line|queue|bathroom|kitchen|shower|office|car|bus|train|church|mass|jail|prison|limbo|awe|need|touch|there|here|it|this|that|one|two|a|the|my|our|your|his|her|their|time|bits|half|love|lust|debt|doubt|heat|bed|mourning|shape|form|danger|control|style|fashion|power|office|session|surgery|theory|practice|general|person|secret|trouble|vain|bloom|tune|season|stock|order|sync|progress|between|range|place|position|question)$/i;

/** "been nursing for years": the work its doing names. */
const WORK_BY_DOING: Record<string, string> = {
  nursing: "nurse",
  teaching: "teacher",
  bartending: "bartender",
  waitressing: "waitress",
  tutoring: "tutor",
  nannying: "nanny",
  lecturing: "lecturer",
  plumbing: "plumber",
  farming: "farmer",
  freelancing: "freelancer",
  coaching: "coach",
  bricklaying: "bricklayer",
  hairdressing: "hairdresser",
  babysitting: "babysitter",
};

/** "my exam tomorrow is freaking me out": the thing first, then what it does to the user. */
function thingThatWorries(clause: string): [string, string, string] | null {
  const does =
    /^(?:(?:honestly|tbh|ngl|ugh|and|but|so)\s+)*((?:my|our|the|this)\s+(?:[\p{L}'-]+\s+){0,4}?)(?:is|are|has been|'s)\s+(?:really\s+|so\s+|kinda\s+|lowkey\s+)?(freaking me out|stressing me out|scaring me|worrying me|doing my head in|making me (?:so )?(?:nervous|anxious)|keeping me up)/iu.exec(
      clause,
    );
  if (!does) return null;
  const how = does[2] ?? "";
  const feeling = /scar/i.test(how)
    ? "scared"
    : /nervous/i.test(how)
      ? "nervous"
      : /anxious/i.test(how)
        ? "anxious"
        : "stressed";
  return [does[0], feeling, (does[1] ?? "").trim()];
}

/** "cut hair" → "cuts hair". */
function thirdVerb(phrase: string): string {
  return phrase.replace(/^(\S+)/, (verb) => (/(?:ch|sh|x|s|o)$/i.test(verb) ? `${verb}es` : `${verb}s`));
}

function gerund(verb: string): string {
  const lower = verb.toLowerCase();
  if (/ing$/.test(lower)) return lower;
  if (/ie$/.test(lower)) return `${lower.slice(0, -2)}ying`;
  if (/[^aeiou]e$/.test(lower) && lower !== "be") return `${lower.slice(0, -1)}ing`;
  if (/^[^aeiou]*[aeiou][^aeiouwxy]$/.test(lower)) return `${lower}${lower.slice(-1)}ing`;
  return `${lower}ing`;
}

// ------------------------------------------------------------------ towns named in passing

/** Marks a place the user only named ("sunderland lost again"), not one they said they live in. */
export const TALKED_ABOUT = "talked about ";

const NOT_A_TOWN_NAME = new RegExp(`^(?:${MONTH}|${DAY}|spring|summer|autumn|fall|winter)$`, "i");
const SOMEONES = new RegExp(`\\b(?:my|our|his|her|their)\\s+(?:${RELATIONS})s?\\b`, "i");

/**
 * A town the user named in passing when no rule read a place: "sunderland lost again so the whole
 * street's sulking" is where they are, most likely. Said back as "you talked about Sunderland", and
 * never in place of a place the user said they live in (services/memory/merge.ts). Not a town that
 * is someone's ("my brother in Lisbon"), nor a name the chat gives a person, a pet or the character.
 */
function townsTalkedAbout(
  message: string,
  found: readonly MemoryFact[],
  request: Pick<MemoryExtractionRequest, "characterName" | "userName" | "known">,
): MemoryFact[] {
  const facts = [...request.known, ...found];
  if (facts.some((item) => item.kind === "place")) return [];
  const names = new Set(
    [
      request.characterName,
      request.userName ?? "",
      ...facts.filter((item) => ["name", "pet", "person"].includes(item.kind)).map((item) => item.subject),
    ]
      .flatMap((name) => name.toLowerCase().split(/\s+/))
      .filter((word) => word.length > 0),
  );
  // "is prague cold?" or "your town sounds lovely" is about the character's town, not the user's
  const told = (message.match(/[^.!?\n]+[.!?]*/g) ?? []).filter(
    (sentence) => !/\?/.test(sentence) && !/\b(?:you|your|yours|u|ur)\b/i.test(sentence),
  );
  for (const clause of told.flatMap((sentence) => clausesOf(sentence))) {
    for (const town of townsIn(clause, names)) {
      if (NOT_A_TOWN_NAME.test(town)) continue;
      const before = clause.slice(0, clause.toLowerCase().indexOf(town.toLowerCase().split(" ")[0] ?? ""));
      if (SOMEONES.test(before)) continue;
      return [fact("place", town, `${TALKED_ABOUT}${town}`)];
    }
  }
  return [];
}

const PET_NAMED_FIRST = new RegExp(
  `^(?:(?:so|and|omg|lol|ugh|aww|well)[\\s,]+)*([\\p{L}'-]+?)(?:'s|\\s+(?:is|was|has|just|keeps))\\b[^.!?]{0,80}[.!?,;]\\s*(?:she|he)(?:'s| is) (?:a|an|my|our) (?:[\\p{L}-]+ ){0,2}?(${PET_KINDS}|tom|tomcat)\\b`,
  "iu",
);
