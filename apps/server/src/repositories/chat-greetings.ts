import type { Kysely } from "kysely";
import type { Database, MessageRow } from "../db/schema.ts";

/** What a chat's greetings are made from: its character's first message and card, the user's name. */
export interface GreetingSource {
  characterId: number;
  name: string;
  firstMsg: string;
  /** an imported card's whole definition, JSON; null for other characters */
  definition: string | null;
  userFirstName: string | null;
}

/** The first message of a chat and the choice among its character's greetings (decision 48). */
export class ChatGreetingRepository {
  readonly #db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.#db = db;
  }

  /** The user's chat's character and the user's first name; undefined for another user's chat. */
  async source(chatId: number, userId: string): Promise<GreetingSource | undefined> {
    const row = await this.#db
      .selectFrom("chats")
      .innerJoin("characters", "characters.id", "chats.character_id")
      .innerJoin("users", "users.id", "chats.user_id")
      .select([
        "characters.id",
        "characters.name",
        "characters.first_msg",
        "characters.definition",
        "users.first_name",
      ])
      .where("chats.id", "=", chatId)
      .where("chats.user_id", "=", userId)
      .executeTakeFirst();
    if (!row) return undefined;
    return {
      characterId: row.id,
      name: row.name,
      firstMsg: row.first_msg,
      definition: row.definition,
      userFirstName: row.first_name,
    };
  }

  /** The chat's two oldest messages: enough to tell whether the first is still the only one. */
  oldestTwo(chatId: number): Promise<MessageRow[]> {
    return this.#db
      .selectFrom("messages")
      .selectAll()
      .where("chat_id", "=", chatId)
      .orderBy("id", "asc")
      .limit(2)
      .execute();
  }

  /**
   * Replaces the text of the chat's first message while it is the chat's only message, in one
   * statement (a message sent meanwhile wins); the row then, else undefined.
   */
  replaceOnlyMessage(chatId: number, messageId: number, text: string): Promise<MessageRow | undefined> {
    return this.#db
      .updateTable("messages")
      .set({ text })
      .where("id", "=", messageId)
      .where("chat_id", "=", chatId)
      .where("sender", "=", "model")
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom("messages as other")
              .select("other.id")
              .where("other.chat_id", "=", chatId)
              .where("other.id", "!=", messageId),
          ),
        ),
      )
      .returningAll()
      .executeTakeFirst();
  }
}
