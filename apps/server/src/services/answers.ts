import type { SocketEvent } from "@reverie/shared";
import type { Insertable, Kysely } from "kysely";
import type { Database, MessageRow, MessagesTable } from "../db/schema.ts";
import type { CharacterCard, ChatTurn } from "../providers/llm/types.ts";
import type { EventBus } from "../realtime/bus.ts";
import { CharacterRepository } from "../repositories/characters.ts";
import { ChatRepository } from "../repositories/chats.ts";
import { MessageRepository } from "../repositories/messages.ts";
import type { BillingService, Charge, VoiceCharge } from "./billing/billing-service.ts";
import { replyCharacterCard } from "./custom-characters/reply-card.ts";
import type { ImageIntent } from "./image-intents.ts";
import type { Presenter } from "./presenters.ts";

/** A job that answers one user message of a chat (a reply, a picture). */
export interface AnswerJob {
  userId: string;
  chatId: number;
  userMessageId: number;
  charge: Charge;
}

/** A user message the character answers with text. */
export interface ReplyJob extends AnswerJob {
  /** the message asked for a voice message: the reply is voiced, paid with this (decision 35) */
  voiceNote?: VoiceCharge;
}

/** A user message that asked for a picture or video; paid for like any message. */
export interface ImageJob extends AnswerJob {
  intent: ImageIntent;
  /** realistic or anime style */
  realistic: boolean;
}

/** The answer's own fields; the chat, the sender and the message answered are filled in. */
export type AnswerFields = Omit<Insertable<MessagesTable>, "chat_id" | "sender" | "reply_to">;

/** What became of an answer given to `store`. */
export type StoreOutcome =
  | { outcome: "stored"; answer: MessageRow }
  /** another run of the same job stored its answer first */
  | { outcome: "stored_before" }
  /** the chat was deleted while the answer was made */
  | { outcome: "chat_deleted" };

/**
 * The reads and writes of answering a user message (jobs/answer.ts runs them): where the answer
 * stands, what a reply or a picture is made from, storing the answer once, sending it, and the
 * refund when no answer could be made.
 */
export class AnswerService {
  readonly #db: Kysely<Database>;
  readonly #billing: BillingService;
  readonly #bus: EventBus;
  readonly #presenter: Presenter;
  readonly #characters: CharacterRepository;
  readonly #chats: ChatRepository;
  readonly #messages: MessageRepository;

  constructor(deps: { db: Kysely<Database>; billing: BillingService; bus: EventBus; presenter: Presenter }) {
    this.#db = deps.db;
    this.#billing = deps.billing;
    this.#bus = deps.bus;
    this.#presenter = deps.presenter;
    this.#characters = new CharacterRepository(deps.db);
    this.#chats = new ChatRepository(deps.db);
    this.#messages = new MessageRepository(deps.db);
  }

  /**
   * The chat's character, and whether an answer to the message is stored already (by an attempt
   * that died before finishing); undefined when the user has no such chat any more.
   */
  async state(job: AnswerJob): Promise<{ characterId: number; answered: boolean } | undefined> {
    const state = await this.#chats.answerState(job.chatId, job.userId, job.userMessageId);
    return state && { characterId: state.characterId, answered: state.answerId !== null };
  }

  /**
   * What the reply to a user message is written from, in two reads at once: the character's card
   * (with an imported card's fields and the lorebook entries the conversation brings up), the
   * user's name, and the conversation's text messages up to that message (at most the newest
   * `historyLimit`), oldest first.
   */
  async replyMaterial(
    chatId: number,
    answering: number,
    historyLimit: number,
  ): Promise<{ character: CharacterCard; history: ChatTurn[]; userName: string | null } | undefined> {
    const [context, newest] = await Promise.all([
      this.#chats.replyContext(chatId),
      // the newest page, oldest first
      this.#messages.page(chatId, { limit: historyLimit, page: 1, newestFirst: true }),
    ]);
    if (!context) return undefined;
    const history = newest
      // the app's notices (a failed reply) are not the character's words
      .filter((message) => message.id <= answering && message.type === "text" && !message.notice)
      .map((message): ChatTurn => ({ from: message.sender, text: message.text }));
    const character = replyCharacterCard(context.character, {
      userName: context.userName,
      recentTexts: history.map((turn) => turn.text),
    });
    return { character, history, userName: context.userName };
  }

  /** Who a picture shows and the message that asked for it; undefined when either is gone. */
  async pictureRequest(job: AnswerJob, characterId: number) {
    const [character, request] = await Promise.all([
      // the chat's character: a catalog one, or the user's own
      this.#characters.findAvailableTo(characterId, job.userId),
      this.#messages.findInChat(job.chatId, job.userMessageId),
    ]);
    return character && request ? { character, request } : undefined;
  }

  /**
   * Stores the answer with the chat touched, in one transaction. Of two runs of the same job at
   * once (a lease ran out while the first still worked) only one stores its answer: the unique
   * reply_to index lets one insert through.
   */
  async store(job: AnswerJob, fields: AnswerFields): Promise<StoreOutcome> {
    try {
      const answer = await this.#db.transaction().execute(async (trx) => {
        const messages = new MessageRepository(trx);
        // an answer replaces the notice a failed earlier run stored (an admin ran the job again)
        if (!fields.notice) await messages.removeNotice(job.chatId, job.userMessageId);
        const message = await messages.insertAnswer({
          ...fields,
          chat_id: job.chatId,
          sender: "model",
          reply_to: job.userMessageId,
        });
        if (message) await new ChatRepository(trx).touch(job.chatId, message.created_at);
        return message;
      });
      return answer ? { outcome: "stored", answer } : { outcome: "stored_before" };
    } catch (error) {
      // the chat was deleted while the answer was made (its messages' foreign key refused it)
      if (!(await this.#chats.findForUser(job.chatId, job.userId))) return { outcome: "chat_deleted" };
      throw error;
    }
  }

  /** Sends a stored answer as the socket sends stored messages. */
  async deliver(job: AnswerJob, characterId: number, answer: MessageRow): Promise<void> {
    await this.#bus.publish(job.userId, storedMessageEvent(this.#presenter, answer, characterId));
  }

  /** Sends the answer stored for the job's message, when there is one. */
  async deliverStored(job: AnswerJob, characterId: number): Promise<void> {
    const stored = await this.#messages.replyTo(job.chatId, job.userMessageId);
    if (stored) await this.deliver(job, characterId, stored);
  }

  /**
   * After the last failed attempt of an answer: gives back what the message was paid with
   * (idempotent: the ledger reference is unique), then stores the notice as the message's answer
   * (so it is still there after a reload; not part of the conversation a reply is written from)
   * and sends it, replacing the typing or start_generation placeholder.
   */
  async refundAndNotify(job: AnswerJob, notice: string): Promise<void> {
    await this.#billing.refundMessage({
      userId: job.userId,
      messageId: job.userMessageId,
      charge: job.charge,
    });
    const chat = await this.#chats.findForUser(job.chatId, job.userId);
    if (!chat) return;
    const stored = await this.store(job, { type: "text", text: notice, notice: true });
    // an answer stored before (a run thought dead finished after all) is delivered instead
    if (stored.outcome === "stored") await this.deliver(job, chat.character_id, stored.answer);
    else if (stored.outcome === "stored_before") await this.deliverStored(job, chat.character_id);
  }
}

/** A stored message as the socket sends it. */
function storedMessageEvent(presenter: Presenter, row: MessageRow, characterId: number): SocketEvent {
  const message = presenter.message(row, characterId);
  return { action: "add", message: { ...message, message_id: message.id } };
}
