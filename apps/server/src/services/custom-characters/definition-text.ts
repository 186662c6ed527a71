import type { CardData } from "../cards/card-data.ts";

/**
 * A character's definition as the moderation step reads it (surface `character_definition`).
 * Everything in it describes the character the model will play, so it is framed as a roleplay:
 * the rules then read anyone described in it as the role itself, as they read "you are …" in a
 * chat message, and a minor-coded character is refused whatever the age field says.
 */
const ROLEPLAY_FRAME = "Roleplay character definition.";

export function builderDefinitionText(character: {
  name: string;
  description: string;
  personality: string;
  hobbies: string;
  relationship: string;
}): string {
  return [
    ROLEPLAY_FRAME,
    `Name: ${character.name}.`,
    character.description,
    `Personality: ${character.personality}.`,
    `Hobbies: ${character.hobbies}.`,
    `Relationship: the user's ${character.relationship}.`,
  ]
    .filter((part) => part.trim())
    .join("\n");
}

/** Every text of a card that can reach a prompt or a screen, its lorebook included. */
export function cardDefinitionText(card: CardData): string {
  return [
    ROLEPLAY_FRAME,
    `Name: ${card.name}.`,
    card.description,
    card.personality,
    card.scenario,
    card.first_mes,
    ...card.alternate_greetings,
    card.mes_example,
    card.system_prompt,
    card.post_history_instructions,
    card.creator_notes,
    ...(card.character_book?.entries.map((entry) => entry.content) ?? []),
  ]
    .filter((part) => part.trim())
    .join("\n");
}
