import type { CharacterCard } from "../../providers/llm/types.ts";
import type { ReplyContext } from "../../repositories/chats.ts";
import type { CardData } from "../cards/card-data.ts";
import { matchLorebook } from "../cards/lorebook.ts";
import { expandCardMacros } from "./card-macros.ts";

/** An imported card's stored definition (`characters.definition`), or null when there is none. */
export function parseDefinition(json: string | null): CardData | null {
  return json ? (JSON.parse(json) as CardData) : null;
}

/**
 * The card a reply is written from, for any character: a catalog or built one as its columns say;
 * an imported one with its card's scenario, instructions, example dialogue and greetings, and the
 * lorebook entries whose keys came up in `recentTexts` (the conversation, oldest first), every
 * placeholder filled in with the character's and the user's names.
 */
export function replyCharacterCard(
  character: ReplyContext["character"],
  conversation: { userName: string | null; recentTexts: readonly string[] },
): CharacterCard {
  const names = { char: character.name, user: conversation.userName };
  const fill = (text: string) => expandCardMacros(text, names);
  const base: CharacterCard = {
    id: character.id,
    name: character.name,
    age: character.age,
    gender: character.gender,
    tagline: fill(character.tagline),
    description: fill(character.description),
    personality: fill(character.personality),
    hobbies: character.hobbies
      .split(",")
      .map((hobby) => hobby.trim())
      .filter(Boolean),
    relationship: fill(character.relationship),
    first_msg: fill(character.first_msg),
  };
  const definition = parseDefinition(character.definition);
  if (!definition) return base;
  const lore = definition.character_book
    ? matchLorebook(definition.character_book, conversation.recentTexts).map(fill)
    : [];
  return {
    ...base,
    card: {
      scenario: fill(definition.scenario),
      systemPrompt: fill(definition.system_prompt),
      postHistoryInstructions: fill(definition.post_history_instructions),
      exampleDialogue: fill(definition.mes_example),
      alternateGreetings: definition.alternate_greetings.map(fill),
    },
    lore,
  };
}
