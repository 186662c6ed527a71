import type { Gender } from "@reverie/shared";
import type { Kysely } from "kysely";
import type { ChatRow, Database } from "../db/schema.ts";

export type ChatWithCharacter = ChatRow & {
  character: {
    id: number;
    name: string;
    age: number;
    gender: Gender;
    tagline: string;
    avatar_key: string;
    first_msg: string;
  };
};

export class ChatRepository {
  readonly #db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.#db = db;
  }

  #withCharacter() {
    return this.#db
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
      ]);
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
    const row = await this.#withCharacter()
      .where("chats.id", "=", chatId)
      .where("chats.user_id", "=", userId)
      .executeTakeFirst();
    return row ? withCharacter(row) : undefined;
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
    await this.#db.updateTable("chats").set({ last_message_at: at }).where("id", "=", chatId).execute();
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
};

function withCharacter(row: JoinedChat): ChatWithCharacter {
  const {
    character_name,
    character_age,
    character_gender,
    character_tagline,
    character_avatar_key,
    character_first_msg,
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
    },
  };
}
