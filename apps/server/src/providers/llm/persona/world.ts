import type { CanonSheet, CharacterCard } from "../types.ts";
import { hashText, lowerFirst, stablePick } from "./text.ts";

/**
 * What the offline engine knows of a character: its card, its canon sheet (decision 44) and the
 * words its own lines are made of. A card without a sheet (a built or imported character the
 * services have not given one) gets one derived here from its text, the same on every call, so
 * that its answers stay the same across chats.
 */

export type Tone = "playful" | "gentle" | "cool";
export type Bond = "romantic" | "friend" | "rival" | "protector";
export type Setting = "modern" | "fantasy" | "frontier" | "space";

export interface World {
  card: CharacterCard;
  first: string;
  canon: CanonSheet;
  /** true when the sheet was derived here rather than given */
  derived: boolean;
  hobbies: string[];
  tone: Tone;
  bond: Bond;
  setting: Setting;
  /** the character's own words: its voice phrases, then a few chosen for it */
  phrases: string[];
  /** small concrete things of its life to mention: hobbies, favourites, its work */
  things: string[];
  /** where it is now, for "what are you doing" ("the studio", "the forest") */
  haunt: string;
}

export function worldOf(card: CharacterCard): World {
  const first = card.name.trim().split(/\s+/)[0] || card.name.trim() || "me";
  const text = `${card.tagline} ${card.description} ${card.personality} ${card.card?.scenario ?? ""}`;
  const setting = settingOf(text);
  const hobbies = hobbiesOf(card, text, setting);
  const canon = card.canon ?? deriveCanon(card, first, hobbies, setting, text);
  const tone = toneOf(`${card.personality} ${card.tagline} ${card.canon?.voice.style ?? ""}`);
  const phrases = [...canon.voice.phrases.filter((phrase) => phrase.trim().length > 0)];
  const things = [
    ...hobbies,
    shortOf(canon.favourites.food),
    shortOf(canon.favourites.music),
    ...Object.values(canon.favourites.more ?? {}).map(shortOf),
  ]
    // colour never sounds like withholding: "a secret garden" reads as "that's a secret"
    .filter(
      (thing) =>
        thing.length > 2 &&
        thing.split(/\s+/).length <= 5 &&
        !/\b(?:secret|guess|mystery)\b/i.test(thing) &&
        !/^(?:a|an|the) \w+ one\b/i.test(thing),
    );
  return {
    card,
    first,
    canon,
    derived: !card.canon,
    hobbies,
    tone,
    bond: bondOf(card.relationship),
    setting,
    phrases,
    things,
    haunt: hauntOf(canon, setting, card.name),
  };
}

/** The first phrase of a canon text: "tapas at my aunt's bar, the garlic prawns" → "tapas at my aunt's bar". */
export function shortOf(text: string): string {
  return (text.split(/[;,:—–(]|\s-\s/)[0] ?? text).trim().replace(/[.!]+$/, "");
}

function settingOf(text: string): Setting {
  const lower = text.toLowerCase();
  const score = (pattern: RegExp) => (lower.match(pattern) ?? []).length;
  const fantasy = score(
    /\b(?:magic\w*|enchanted|kingdom|realm|sword|elf|elves|elven|dragons?|guardian|forest spirit|spell\w*|witch|wizard|mage|sorcer\w*|knight|castle|goddess|fae|fairy|potion|quest|ethereal|eldoria|tavern|village elder)\b/g,
  );
  const frontier = score(
    /\b(?:wasteland|mojave|caravans?|outpost|desert|post-apocalyptic|raiders?|vault|ncr|whiskey|saloon|cowboy|frontier)\b/g,
  );
  const space = score(
    /\b(?:starship|spaceship|space station|galaxy|galactic|planet|orbit|shore leave|navigator|alien|star system)\b/g,
  );
  const best = Math.max(fantasy, frontier, space);
  if (best < 2) return "modern";
  return best === fantasy ? "fantasy" : best === frontier ? "frontier" : "space";
}

function hobbiesOf(card: CharacterCard, text: string, setting: Setting): string[] {
  const given = card.hobbies.map((hobby) => hobby.trim()).filter(Boolean);
  if (given.length > 0) return given.map((hobby) => (/^[A-Z][a-z]/.test(hobby) ? lowerFirst(hobby) : hobby));
  const listed = /\b(?:interests|hobbies|likes|loves)\s*[:=]\s*([^\n.]+)/i.exec(text)?.[1];
  if (listed) {
    const items = listed
      .split(/,|;|\band\b/)
      .map((item) =>
        item
          .replace(/["[\]]/g, "")
          .trim()
          .toLowerCase(),
      )
      .filter((item) => item.length > 2 && item.length < 40 && !/\bany\b|\bsubject\b/.test(item));
    if (items.length > 0) return items.slice(0, 5);
  }
  const options: Record<Setting, string[][]> = {
    modern: [
      ["late-night walks", "old paperbacks", "cooking for friends"],
      ["board games", "photography", "long bike rides"],
      ["houseplants", "live music", "rainy-day baking"],
    ],
    fantasy: [
      ["gathering herbs", "tending wounded animals", "old songs of the forest"],
      ["reading the stars", "brewing tea from wild roots", "carving small charms"],
    ],
    frontier: [
      ["fixing up old radios", "card games", "watching storms roll in"],
      ["trading stories at the bar", "target shooting", "mapping the old roads"],
    ],
    space: [
      ["star charts", "collecting odd trinkets from ports", "zero-g games"],
      ["old Earth music", "ship repairs", "cloud watching on shore leave"],
    ],
  };
  return [...stablePick(`${card.name}|hobbies`, options[setting])];
}

const TONE_WORDS: Record<Tone, RegExp> = {
  playful:
    /\b(?:playful|bubbly|sunny|spontaneous|chaotic|funny|cheerful|energetic|hot-headed|theatrical|charming|passionate|expressive|goofy|adventurous|bold|mischievous|optimistic|clumsy|flirty|silly|witty|cheeky|loud|wild|teasing)\b/g,
  gentle:
    /\b(?:gentle|warm|warm-hearted|sweet|shy|kind|encouraging|curious|dreamy|tender|romantic|caring|attentive|thoughtful|soft-spoken|protective|steady|loyal|generous|creative|affectionate|nurturing|compassionate|kind-hearted|serene)\b/g,
  cool: /\b(?:calm|dry|dryly|deadpan|stoic|reserved|sarcastic|cool|observant|disciplined|competitive|elegant|patient|ambitious|mysterious|serious|aloof|blunt|confident|sharp|tough|no-nonsense|independent)\b/g,
};

function toneOf(text: string): Tone {
  const lower = text.toLowerCase();
  const scores = (["playful", "gentle", "cool"] as const).map(
    (tone) => [tone, (lower.match(TONE_WORDS[tone]) ?? []).length] as const,
  );
  const best = scores.reduce((a, b) => (b[1] > a[1] ? b : a));
  return best[1] > 0 ? best[0] : "gentle";
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

function hauntOf(canon: CanonSheet, setting: Setting, name: string): string {
  const job = canon.job.toLowerCase();
  const place =
    /\b(?:the|my|a|our)\s+((?:[a-z'-]+\s+){0,2}(?:studio|shop|workshop|clinic|café|cafe|bar|kitchen|station|lab|office|trattoria|bookshop|planetarium|dojo|gym|garage|bakery|gallery|school|library|archive|pool|beach|bridge|hospital|forest|caravan|ship|deck|theatre|theater|club|restaurant|market|farm|garden|greenhouse|hall))\b/.exec(
      job,
    )?.[1];
  if (place) return `the ${place.replace(/^(?:small|little|tiny|old)\s+/, "")}`;
  const where =
    /\b(?:at|in) (?:a|an|the|my|our) ((?:[a-z'-]+ ){0,2}[a-z'-]{3,})(?=[,;.]|\s(?:where|with|and|by|on|in|near|above)\b|$)/.exec(
      job,
    )?.[1];
  if (where && !/^(?:time|while|way|row|bit|lot|moment|day|week)$/.test(where)) return `the ${where}`;
  const favourite = canon.favourites.more?.place;
  if (favourite && shortOf(favourite).split(/\s+/).length <= 6) return lowerFirst(shortOf(favourite));
  const fallback: Record<Setting, string[]> = {
    modern: ["the kitchen table", "the window seat", "the balcony"],
    fantasy: ["the glade", "the old oak by the spring", "the healing hut"],
    frontier: ["the outpost bar", "the back of the truck", "the porch"],
    space: ["the observation deck", "the galley", "the nav console"],
  };
  const hobby = canon.favourites.more?.hobby;
  return hobby ? `my ${shortOf(hobby)} corner` : stablePick(`${name}|haunt`, fallback[setting]);
}

// ------------------------------------------------------------------ a derived sheet

const NAMES = {
  female: [
    "Ana",
    "Marta",
    "Elena",
    "Rosa",
    "Ines",
    "Clara",
    "Nadia",
    "Lucia",
    "Mira",
    "Greta",
    "Alma",
    "Vera",
    "Tess",
    "June",
  ],
  male: [
    "Tomas",
    "Leo",
    "Marco",
    "Pavel",
    "Jonah",
    "Emil",
    "Rafa",
    "Owen",
    "Felix",
    "Hugo",
    "Arlo",
    "Nico",
    "Ben",
    "Ivo",
  ],
};

const DERIVED: Record<
  Setting,
  {
    grewUp: string[];
    film: string[];
    music: string[];
    food: string[];
    family: ((sibling: string, parent: string) => string)[];
    anecdotes: string[];
    phrases: string[][];
  }
> = {
  modern: {
    grewUp: [
      "in a small seaside town where the ferry horn was everyone's alarm clock",
      "in a busy flat above a launderette on the edge of the city",
      "in a farming village with one bus a day and a lot of sky",
      "in the suburbs, in a house with a crooked apple tree in the garden",
    ],
    film: [
      '"Before Sunrise", because two people talking all night is my idea of a plot',
      '"Amélie", because it treats small kindnesses like adventures',
      '"Spirited Away", which I still watch every winter',
      '"Paddington 2", and I will defend that choice forever',
    ],
    music: [
      "old soul records, Aretha Franklin above all, played loud while I cook",
      "jazz for rainy evenings, mostly Chet Baker",
      "indie folk, the kind with a banjo and a broken heart",
      "classic rock, Fleetwood Mac on repeat",
    ],
    food: [
      "a proper bowl of ramen after a long day",
      "my grandmother's lasagne, which nobody has managed to copy",
      "fresh bread with too much butter",
      "a good curry, the spicier the better",
    ],
    family: [
      (sibling, parent) =>
        `my mother ${parent} still calls every Sunday, and my little brother ${sibling} borrows things and never gives them back`,
      (sibling, parent) =>
        `my father ${parent} taught me to cook, and my older sister ${sibling} is the sensible one of us`,
      (sibling, parent) =>
        `I grew up with my mum ${parent} and a younger sister, ${sibling}, who is my best friend now`,
    ],
    anecdotes: [
      "Once I got locked out of my flat in my pyjamas and spent the whole morning drinking tea with a neighbour I'd never spoken to. We're friends now.",
      "Last summer I tried to learn to swim properly and swallowed half the lake. I did learn, though.",
      "When I was a kid I ran a lemonade stand that lost money every single day. I was very proud of it.",
    ],
    phrases: [
      ["honestly", "oh, for sure", "no way"],
      ["you know what", "ha", "right?"],
      ["mm", "fair enough", "oh I love that"],
    ],
  },
  fantasy: {
    grewUp: [
      "in a village of thatched roofs at the edge of the old forest",
      "in a mill town by the river, where the water wheel never stopped",
      "in a hill village where the healers kept bees and every child learned the herbs",
    ],
    film: [
      '"The Lantern Keeper", the shadow play the travelling players put on each spring, the closest thing to a film we have here',
      '"The Fox and the Moon", a puppet play the travelling players bring, our forest\'s answer to a film',
    ],
    music: [
      "old ballads of the forest, sung slowly by the fire",
      "lullabies my mother sang, and the folk songs of the river villages",
      "harp music, the kind the wandering bards play",
    ],
    food: [
      "warm bread with wild honey",
      "a stew of mushrooms and herbs from the forest floor",
      "berry pie made with whatever the brambles give",
    ],
    family: [
      (sibling, parent) =>
        `my mother ${parent} was the village healer and taught me everything I know, and my brother ${sibling} still lives by the river`,
      (sibling, parent) =>
        `my father ${parent} kept bees at the forest's edge, and my sister ${sibling} married a miller`,
    ],
    anecdotes: [
      "Once a wounded fox limped into my glade in the middle of a storm, and I sat up all night mending its leg. It still comes back every spring.",
      "When I was young I got lost in the deep woods for two days and followed the birdsong home. I have trusted the birds ever since.",
    ],
    phrases: [
      ["dear one", "rest now", "be still"],
      ["little one", "hush", "as the old stories say"],
    ],
  },
  frontier: {
    grewUp: [
      "on the road, in the back of my family's trade wagons, from one dusty town to the next",
      "in a frontier town with one well, one bar and a lot of wind",
    ],
    film: [
      '"The Good, the Bad and the Ugly", which I saw on an old projector at an outpost once',
      '"Mad Max", which feels more like a documentary out here',
    ],
    music: ["old country records, the scratchier the better", "blues on a crackling radio"],
    food: [
      "beans and a steak cooked over a fire",
      "anything that is not another can of beans, honestly; a real steak",
      "cornbread, warm from the pan",
    ],
    family: [
      (sibling, parent) =>
        `my father ${parent} built the family business from nothing, and my cousin ${sibling} rode the roads with us`,
      (sibling, parent) =>
        `my mother ${parent} could fix any engine, and my brother ${sibling} could never sit still`,
    ],
    anecdotes: [
      "Once a sandstorm pinned our whole caravan down for three days, and we played cards by lamplight until the cards fell apart.",
      "When I was a kid I traded my boots for a broken radio and walked home barefoot. I fixed the radio, though.",
    ],
    phrases: [
      ["hell", "kid", "ain't that the truth"],
      ["look", "damn", "sure thing"],
    ],
  },
  space: {
    grewUp: [
      "on a research station orbiting a gas giant, where the windows were the best part",
      "in a port city on a mining moon, under a sky the colour of rust",
    ],
    film: [
      '"2001: A Space Odyssey", which is very relaxing if you are me',
      '"Interstellar", and yes, I cry every time',
    ],
    music: ["old Earth jazz from the ship's archive", "synthwave, good for long night shifts"],
    food: ["real fresh fruit, after months of ration packs", "noodles from a street stall in any port"],
    family: [
      (sibling, parent) =>
        `my mother ${parent} was a pilot and my brother ${sibling} fixes engines on a freighter`,
      (sibling, parent) =>
        `my father ${parent} mapped asteroid fields and my sister ${sibling} runs a station bakery`,
    ],
    anecdotes: [
      "Once I steered a shuttle through an ion storm with half the panels dark, and I made it home with one working light.",
      "Last year I got stuck in an airlock for six hours and learned every verse of a very long song.",
    ],
    phrases: [
      ["stars above", "copy that", "course set"],
      ["oh, fascinating", "log that", "by the rings"],
    ],
  },
};

function deriveCanon(
  card: CharacterCard,
  first: string,
  hobbies: string[],
  setting: Setting,
  text: string,
): CanonSheet {
  const key = `${card.name}|${card.id}|canon`;
  const pool = DERIVED[setting];
  const clean = text.replace(/\{\{char\}\}/gi, first).replace(/\s+/g, " ");
  const place = placeOf(card, clean);
  const grewUp = place
    ? `in ${place}, ${stablePick(`${key}|grew`, ["in a noisy house full of cousins", "on a street where everybody knew my name", "in a home with more books than chairs", "with a window that looked out over the rooftops"])}`
    : stablePick(`${key}|grew`, pool.grewUp);
  const parentName = /\b(?:daughter|son|child) of ([A-Z][\p{L}'-]+(?: [A-Z][\p{L}'-]+)?)/u.exec(clean)?.[1];
  const sibling = stablePick(`${key}|sibling`, hashText(key) % 2 === 0 ? NAMES.female : NAMES.male);
  const parent = stablePick(`${key}|parent`, hashText(`${key}p`) % 2 === 0 ? NAMES.female : NAMES.male);
  const family = parentName
    ? `my father is ${parentName}, and I don't talk about him much; my mother ${parent} raised me to never back down`
    : stablePick(`${key}|family`, pool.family)(sibling, parent);
  return {
    grewUp,
    family,
    job: jobOf(card, clean, hobbies, setting),
    favourites: {
      film: stablePick(`${key}|film`, pool.film),
      music: stablePick(`${key}|music`, pool.music),
      food: stablePick(`${key}|food`, pool.food),
    },
    anecdotes: pool.anecdotes,
    voice: { style: card.personality, phrases: stablePick(`${key}|phrases`, pool.phrases) },
  };
}

/** A named place the card's text puts the character in ("the Mojave", "Seville"), if any. */
function placeOf(card: CharacterCard, text: string): string | null {
  const candidates = [
    ...text.matchAll(/\b(?:in|from|of|at|across)\s+(the\s+)?([A-Z][\p{L}'-]+(?:\s+[A-Z][\p{L}'-]+)?)/gu),
  ]
    .map((match) => `${match[1] ?? ""}${match[2] ?? ""}`.trim())
    .filter((place) => {
      const words = place.replace(/^the\s+/, "").split(/\s+/);
      return !words.some(
        (word) =>
          card.name.includes(word) ||
          /^(?:Character|Personality|Role|Name|Age|She|He|They|Her|His|The|User|I|It|My|Your)$/.test(word),
      );
    });
  if (candidates[0]) return candidates[0].replace(/^the\s+/i, "the ");
  const setting =
    /\b(?:this|the|an?)\s+((?:enchanted|ancient|old|haunted|sacred|dark|deep)\s+)?(forest|woods|kingdom|village|town|city|wasteland|desert|island|coast|mountains)\b/i.exec(
      text,
    );
  return setting ? `the ${(setting[1] ?? "").toLowerCase()}${(setting[2] ?? "").toLowerCase()}` : null;
}

const ROLE_WORD =
  /(?:er|or|ist|ian|ant|ent|guardian|keeper|healer|leader|chef|cook|nurse|doctor|pilot|guard|knight|medic|witch|mage|hunter|smith|trader|merchant|scholar|student|barista|clerk|priestess|priest|ranger|scout|detective|captain|mechanic|engineer|navigator)$/;

function jobOf(card: CharacterCard, text: string, hobbies: string[], setting: Setting): string {
  const role =
    /\b(?:role|occupation|job|profession|class)\s*[:=]\s*(?:an?\s+)?([^\n.;,]+)/i.exec(text)?.[1] ??
    /\bas an? ([a-z][a-z -]{2,30}?)(?=[.,;]|\s(?:and|for|in|on|who|with)\b)/i.exec(text)?.[1] ??
    /\bI am an? ([a-z][a-z -]{2,30}?)(?=[.,;—–-]|\s(?:and|for|of|in|who|with)\b)/i.exec(text)?.[1] ??
    /\b(?:is|was) an? ([a-z][a-z -]{2,30}?)(?=[.,;]|\s(?:and|for|in|of|on|who|with)\b)/i.exec(text)?.[1] ??
    /^(?:an?\s+)?([A-Z][a-z]+(?:[ -][a-z]+){0,2}?)\s+(?:who|with|from|in|and)\b/.exec(card.tagline)?.[1];
  const words = role?.trim().toLowerCase().split(/\s+/) ?? [];
  const last = words.at(-1) ?? "";
  if (
    role &&
    ROLE_WORD.test(last) &&
    words.length <= 4 &&
    !/\b(?:fan|lover|drinker|person|user|member)\b/.test(last)
  ) {
    const phrase = words.join(" ").replace(/^(?:adult|young|old)\s+/, "");
    return `I work as ${/^[aeiou]/.test(phrase) ? "an" : "a"} ${phrase}${setting === "fantasy" && /guard|protect|keeper/.test(phrase) ? ", watching over this forest and healing whoever it sends me" : ""}`;
  }
  const hobby = hobbies[0] ?? "odd jobs";
  const bySetting: Record<Setting, string> = {
    modern: `I work freelance, mostly ${hobby}, which pays the rent most months`,
    fantasy: "I work as the keeper of this place: I guard the paths and heal whoever needs it",
    frontier: "I run trade along the old roads, buying low, selling high and keeping the wagons moving",
    space: "I work on the ship's crew, charting courses and fixing whatever breaks",
  };
  return bySetting[setting];
}
