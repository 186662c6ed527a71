import { CUSTOM_LIMITS } from "@reverie/shared";
import type { CharacterRow } from "../../db/schema.ts";
import type { CardData } from "../cards/card-data.ts";
import { expandCardMacros } from "./card-macros.ts";
import { parseDefinition } from "./reply-card.ts";
import { parseStoredTraits, traitsRecord } from "./traits.ts";

const TAGLINE_MAX_LENGTH = 120;

function clip(text: string, max: number): string {
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat.length <= max) return flat;
  return `${flat.slice(0, max - 1).replace(/\s+\S*$/, "")}…`;
}

/** The name a card's character is kept under: the card's, within the constructor's limit. */
export function cardCharacterName(card: CardData): string {
  return clip(card.name, CUSTOM_LIMITS.nameMaxLength) || "Unnamed";
}

/**
 * The columns of a character imported from a card. The texts keep their placeholders
 * ({{char}}, {{user}}): they are filled in where a text is used (the first message when a chat
 * opens, the rest when a reply is written), except in the tagline, which lists show as it is.
 */
export function cardColumns(card: CardData) {
  const name = cardCharacterName(card);
  const firstSentence = /^[^.!?\n]*[.!?]?/.exec(card.description.trim())?.[0] ?? "";
  const tagline = clip(
    expandCardMacros(firstSentence || card.creator_notes, { char: name, user: null }),
    TAGLINE_MAX_LENGTH,
  );
  return {
    name,
    tagline: tagline || "Imported character",
    description: card.description,
    personality: card.personality,
    hobbies: "",
    relationship: "",
    first_msg: card.first_mes.trim() ? card.first_mes : `Hi, I'm ${name}. It's good to meet you.`,
    user_first_msg_help: "",
  };
}

/**
 * A user's character as a card, for the cards' export: an imported one is its card as it came,
 * with the name and description as edited since; a built one is written as a card whose
 * description, personality and scenario say what its traits mean (for other apps), the traits
 * themselves kept in `extensions.reverie`.
 */
export function exportedCardData(row: CharacterRow): CardData {
  const definition = parseDefinition(row.definition);
  if (definition) return { ...definition, name: row.name, description: row.description };
  const traits = parseStoredTraits(row.traits);
  const feminine = row.gender === "female" || row.gender === "anime_female";
  const hobbies = row.hobbies
    .split(",")
    .map((hobby) => hobby.trim())
    .filter(Boolean);
  const scenario = [
    row.relationship ? `{{char}} is {{user}}'s ${row.relationship}.` : "",
    hobbies.length > 0 ? `${feminine ? "She" : "He"} loves ${hobbies.join(", ")}.` : "",
  ]
    .filter(Boolean)
    .join(" ");
  return {
    name: row.name,
    description: row.description,
    personality: row.personality,
    scenario,
    first_mes: row.first_msg,
    mes_example: "",
    creator_notes: row.tagline,
    system_prompt: "",
    post_history_instructions: "",
    alternate_greetings: [],
    tags: ["Reverie", feminine ? "female" : "male", ...(row.gender.startsWith("anime") ? ["anime"] : [])],
    creator: "Reverie",
    character_version: "1",
    extensions: {
      reverie: {
        age: row.age,
        gender: row.gender,
        ...(row.voice ? { voice: row.voice } : {}),
        ...(traits ? { traits: traitsRecord(traits) } : {}),
      },
    },
  };
}
