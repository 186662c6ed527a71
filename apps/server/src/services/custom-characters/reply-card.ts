import type { CardFields, CharacterCard } from "../../providers/llm/types.ts";
import type { ReplyContext } from "../../repositories/chats.ts";
import type { CardData } from "../cards/card-data.ts";
import { activateLorebook } from "../cards/lorebook.ts";
import { DEFAULT_ENTRY_DEPTH, entrySettings } from "../cards/world-info.ts";
import { expandCardMacros } from "./card-macros.ts";
import { canonFor } from "./derived-canon.ts";

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
  conversation: {
    userName: string | null;
    recentTexts: readonly string[];
    /** who wrote each of `recentTexts`, when known: lorebook timing counts the replies (decision 46) */
    recentSenders?: readonly ("user" | "model")[];
  },
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
    // every character has one: the stored sheet, or one derived from its definition (decision 44)
    canon: canonFor(character),
  };
  const definition = parseDefinition(character.definition);
  if (!definition) return base;
  const worldInfo = definition.character_book
    ? activateLorebook(definition.character_book, conversation.recentTexts, {
        ...(conversation.recentSenders ? { senders: conversation.recentSenders } : {}),
      }).map((entry) => ({ ...entry, content: fill(entry.content) }))
    : [];
  return {
    ...base,
    card: {
      scenario: fill(definition.scenario),
      systemPrompt: fillKeepingOriginal(definition.system_prompt, fill),
      postHistoryInstructions: fillKeepingOriginal(definition.post_history_instructions, fill),
      exampleDialogue: fill(definition.mes_example),
      alternateGreetings: definition.alternate_greetings.map(fill),
      depthPrompt: depthPromptOf(definition.extensions, fill),
    },
    lore: worldInfo.map((entry) => entry.content),
    worldInfo,
  };
}

/**
 * The card's character's note (SillyTavern's `extensions.depth_prompt`: `prompt`, `depth`, `role`),
 * read with a lorebook entry's rules for depth and role; undefined when it has no text.
 */
function depthPromptOf(
  extensions: Record<string, unknown>,
  fill: (text: string) => string,
): CardFields["depthPrompt"] {
  const note = extensions.depth_prompt;
  if (!note || typeof note !== "object" || Array.isArray(note)) return undefined;
  const fields = note as Record<string, unknown>;
  const text = typeof fields.prompt === "string" ? fill(fields.prompt).trim() : "";
  if (!text) return undefined;
  const { depth, role } = entrySettings({
    extensions: { depth: fields.depth ?? DEFAULT_ENTRY_DEPTH, role: fields.role },
  });
  return { text, depth, role };
}

/** `{{original}}` as the macros would never read it, so the prompt can put its own main prompt there. */
const ORIGINAL_MARK = "\u27E6original\u27E7";

/**
 * A card's system prompt or post-history instructions with the macros filled in but `{{original}}`
 * kept: SillyTavern puts its own prompt there (decision 46), which the prompt builder does.
 */
function fillKeepingOriginal(text: string, fill: (text: string) => string): string {
  return fill(text.replace(/\{\{\s*original\s*\}\}/gi, ORIGINAL_MARK)).replaceAll(
    ORIGINAL_MARK,
    "{{original}}",
  );
}
