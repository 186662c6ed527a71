import { type Insertable, type Kysely, sql } from "kysely";
import { cachedQuery } from "../db/cached-query.ts";
import type { Database, MessageRow, MessagesTable } from "../db/schema.ts";

/** Every column a new message sets (the others are generated), so one compiled insert fits all. */
type NewMessage = {
  chat_id: number;
  sender: "user" | "model";
  type: MessagesTable["type"];
  text: string;
  media_key: string | null;
  video_duration: number | null;
  locked: boolean;
  price_tokens: number | null;
  reply_to: number | null;
  notice: boolean;
};

function newMessage(message: Insertable<MessagesTable>): NewMessage {
  return {
    chat_id: message.chat_id,
    sender: message.sender,
    type: message.type,
    text: message.text,
    media_key: message.media_key ?? null,
    video_duration: message.video_duration ?? null,
    locked: Boolean(message.locked ?? false),
    price_tokens: message.price_tokens ?? null,
    reply_to: message.reply_to ?? null,
    notice: Boolean(message.notice ?? false),
  };
}

// the queries of every chat message and reply, compiled once (db/cached-query.ts)
const columns = (message: NewMessage): NewMessage => ({
  chat_id: message.chat_id,
  sender: message.sender,
  type: message.type,
  text: message.text,
  media_key: message.media_key,
  video_duration: message.video_duration,
  locked: message.locked,
  price_tokens: message.price_tokens,
  reply_to: message.reply_to,
  notice: message.notice,
});
const insertMessage = cachedQuery((db, message: NewMessage) =>
  db.insertInto("messages").values(columns(message)).returningAll(),
);
const insertAnswerOnce = cachedQuery((db, message: NewMessage) =>
  db
    .insertInto("messages")
    .values(columns(message))
    .onConflict((conflict) => conflict.column("reply_to").where("sender", "=", sql.lit("model")).doNothing())
    .returningAll(),
);
const removeNoticeOf = cachedQuery((db, where: { chatId: number; userMessageId: number }) =>
  db
    .deleteFrom("messages")
    .where("chat_id", "=", where.chatId)
    .where("reply_to", "=", where.userMessageId)
    .where("sender", "=", "model")
    .where("notice", "=", true),
);
const newestPage = cachedQuery((db, page: { chatId: number; limit: number; offset: number }) =>
  db
    .selectFrom("messages")
    .selectAll()
    .where("chat_id", "=", page.chatId)
    .orderBy("id", "desc")
    .limit(page.limit)
    .offset(page.offset),
);
const oldestPage = cachedQuery((db, page: { chatId: number; limit: number; offset: number }) =>
  db
    .selectFrom("messages")
    .selectAll()
    .where("chat_id", "=", page.chatId)
    .orderBy("id", "asc")
    .limit(page.limit)
    .offset(page.offset),
);
const answerOf = cachedQuery((db, where: { chatId: number; userMessageId: number }) =>
  db
    .selectFrom("messages")
    .selectAll()
    .where("chat_id", "=", where.chatId)
    .where("reply_to", "=", where.userMessageId)
    .where("sender", "=", "model"),
);
const countInChat = cachedQuery((db, where: { chatId: number }) =>
  db
    .selectFrom("messages")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("chat_id", "=", where.chatId),
);

export class MessageRepository {
  readonly #db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.#db = db;
  }

  async insert(message: Insertable<MessagesTable>): Promise<MessageRow> {
    const row = await insertMessage.first(this.#db, newMessage(message));
    if (!row) throw new Error("the message insert returned no row");
    return row;
  }

  /**
   * Stores the character's answer to a user message, unless that message has one already (the
   * partial unique index on reply_to of 0008): undefined then, nothing stored. The conflict target
   * repeats the index's predicate as a literal: SQLite matches it to the index only then.
   */
  insertAnswer(
    answer: Insertable<MessagesTable> & { sender: "model"; reply_to: number },
  ): Promise<MessageRow | undefined> {
    return insertAnswerOnce.first(this.#db, newMessage(answer));
  }

  /**
   * One page of a chat, oldest first within the page. With `newestFirst`, page 1 is the newest
   * `limit` messages (scrolling up loads page 2, 3, …).
   */
  async page(
    chatId: number,
    page: { limit: number; page: number; newestFirst: boolean },
  ): Promise<MessageRow[]> {
    const values = { chatId, limit: page.limit, offset: (page.page - 1) * page.limit };
    if (!page.newestFirst) return oldestPage.rows(this.#db, values);
    return (await newestPage.rows(this.#db, values)).reverse();
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

  /** Deletes the stored notice that stands as a message's answer (a job run again after it failed). */
  async removeNotice(chatId: number, userMessageId: number): Promise<void> {
    await removeNoticeOf.affected(this.#db, { chatId, userMessageId });
  }

  /** The character's answer to a user message, if one was stored already. */
  replyTo(chatId: number, userMessageId: number): Promise<MessageRow | undefined> {
    return answerOf.first(this.#db, { chatId, userMessageId });
  }

  async count(chatId: number): Promise<number> {
    return Number((await countInChat.first(this.#db, { chatId }))?.count ?? 0);
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

  /**
   * Replaces a message's content with a moderator's notice (a hidden message): plain text, no
   * picture, no voice. Its files stay until the chat is cleared (fileKeys no longer names them).
   */
  async replaceWithNotice(id: number, notice: string): Promise<void> {
    await this.#db
      .updateTable("messages")
      .set({
        text: notice,
        type: "text",
        media_key: null,
        video_duration: null,
        locked: false,
        price_tokens: null,
      })
      .where("id", "=", id)
      .execute();
    await this.#db.deleteFrom("message_voices").where("message_id", "=", id).execute();
  }

  /** The messages around one of a chat's, oldest first: `around` before it, itself, `around` after. */
  async neighbours(chatId: number, id: number, around: number): Promise<MessageRow[]> {
    const [before, after] = await Promise.all([
      this.#db
        .selectFrom("messages")
        .selectAll()
        .where("chat_id", "=", chatId)
        .where("id", "<", id)
        .orderBy("id", "desc")
        .limit(around)
        .execute(),
      this.#db
        .selectFrom("messages")
        .selectAll()
        .where("chat_id", "=", chatId)
        .where("id", ">=", id)
        .orderBy("id", "asc")
        .limit(around + 1)
        .execute(),
    ]);
    return [...before.reverse(), ...after];
  }
}
