import { CANON } from "../../db/seed/canon.ts";
import { CHARACTERS } from "../../db/seed/characters.ts";
import type { ChatTurn, MemoryFact, ReplyRequest } from "../../providers/llm/types.ts";
import type { ReplyContext } from "../../repositories/chats.ts";
import { readCardUpload } from "../cards/card-import.ts";
import { cardColumns } from "../custom-characters/card-conversion.ts";
import { expandCardMacros } from "../custom-characters/card-macros.ts";
import { replyCharacterCard } from "../custom-characters/reply-card.ts";
import { userNameOf } from "../memory/memory-service.ts";
import {
  loadRealCards,
  loadSecondRealCards,
  loadThirdRealCards,
} from "../moderation-evaluation/real-cards.ts";
import type { CardRef } from "./scripts.ts";

/**
 * What the engine is given, built the way the product builds it, so the evaluation measures what a
 * user gets. The reply job (jobs/reply.ts) streams `llm.streamReply({ ...material, voiceNote })`
 * where `material` is `AnswerService.replyMaterial` (services/answers.ts): the character's row
 * read through `replyCharacterCard` (placeholders filled, an imported card's fields and the
 * lorebook entries the conversation brings up), the chat's text messages oldest first (the
 * character's first message included), and the user's profile name.
 */

/** A character as its row is stored, which is what `replyCharacterCard` reads. */
export type CharacterRow = ReplyContext["character"];

/** A catalog character as the seed stores it (db/seed/index.ts joins the hobbies with ", "). */
export function catalogCharacter(slug: string): CharacterRow {
  const index = CHARACTERS.findIndex((seed) => seed.slug === slug);
  const seed = CHARACTERS[index];
  if (!seed) throw new Error(`no catalog character "${slug}"`);
  return {
    id: index + 1,
    name: seed.name,
    age: seed.age,
    gender: seed.gender,
    tagline: seed.tagline,
    description: seed.description,
    personality: seed.personality,
    hobbies: seed.hobbies.join(", "),
    relationship: seed.relationship,
    first_msg: seed.first_msg,
    definition: null,
    canon: CANON[slug] ?? null,
  };
}

let realCards: Map<string, unknown> | null = null;

/**
 * A real public card imported as an upload is (services/custom-characters: the card reader, then
 * `cardColumns` and the age and gender the user states, the whole card kept as the definition).
 */
export function importedCharacter(ref: CardRef, id: number): CharacterRow {
  realCards ??= new Map(
    [...loadRealCards(), ...loadSecondRealCards(), ...loadThirdRealCards()].map(({ source, card }) => [
      source,
      card,
    ]),
  );
  const card = realCards.get(ref.source);
  if (card === undefined) throw new Error(`no real card from ${ref.source}`);
  const { data } = readCardUpload(Buffer.from(JSON.stringify(card)), "application/json");
  return {
    id,
    ...cardColumns(data),
    age: ref.age,
    gender: ref.gender,
    definition: JSON.stringify(data),
  };
}

/** The chat as it opens: the character's first message, as `ChatService.open` stores it. */
export function openingTurns(character: CharacterRow, userName: string | null): ChatTurn[] {
  return [
    { from: "model", text: expandCardMacros(character.first_msg, { char: character.name, user: userName }) },
  ];
}

/**
 * The engine's input for the next reply: the same shape `AnswerService.replyMaterial` gives the
 * reply job. This is where what the services add later plugs in: when replies are given a memory
 * of the user (facts kept across chats) or a canon sheet of the character (answers the character
 * keeps to), the services add them to `replyMaterial`, and they are added here the same way,
 * from the script's chat, so the evaluation keeps measuring what users get.
 */
export function replyInput(chat: {
  character: CharacterRow;
  history: readonly ChatTurn[];
  userName: string | null;
  /** what the character remembers of the user, as the memory service keeps it */
  memory?: readonly MemoryFact[];
}): ReplyRequest {
  // the newest 200 messages (jobs/reply.ts): no script is that long
  const history = [...chat.history];
  const memory = [...(chat.memory ?? [])];
  // the name the user told the character wins over the profile's (AnswerService.replyMaterial)
  const userName = userNameOf(memory, chat.userName);
  return {
    character: replyCharacterCard(chat.character, {
      userName,
      recentTexts: history.map((turn) => turn.text),
    }),
    history,
    userName,
    // the canon sheet comes with the card (replyCharacterCard, decision 44)
    memory,
    voiceNote: false,
  };
}
