import { type Insertable, type Kysely, sql } from "kysely";
import type { Database, MessageRow, MessagesTable } from "../db/schema.ts";

export class MessageRepository {
  readonly #db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.#db = db;
  }

  insert(message: Insertable<MessagesTable>): Promise<MessageRow> {
    return this.#db.insertInto("messages").values(message).returningAll().executeTakeFirstOrThrow();
  }

  /**
   * Stores the character's answer to a user message, unless that message has one already (the
   * partial unique index on reply_to of 0008): undefined then, nothing stored. The conflict target
   * repeats the index's predicate as a literal: SQLite matches it to the index only then.
   */
  insertAnswer(
    answer: Insertable<MessagesTable> & { sender: "model"; reply_to: number },
  ): Promise<MessageRow | undefined> {
    return this.#db
      .insertInto("messages")
      .values(answer)
      .onConflict((conflict) =>
        conflict.column("reply_to").where("sender", "=", sql.lit("model")).doNothing(),
      )
      .returningAll()
      .executeTakeFirst();
  }

  /**
   * One page of a chat, oldest first within the page. With `newestFirst`, page 1 is the newest
   * `limit` messages (scrolling up loads page 2, 3, …).
   */
  async page(
    chatId: number,
    page: { limit: number; page: number; newestFirst: boolean },
  ): Promise<MessageRow[]> {
    const rows = await this.#db
      .selectFrom("messages")
      .selectAll()
      .where("chat_id", "=", chatId)
      .orderBy("id", page.newestFirst ? "desc" : "asc")
      .limit(page.limit)
      .offset((page.page - 1) * page.limit)
      .execute();
    return page.newestFirst ? rows.reverse() : rows;
  }

  findInChat(chatId: number, id: number): Promise<MessageRow | undefined> {
    return this.#db
      .selectFrom("messages")
      .selectAll()
      .where("chat_id", "=", chatId)
      .where("id", "=", id)
      .executeTakeFirst();
  }

  /** Unlocks a locked message; undefined when it was not locked (e.g. a concurrent unlock won). */
  unlock(id: number): Promise<MessageRow | undefined> {
    return this.#db
      .updateTable("messages")
      .set({ locked: false })
      .where("id", "=", id)
      .where("locked", "=", true)
      .returningAll()
      .executeTakeFirst();
  }

  /** The character's answer to a user message, if one was stored already. */
  replyTo(chatId: number, userMessageId: number): Promise<MessageRow | undefined> {
    return this.#db
      .selectFrom("messages")
      .selectAll()
      .where("chat_id", "=", chatId)
      .where("reply_to", "=", userMessageId)
      .where("sender", "=", "model")
      .executeTakeFirst();
  }

  async count(chatId: number): Promise<number> {
    const row = await this.#db
      .selectFrom("messages")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .where("chat_id", "=", chatId)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  /** The newest message of each chat. */
  async latest(chatIds: readonly number[]): Promise<Map<number, MessageRow>> {
    if (chatIds.length === 0) return new Map();
    const newest = this.#db
      .selectFrom("messages")
      .select((eb) => ["chat_id", eb.fn.max("id").as("id")])
      .where("chat_id", "in", [...chatIds])
      .groupBy("chat_id");
    const rows = await this.#db
      .selectFrom("messages")
      .selectAll("messages")
      .innerJoin(newest.as("newest"), "newest.id", "messages.id")
      .execute();
    return new Map(rows.map((row) => [row.chat_id, row]));
  }

  /**
   * The stored files of a chat's messages (all of them, or those with the given ids): media keys
   * and voice keys, for removing the files once the rows are gone.
   */
  async fileKeys(chatId: number, ids?: readonly number[]): Promise<{ media: string[]; voice: string[] }> {
    let query = this.#db
      .selectFrom("messages")
      .leftJoin("message_voices", "message_voices.message_id", "messages.id")
      .select(["messages.media_key", "message_voices.storage_key"])
      .where("messages.chat_id", "=", chatId);
    if (ids) query = query.where("messages.id", "in", [...ids]);
    const rows = await query.execute();
    return {
      media: rows.flatMap((row) => (row.media_key ? [row.media_key] : [])),
      voice: rows.flatMap((row) => (row.storage_key ? [row.storage_key] : [])),
    };
  }

  async deleteMany(chatId: number, ids: readonly number[]): Promise<number> {
    const result = await this.#db
      .deleteFrom("messages")
      .where("chat_id", "=", chatId)
      .where("id", "in", [...ids])
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  async deleteAll(chatId: number): Promise<number> {
    const result = await this.#db.deleteFrom("messages").where("chat_id", "=", chatId).executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
