import type { MessageReportBody } from "@reverie/shared";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";
import { BadRequestError, ConflictError, NotFoundError } from "../errors.ts";
import { ChatRepository } from "../repositories/chats.ts";
import { MessageReportRepository } from "../repositories/message-reports.ts";
import { MessageRepository } from "../repositories/messages.ts";

/**
 * A user reports a character's message in their own chat (decision 0030): once per message, and
 * only the chat's owner (anyone else gets the 404 of a chat that is not theirs). The text is
 * copied into the report, so moderators read what was reported whatever happens to the message.
 */
export class MessageReports {
  readonly #db: Kysely<Database>;

  constructor(deps: { db: Kysely<Database> }) {
    this.#db = deps.db;
  }

  async report(userId: string, chatId: number, messageId: number, body: MessageReportBody) {
    const chat = await new ChatRepository(this.#db).findForUser(chatId, userId);
    if (!chat) throw new NotFoundError(`Chat ${chatId} does not exist.`);
    const message = await new MessageRepository(this.#db).findInChat(chatId, messageId);
    if (!message) throw new NotFoundError(`Message ${messageId} does not exist.`);
    if (message.sender !== "model")
      throw new BadRequestError("Only a character's messages can be reported.", "not_reportable");
    const id = await new MessageReportRepository(this.#db).insertOnce({
      message_id: messageId,
      chat_id: chatId,
      reporter_id: userId,
      reason: body.reason,
      note: body.note || null,
      message_text: message.text,
    });
    if (id === undefined) throw new ConflictError("already_reported", "You reported this message already.");
    return { id, status: "open" as const };
  }
}
