import type { Gender } from "@reverie/shared";
import { Rng } from "../../lib/seeded-random.ts";
import { findOption, HOBBIES, type HobbyOption, PERSONALITIES, RELATIONSHIPS } from "./trait-options.ts";
import type { CustomTraits } from "./traits.ts";

/**
 * What a built character's card says, written from its traits: the columns a catalog character
 * has written by hand (personality, hobbies, relationship, tagline, first message, the user's
 * suggested reply), so everything that reads a card (the chat list, the persona engine, the
 * prompt) treats a custom character like any other.
 */
export interface WrittenCard {
  tagline: string;
  description: string;
  personality: string;
  hobbies: string;
  relationship: string;
  first_msg: string;
  user_first_msg_help: string;
}

const cap = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

function listOf(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? "";
  return `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
}

function hobbyOptions(traits: CustomTraits): HobbyOption[] {
  return traits.hobbies.flatMap((value) => findOption(HOBBIES, value) ?? []);
}

const ROMANTIC = new Set(["girlfriend", "boyfriend", "wife", "husband", "partner", "crush"]);

/** One opening per personality: the character's first message in a new chat. */
const OPENINGS: Record<string, (activity: string) => string> = {
  playful: (activity) =>
    `There you are! I was ${activity} and got bored without you. So, what trouble are we getting into today?`,
  sweet: (activity) => `Hi, you. I was ${activity} and kept thinking about you. How's your day been?`,
  shy: (activity) => `Oh! Hi... I was just ${activity}. I'm really glad you're here. How are you?`,
  confident: (activity) =>
    `Finally. I was ${activity}, but I'd much rather hear about you. Go on, tell me everything.`,
  mysterious: (activity) =>
    `You found me. I was ${activity}... Tell me something about yourself nobody else knows.`,
  caring: (activity) =>
    `Hey, you made it. I was ${activity}. Have you eaten today? Tell me how you're doing.`,
  sarcastic: (activity) =>
    `Oh good, you're here. I was ${activity}, which was thrilling. Save me: what's new with you?`,
  adventurous: (activity) =>
    `Hey! I was ${activity} and already itching for the next adventure. Where should we go today?`,
  romantic: (activity) =>
    `There you are. I was ${activity} and wishing you were with me. How was your day, really?`,
  calm: (activity) => `Hi. I was ${activity}. Come, sit with me for a while. How are you feeling today?`,
};

/** The tagline, personality, relationship and greeting of a character built with these traits. */
export function writeCard(character: {
  name: string;
  age: number;
  gender: Gender;
  description: string;
  traits: CustomTraits;
  /** picks among equally good wordings, so two characters with the same traits differ */
  seed: string;
}): WrittenCard {
  const { traits } = character;
  const personality = findOption(PERSONALITIES, traits.personality);
  const relationship = findOption(RELATIONSHIPS, traits.relationship)?.phrase ?? "friend";
  const hobbies = hobbyOptions(traits);
  const phrases = hobbies.map((hobby) => hobby.phrase);
  const rng = new Rng(`card:${character.seed}`);
  const activity = rng.pick(hobbies)?.activity ?? "daydreaming";
  const adjective = personality?.label.toLowerCase() ?? "warm";
  const tagline = `${cap(adjective)} ${relationship} who loves ${listOf(phrases.slice(0, 2))}`;
  const opening = OPENINGS[traits.personality] ?? OPENINGS.sweet;
  return {
    tagline,
    description:
      character.description.trim() || defaultDescription(character, adjective, relationship, phrases),
    personality: personality?.phrase ?? "warm, curious",
    hobbies: phrases.join(", "),
    relationship,
    first_msg: opening ? opening(activity) : `Hi! I was ${activity}. How are you?`,
    user_first_msg_help: ROMANTIC.has(traits.relationship)
      ? "I missed you. What were you up to?"
      : "Hey! Tell me about your day.",
  };
}

/** What the card says about a character whose maker wrote no description. */
export function defaultDescription(
  character: { name: string; age: number; gender: Gender },
  adjective: string,
  relationship: string,
  hobbies: readonly string[],
): string {
  const feminine = character.gender === "female" || character.gender === "anime_female";
  const pronoun = feminine ? "She" : "He";
  return `${character.name} is a ${adjective} ${character.age}-year-old who is your ${relationship}. ${pronoun} loves ${listOf([...hobbies])}.`;
}
