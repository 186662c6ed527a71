import type { Gender } from "@reverie/shared";
import type { Kysely } from "kysely";
import { cachedQuery } from "../db/cached-query.ts";
import type { ChatRow, Database } from "../db/schema.ts";
import { parseStoredCanon, type StoredCanonSheet } from "../lib/canon-sheet.ts";

export type ChatWithCharacter = ChatRow & {
  character: {
    id: number;
    name: string;
    age: number;
    gender: Gender;
    tagline: string;
    avatar_key: string;
    first_msg: string;
    /** the voice a user's own character was given; null for catalog characters */
    voice: string | null;
  };
};

/** What a reply is written from: the character's card and the user's first name. */
export interface ReplyContext {
  character: {
    id: number;
    name: string;
    age: number;
    gender: Gender;
    tagline: string;
    description: string;
    personality: string;
    hobbies: string;
    relationship: string;
    first_msg: string;
    /** an imported card's whole definition, JSON; null for other characters */
    definition: string | null;
    /**
     * the stored canon sheet (decision 44), checked; null (or left out) when the row has none,
     * and then it is derived from the definition where the reply card is built
     */
    canon?: StoredCanonSheet | null;
  };
  userName: string | null;
}

const chatsWithCharacter = (db: Kysely<Database>) =>
  db
    .selectFrom("chats")
    .innerJoin("characters", "characters.id", "chats.character_id")
    .selectAll("chats")
    .select([
      "characters.name as character_name",
      "characters.age as character_age",
      "characters.gender as character_gender",
      "characters.tagline as character_tagline",
      "characters.avatar_key as character_avatar_key",
      "characters.first_msg as character_first_msg",
      "characters.voice as character_voice",
    ]);

// asked on every chat message and reply, compiled once (db/cached-query.ts)
const userChat = cachedQuery((db, where: { chatId: number; userId: string }) =>
  chatsWithCharacter(db).where("chats.id", "=", where.chatId).where("chats.user_id", "=", where.userId),
);
const touchChat = cachedQuery((db, change: { chatId: number; at: string }) =>
  db.updateTable("chats").set({ last_message_at: change.at }).where("id", "=", change.chatId),
);
const senderState = cachedQuery((db, where: { chatId: number; userId: string }) =>
  db
    .selectFrom("chats")
    .innerJoin("users", "users.id", "chats.user_id")
    .select(["chats.character_id", "users.plan", "users.free_msgs", "users.tokens"])
    .where("chats.id", "=", where.chatId)
    .where("chats.user_id", "=", where.userId),
);
const answerState = cachedQuery((db, where: { chatId: number; userId: string; userMessageId: number }) =>
  db
    .selectFrom("chats")
    .select((eb) => [
      "chats.character_id",
      eb
        .selectFrom("messages")
        .select("messages.id")
        .where("messages.chat_id", "=", where.chatId)
        .where("messages.reply_to", "=", where.userMessageId)
        .where("messages.sender", "=", "model")
        // a stored "not charged" notice does not count: a retry writes the answer
        .where("messages.notice", "=", false)
        .as("answer_id"),
    ])
    .where("chats.id", "=", where.chatId)
    .where("chats.user_id", "=", where.userId),
);
const replyContext = cachedQuery((db, where: { chatId: number }) =>
  db
    .selectFrom("chats")
    .innerJoin("characters", "characters.id", "chats.character_id")
    .innerJoin("users", "users.id", "chats.user_id")
    .select([
      "characters.id",
      "characters.name",
      "characters.age",
      "characters.gender",
      "characters.tagline",
      "characters.description",
      "characters.personality",
      "characters.hobbies",
      "characters.relationship",
      "characters.first_msg",
      "characters.definition",
      "characters.canon",
      "users.first_name",
    ])
    .where("chats.id", "=", where.chatId),
);

export class ChatRepository {
  readonly #db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.#db = db;
  }

  #withCharacter() {
    return chatsWithCharacter(this.#db);
  }

  /** The user's chat with a character, created when there is none; `created` says which. */
  async findOrCreate(
    userId: string,
    characterId: number,
    now: string,
  ): Promise<{ id: number; created: boolean }> {
    const inserted = await this.#db
      .insertInto("chats")
      .values({ user_id: userId, character_id: characterId, last_message_at: now })
      .onConflict((conflict) => conflict.columns(["user_id", "character_id"]).doNothing())
      .returning("id")
      .executeTakeFirst();
    if (inserted) return { id: inserted.id, created: true };
    const existing = await this.#db
      .selectFrom("chats")
      .select("id")
      .where("user_id", "=", userId)
      .where("character_id", "=", characterId)
      .executeTakeFirstOrThrow();
    return { id: existing.id, created: false };
  }

  async findForUser(chatId: number, userId: string): Promise<ChatWithCharacter | undefined> {
    const row = await userChat.first(this.#db, { chatId, userId });
    return row ? withCharacter(row) : undefined;
  }

  /**
   * For sending a message: the chat's character and what the user pays with, in one read;
   * undefined when the user has no such chat.
   */
  async senderState(
    chatId: number,
    userId: string,
  ): Promise<
    { characterId: number; plan: "free" | "premium"; freeMessages: number; tokens: number } | undefined
  > {
    const row = await senderState.first(this.#db, { chatId, userId });
    return row
      ? { characterId: row.character_id, plan: row.plan, freeMessages: row.free_msgs, tokens: row.tokens }
      : undefined;
  }

  /**
   * For answering a user message: the chat's character and the id of the answer already stored,
   * if any (the reply_to index); undefined when the user has no such chat (any more).
   */
  async answerState(
    chatId: number,
    userId: string,
    userMessageId: number,
  ): Promise<{ characterId: number; answerId: number | null } | undefined> {
    const row = await answerState.first(this.#db, { chatId, userId, userMessageId });
    return row ? { characterId: row.character_id, answerId: row.answer_id } : undefined;
  }

  /** The character card and the user's name a reply in this chat is written from, in one read. */
  async replyContext(chatId: number): Promise<ReplyContext | undefined> {
    const row = await replyContext.first(this.#db, { chatId });
    if (!row) return undefined;
    const { first_name, canon, ...character } = row;
    return { character: { ...character, canon: parseStoredCanon(canon) }, userName: first_name };
  }

  async listForUser(
    userId: string,
    filter: { gender?: Gender | undefined; search?: string | undefined },
    page: { limit: number; offset: number },
  ): Promise<{ rows: ChatWithCharacter[]; total: number }> {
    let query = this.#withCharacter().where("chats.user_id", "=", userId);
    if (filter.gender) query = query.where("characters.gender", "=", filter.gender);
    if (filter.search) query = query.where("characters.name", "like", `%${escapeLike(filter.search)}%`);
    const [rows, total] = await Promise.all([
      query
        .orderBy("chats.last_message_at", "desc")
        .orderBy("chats.id", "desc")
        .limit(page.limit)
        .offset(page.offset)
        .execute(),
      query
        .clearSelect()
        .select((eb) => eb.fn.countAll<number>().as("count"))
        .executeTakeFirstOrThrow(),
    ]);
    return { rows: rows.map(withCharacter), total: Number(total.count) };
  }

  async touch(chatId: number, at: string): Promise<void> {
    await touchChat.affected(this.#db, { chatId, at });
  }

  async delete(chatId: number): Promise<void> {
    await this.#db.deleteFrom("chats").where("id", "=", chatId).execute();
  }
}

function escapeLike(value: string): string {
  return value.replace(/[%_\\]/g, (character) => `\\${character}`);
}

type JoinedChat = ChatRow & {
  character_name: string;
  character_age: number;
  character_gender: Gender;
  character_tagline: string;
  character_avatar_key: string;
  character_first_msg: string;
  character_voice: string | null;
};

function withCharacter(row: JoinedChat): ChatWithCharacter {
  const {
    character_name,
    character_age,
    character_gender,
    character_tagline,
    character_avatar_key,
    character_first_msg,
    character_voice,
    ...chat
  } = row;
  return {
    ...chat,
    character: {
      id: chat.character_id,
      name: character_name,
      age: character_age,
      gender: character_gender,
      tagline: character_tagline,
      avatar_key: character_avatar_key,
      first_msg: character_first_msg,
      voice: character_voice,
    },
  };
}
