import type { Kysely } from "kysely";
import type { Database, MessageRow, MessageVoiceRow } from "../db/schema.ts";

/** A message with the state of its voice (both null until voice was asked for). */
export type MessageWithVoice = MessageRow & {
  voice_status: MessageVoiceRow["status"] | null;
  voice_key: string | null;
};

/** Voice rows of character messages: one per message, the lock against a second synthesis. */
export class VoiceRepository {
  readonly #db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.#db = db;
  }

  findMessage(chatId: number, messageId: number): Promise<MessageWithVoice | undefined> {
    return this.#db
      .selectFrom("messages")
      .leftJoin("message_voices", "message_voices.message_id", "messages.id")
      .selectAll("messages")
      .select(["message_voices.status as voice_status", "message_voices.storage_key as voice_key"])
      .where("messages.chat_id", "=", chatId)
      .where("messages.id", "=", messageId)
      .executeTakeFirst();
  }

  /**
   * Marks the message's voice as generating when nobody is generating or has generated it (no row
   * yet, the last try failed, or a generation started before `staleBefore` never ended). True when
   * this caller got it and so must start the synthesis.
   */
  async claim(messageId: number, staleBefore: Date): Promise<boolean> {
    const now = new Date().toISOString();
    const inserted = await this.#db
      .insertInto("message_voices")
      .values({ message_id: messageId, status: "generating", storage_key: null, updated_at: now })
      .onConflict((conflict) => conflict.column("message_id").doNothing())
      .returning("message_id")
      .executeTakeFirst();
    if (inserted) return true;
    const retried = await this.#db
      .updateTable("message_voices")
      .set({ status: "generating", updated_at: now })
      .where("message_id", "=", messageId)
      .where((eb) =>
        eb.or([
          eb("status", "=", "failed"),
          eb.and([eb("status", "=", "generating"), eb("updated_at", "<", staleBefore.toISOString())]),
        ]),
      )
      .executeTakeFirst();
    return Number(retried.numUpdatedRows) > 0;
  }

  /** False when the message (and so its voice row) was deleted meanwhile. */
  async markReady(messageId: number, storageKey: string): Promise<boolean> {
    const result = await this.#db
      .updateTable("message_voices")
      .set({ status: "ready", storage_key: storageKey, updated_at: new Date().toISOString() })
      .where("message_id", "=", messageId)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async markFailed(messageId: number): Promise<boolean> {
    const result = await this.#db
      .updateTable("message_voices")
      .set({ status: "failed", updated_at: new Date().toISOString() })
      .where("message_id", "=", messageId)
      .where("status", "=", "generating")
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }
}
