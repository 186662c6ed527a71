import type { CardData } from "../cards/card-data.ts";
import { decodeEntities, expandCardMacros } from "./card-macros.ts";

/**
 * A character's definition as the moderation step reads it (surface `character_definition`).
 * Everything in it describes the character the model will play, so it is framed as a roleplay:
 * the rules then read anyone described in it as the role itself, as they read "you are …" in a
 * chat message, and a minor-coded character is refused whatever the age field says.
 */
const ROLEPLAY_FRAME = "Roleplay character definition.";

/** who `{{user}}` is in a definition, which no one user reads */
const NEUTRAL_USER = "User";

/** at most this many readings of a text with `{{random}}` or `{{pick}}`, one per option index */
const MAX_READINGS = 8;
/** and at most this much text in those readings over a whole definition */
const READINGS_BUDGET = 200_000;

/**
 * A text as the model is given it (card-macros.ts), with every option of `{{random}}` and
 * `{{pick}}`, since any of them may be the one a prompt takes: all of them joined, and then each in
 * its place (joined, "{{random:twenty,twelve}} years old" reads as the year 2012), within the budget.
 * The name is the one `{{char}}` stands for; the name itself reaches the prompt as it is written,
 * so only its entities are decoded.
 */
function asGiven(name: string): (text: string) => string {
  const names = { char: name, user: NEUTRAL_USER };
  let budget = READINGS_BUDGET;
  return (text) => {
    const joined = expandCardMacros(text, names, { choices: "all" });
    const readings = [joined];
    for (let index = 0; index < MAX_READINGS; index++) {
      const reading = expandCardMacros(text, names, { choices: index });
      // the same as all options joined: no choices; the same as the last: every option taken
      if (reading === joined || reading === readings.at(-1) || reading.length > budget) break;
      budget -= reading.length;
      readings.push(reading);
    }
    return readings.join("\n");
  };
}

export function builderDefinitionText(character: {
  name: string;
  description: string;
  personality: string;
  hobbies: string;
  relationship: string;
}): string {
  const read = asGiven(character.name);
  return [
    ROLEPLAY_FRAME,
    `Name: ${decodeEntities(character.name)}.`,
    read(character.description),
    `Personality: ${read(character.personality)}.`,
    `Hobbies: ${decodeEntities(character.hobbies)}.`,
    `Relationship: the user's ${read(character.relationship)}.`,
  ]
    .filter((part) => part.trim())
    .join("\n");
}

/** Every text of a card that can reach a prompt or a screen, its lorebook included. */
export function cardDefinitionText(card: CardData): string {
  const read = asGiven(card.name);
  return [
    ROLEPLAY_FRAME,
    `Name: ${decodeEntities(card.name)}.`,
    ...[
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
    ].map(read),
  ]
    .filter((part) => part.trim())
    .join("\n");
}
