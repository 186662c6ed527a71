import type { Insertable, Kysely, Selectable, Updateable } from "kysely";
import { cachedQuery } from "../db/cached-query.ts";
import type { Database, MemoriesTable, MemoryForgettingsTable } from "../db/schema.ts";

export type MemoryRow = Selectable<MemoriesTable>;
export type NewMemory = Omit<Insertable<MemoriesTable>, "id" | "created_at">;
export type MemoryForgettingRow = Selectable<MemoryForgettingsTable>;
export type MemoryChange = Omit<Updateable<MemoriesTable>, "id" | "user_id" | "character_id" | "created_at">;

/** The pair a memory belongs to: one user and one character (decision 45). */
export interface MemoryOwner {
  userId: string;
  characterId: number;
}

/** One exchange of a user's chat as the `remember` job reads it (MemoryRepository.exchange). */
export interface ExchangeRow {
  characterId: number;
  characterName: string;
  /** the user's profile first name */
  userFirstName: string | null;
  userText: string;
  replyText: string;
}

// read for every reply and every `remember` job, compiled once (db/cached-query.ts)
const ownerFacts = cachedQuery((db, owner: { userId: string; characterId: number }) =>
  db
    .selectFrom("memories")
    .selectAll()
    .where("user_id", "=", owner.userId)
    .where("character_id", "=", owner.characterId)
    .orderBy("updated_at")
    .orderBy("id"),
);
const chatFacts = cachedQuery((db, where: { chatId: number }) =>
  db
    .selectFrom("memories")
    .innerJoin("chats", (join) =>
      join
        .onRef("chats.user_id", "=", "memories.user_id")
        .onRef("chats.character_id", "=", "memories.character_id"),
    )
    .selectAll("memories")
    .where("chats.id", "=", where.chatId)
    .orderBy("memories.updated_at")
    .orderBy("memories.id"),
);
const chatForgettings = cachedQuery((db, where: { chatId: number }) =>
  db
    .selectFrom("memory_forgettings")
    .innerJoin("chats", (join) =>
      join
        .onRef("chats.user_id", "=", "memory_forgettings.user_id")
        .onRef("chats.character_id", "=", "memory_forgettings.character_id"),
    )
    .selectAll("memory_forgettings")
    .where("chats.id", "=", where.chatId)
    .orderBy("memory_forgettings.id"),
);
const exchange = cachedQuery(
  (db, where: { chatId: number; userId: string; userMessageId: number; replyMessageId: number }) =>
    db
      .selectFrom("chats")
      .innerJoin("characters", "characters.id", "chats.character_id")
      .innerJoin("users", "users.id", "chats.user_id")
      .select((eb) => [
        "chats.character_id",
        "characters.name",
        "users.first_name",
        eb
          .selectFrom("messages")
          .select("messages.text")
          .whereRef("messages.chat_id", "=", "chats.id")
          .where("messages.id", "=", where.userMessageId)
          .as("user_text"),
        eb
          .selectFrom("messages")
          .select("messages.text")
          .whereRef("messages.chat_id", "=", "chats.id")
          .where("messages.id", "=", where.replyMessageId)
          .as("reply_text"),
      ])
      .where("chats.id", "=", where.chatId)
      .where("chats.user_id", "=", where.userId),
);

/** What characters remember of users: one set of facts per user and character. */
export class MemoryRepository {
  readonly #db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.#db = db;
  }

  /** The facts in the order they were last changed, oldest first (ties by id). */
  list(owner: MemoryOwner): Promise<MemoryRow[]> {
    return ownerFacts.rows(this.#db, { userId: owner.userId, characterId: owner.characterId });
  }

  /** The facts of a chat's user and character, oldest change first (for a reply in the chat). */
  listForChat(chatId: number): Promise<MemoryRow[]> {
    return chatFacts.rows(this.#db, { chatId });
  }

  /**
   * A user's chat's character and the texts of one exchange in it, in one read; undefined when the
   * user has no such chat, or either message is not in it (any more).
   */
  async exchange(where: {
    chatId: number;
    userId: string;
    userMessageId: number;
    replyMessageId: number;
  }): Promise<ExchangeRow | undefined> {
    const row = await exchange.first(this.#db, {
      chatId: where.chatId,
      userId: where.userId,
      userMessageId: where.userMessageId,
      replyMessageId: where.replyMessageId,
    });
    if (!row || row.user_text === null || row.reply_text === null) return undefined;
    return {
      characterId: row.character_id,
      characterName: row.name,
      userFirstName: row.first_name,
      userText: row.user_text,
      replyText: row.reply_text,
    };
  }

  find(owner: MemoryOwner, id: number): Promise<MemoryRow | undefined> {
    return this.#db
      .selectFrom("memories")
      .selectAll()
      .where("id", "=", id)
      .where("user_id", "=", owner.userId)
      .where("character_id", "=", owner.characterId)
      .executeTakeFirst();
  }

  insert(fact: NewMemory): Promise<MemoryRow> {
    return this.#db.insertInto("memories").values(fact).returningAll().executeTakeFirstOrThrow();
  }

  /** Undefined when the fact is not the pair's (or is gone). */
  update(owner: MemoryOwner, id: number, change: MemoryChange): Promise<MemoryRow | undefined> {
    return this.#db
      .updateTable("memories")
      .set(change)
      .where("id", "=", id)
      .where("user_id", "=", owner.userId)
      .where("character_id", "=", owner.characterId)
      .returningAll()
      .executeTakeFirst();
  }

  /** How many of the facts were the pair's and are gone now. */
  async deleteMany(owner: MemoryOwner, ids: readonly number[]): Promise<number> {
    if (ids.length === 0) return 0;
    const result = await this.#db
      .deleteFrom("memories")
      .where("id", "in", ids)
      .where("user_id", "=", owner.userId)
      .where("character_id", "=", owner.characterId)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /** Forgets everything the character remembers of the user. */
  async deleteAll(owner: MemoryOwner): Promise<number> {
    const result = await this.#db
      .deleteFrom("memories")
      .where("user_id", "=", owner.userId)
      .where("character_id", "=", owner.characterId)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /**
   * Records that the pair's character forgets `subject` (null: everything) as of the chat's newest
   * message, so replies are written without the chat's earlier mentions of it.
   */
  async recordForgetting(owner: MemoryOwner, chatId: number, subject: string | null): Promise<void> {
    const newest = await this.#db
      .selectFrom("messages")
      .select((eb) => eb.fn.max("id").as("id"))
      .where("chat_id", "=", chatId)
      .executeTakeFirst();
    const upTo = Number(newest?.id ?? 0);
    if (upTo === 0) return;
    await this.#db
      .insertInto("memory_forgettings")
      .values({ user_id: owner.userId, character_id: owner.characterId, subject, up_to_message_id: upTo })
      .execute();
  }

  /** What the chat's user had its character forget, oldest first. */
  forgettingsForChat(chatId: number): Promise<MemoryForgettingRow[]> {
    return chatForgettings.rows(this.#db, { chatId });
  }

  /** Drops what the pair forgot: its chat is gone, and with it the messages it was about. */
  async deleteForgettings(owner: MemoryOwner): Promise<void> {
    await this.#db
      .deleteFrom("memory_forgettings")
      .where("user_id", "=", owner.userId)
      .where("character_id", "=", owner.characterId)
      .execute();
  }

  /**
   * The user's chat's character, with the chat's row locked until the transaction ends (a write
   * that changes nothing), so a chat deleted meanwhile cannot leave memory behind: the deletion
   * waits for this transaction, or this finds no chat. Undefined when the user has no such chat.
   */
  async lockChat(chatId: number, userId: string): Promise<{ characterId: number } | undefined> {
    const row = await this.#db
      .updateTable("chats")
      .set((eb) => ({ user_id: eb.ref("user_id") }))
      .where("id", "=", chatId)
      .where("user_id", "=", userId)
      .returning("character_id")
      .executeTakeFirst();
    return row && { characterId: row.character_id };
  }
}
