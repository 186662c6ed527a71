import type { SocketEvent } from "@reverie/shared";
import type { Insertable, Kysely } from "kysely";
import type { Database, MessageRow, MessagesTable } from "../db/schema.ts";
import type { CharacterCard, ChatTurn, MemoryFact } from "../providers/llm/types.ts";
import type { EventBus } from "../realtime/bus.ts";
import { CharacterRepository } from "../repositories/characters.ts";
import { ChatRepository } from "../repositories/chats.ts";
import { MemoryRepository } from "../repositories/memories.ts";
import { MessageRepository } from "../repositories/messages.ts";
import type { BillingService, Charge } from "./billing/billing-service.ts";
import { replyCharacterCard } from "./custom-characters/reply-card.ts";
import { JOB, type JobPayload, type JobQueue } from "./job-registry.ts";
import { withoutForgotten } from "./memory/forgetting.ts";
import { forgettingOf, userNameOf } from "./memory/memory-service.ts";
import type { Presenter } from "./presenters.ts";

/** A job that answers one user message of a chat (a reply, a picture). */
export interface AnswerJob {
  userId: string;
  chatId: number;
  userMessageId: number;
  charge: Charge;
}

/** A user message the character answers with text (its schema: job-registry.ts). */
export type ReplyJob = JobPayload<"reply">;

/** A user message that asked for a picture or video; paid for like any message. */
export type ImageJob = JobPayload<"image">;

/** The answer's own fields; the chat, the sender and the message answered are filled in. */
export type AnswerFields = Omit<Insertable<MessagesTable>, "chat_id" | "sender" | "reply_to">;

/** What became of an answer given to `store`. */
export type StoreOutcome =
  | { outcome: "stored"; answer: MessageRow }
  /** another run of the same job stored its answer first */
  | { outcome: "stored_before" }
  /** the chat was deleted while the answer was made */
  | { outcome: "chat_deleted" };

export interface AnswerServiceDeps {
  db: Kysely<Database>;
  billing: BillingService;
  bus: EventBus;
  presenter: Presenter;
  /**
   * Where the `remember` job goes, added with each stored text reply so the character learns from
   * the exchange (decision 45); without it nothing is learnt (answer services built by hand).
   */
  jobs?: JobQueue;
}

/**
 * The reads and writes of answering a user message (jobs/answer.ts runs them): where the answer
 * stands, what a reply or a picture is made from, storing the answer once, sending it, and the
 * refund when no answer could be made.
 */
export class AnswerService {
  readonly #deps: AnswerServiceDeps;
  readonly #characters: CharacterRepository;
  readonly #chats: ChatRepository;
  readonly #messages: MessageRepository;
  readonly #memories: MemoryRepository;

  constructor(deps: AnswerServiceDeps) {
    this.#deps = deps;
    this.#characters = new CharacterRepository(deps.db);
    this.#chats = new ChatRepository(deps.db);
    this.#messages = new MessageRepository(deps.db);
    this.#memories = new MemoryRepository(deps.db);
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
   * What the reply to a user message is written from, in three reads at once: the character's card
   * (with an imported card's fields and the lorebook entries the conversation brings up), what the
   * character remembers of the user, the one name the user goes by (the name they told the
   * character, else their profile's first name), and the conversation's text messages up to that
   * message (at most the newest `historyLimit`), oldest first.
   */
  async replyMaterial(
    chatId: number,
    answering: number,
    historyLimit: number,
  ): Promise<
    | { character: CharacterCard; history: ChatTurn[]; userName: string | null; memory: MemoryFact[] }
    | undefined
  > {
    const [context, newest, remembered, forgettings] = await Promise.all([
      this.#chats.replyContext(chatId),
      // the newest page, oldest first
      this.#messages.page(chatId, { limit: historyLimit, page: 1, newestFirst: true }),
      this.#memories.listForChat(chatId),
      this.#memories.forgettingsForChat(chatId),
    ]);
    if (!context) return undefined;
    const history = withoutForgotten(
      // the app's notices (a failed reply) are not the character's words
      newest.filter((message) => message.id <= answering && message.type === "text" && !message.notice),
      forgettings.map(forgettingOf),
    ).map((message): ChatTurn => ({ from: message.sender, text: message.text }));
    const memory = remembered.map(
      ({ kind, subject, text, date }): MemoryFact => ({ kind, subject, text, date }),
    );
    const userName = userNameOf(memory, context.userName);
    const character = replyCharacterCard(context.character, {
      userName,
      recentTexts: history.map((turn) => turn.text),
      recentSenders: history.map((turn) => turn.from),
    });
    return { character, history, userName, memory };
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
      const answer = await this.#deps.db.transaction().execute(async (trx) => {
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
        // a text reply is an exchange to learn from; a notice or a picture is not
        if (message && message.type === "text" && !message.notice && this.#deps.jobs) {
          await this.#deps.jobs.enqueue(
            JOB.remember,
            {
              userId: job.userId,
              chatId: job.chatId,
              userMessageId: job.userMessageId,
              replyMessageId: message.id,
            },
            { db: trx },
          );
        }
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
    await this.#deps.bus.publish(job.userId, storedMessageEvent(this.#deps.presenter, answer, characterId));
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
    await this.#deps.billing.refundMessage({
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
