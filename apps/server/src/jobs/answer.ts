import type { SocketEvent } from "@reverie/shared";
import type { Insertable, Kysely } from "kysely";
import type { Database, MessageRow, MessagesTable } from "../db/schema.ts";
import type { MediaStorage } from "../media/storage.ts";
import type { JobContext } from "../queue/job-queue.ts";
import type { EventBus } from "../realtime/bus.ts";
import { chatEvent } from "../realtime/chat-events.ts";
import { ChatRepository } from "../repositories/chats.ts";
import { MessageRepository } from "../repositories/messages.ts";
import type { BillingService, Charge } from "../services/billing/billing-service.ts";
import type { Presenter } from "../services/presenters.ts";

/** A job that answers one user message of a chat (a reply, a picture). */
export interface AnswerJob {
  userId: string;
  chatId: number;
  userMessageId: number;
  charge: Charge;
}

/** A stored message as the socket sends it. */
export function storedMessageEvent(
  presenter: Presenter,
  row: Parameters<Presenter["message"]>[0],
  characterId: number,
): SocketEvent {
  const message = presenter.message(row, characterId);
  return { action: "add", message: { ...message, message_id: message.id } };
}

/**
 * After the last failed attempt of an answer to a user message: gives back what the message was
 * paid with (idempotent: the ledger reference is unique) and tells the user with a notice that
 * replaces the typing or start_generation placeholder.
 */
export async function refundAndNotify(
  deps: { db: Kysely<Database>; bus: EventBus; billing: BillingService },
  job: AnswerJob,
  notice: string,
): Promise<void> {
  await deps.billing.refundMessage({ userId: job.userId, messageId: job.userMessageId, charge: job.charge });
  const chat = await new ChatRepository(deps.db).findForUser(job.chatId, job.userId);
  if (!chat) return;
  await deps.bus.publish(
    job.userId,
    chatEvent("add", {
      chatId: job.chatId,
      characterId: chat.character_id,
      id: -job.userMessageId,
      type: "text",
      text: notice,
    }),
  );
}

/** The answer's own fields; the chat, the sender and the message answered are filled in. */
export type AnswerFields = Omit<Insertable<MessagesTable>, "chat_id" | "sender" | "reply_to">;

/** What producing an answer works with. */
export interface AnswerWork {
  chat: { id: number; characterId: number };
  /** the not-yet-stored message shown meanwhile, for `update` events (streamed text) */
  placeholder: { chatId: number; characterId: number; id: number };
  /** Storage keys of the files this run stored (add each before writing it): they are removed again when its answer is not stored. */
  files: string[];
}

export interface AnswerDependencies {
  db: Kysely<Database>;
  billing: BillingService;
  bus: EventBus;
  presenter: Presenter;
  /** where produced files are removed from; needed only by answers that store files */
  storage?: MediaStorage;
}

/**
 * Answers a user message once: the stored answer when there is one already (a retry after a
 * crash), else the placeholder (`typing` / `start_generation` under the provisional id -jobId),
 * then what `produce` makes, stored with the chat touched in one transaction and sent as the
 * stored message. `produce` returns undefined when there is nothing to answer.
 *
 * Two runs of the same job at once (a lease ran out while the first still worked) store one
 * answer: the unique reply_to index lets only one insert through and the other run delivers that
 * answer. A chat deleted meanwhile ends the job without an answer and without a retry. Files of an
 * answer that was not stored are removed.
 */
export async function answerUserMessage(
  deps: AnswerDependencies,
  job: AnswerJob,
  context: JobContext,
  placeholder: "typing" | "start_generation",
  produce: (work: AnswerWork) => Promise<AnswerFields | undefined>,
): Promise<void> {
  const chats = new ChatRepository(deps.db);
  const messages = new MessageRepository(deps.db);
  const state = await chats.answerState(job.chatId, job.userId, job.userMessageId);
  if (!state) return; // the chat was deleted meanwhile: nothing to answer
  const { characterId } = state;
  const deliver = (row: MessageRow) =>
    deps.bus.publish(job.userId, storedMessageEvent(deps.presenter, row, characterId));
  if (state.answerId !== null) {
    // stored by an attempt that died before finishing: deliver it, do not make it again
    const existing = await messages.replyTo(job.chatId, job.userMessageId);
    if (existing) await deliver(existing);
    return;
  }
  // the placeholder before the reads the answer needs: the user sees the character react at once
  const base = { chatId: job.chatId, characterId, id: -context.jobId };
  await deps.bus.publish(job.userId, chatEvent("add", { ...base, type: placeholder, text: "" }));

  const files: string[] = [];
  let stored = false;
  try {
    const fields = await produce({ chat: { id: job.chatId, characterId }, placeholder: base, files });
    if (!fields) return;
    let answer: MessageRow | undefined;
    try {
      answer = await deps.db.transaction().execute(async (trx) => {
        const message = await new MessageRepository(trx).insertAnswer({
          ...fields,
          chat_id: job.chatId,
          sender: "model",
          reply_to: job.userMessageId,
        });
        if (message) await new ChatRepository(trx).touch(job.chatId, message.created_at);
        return message;
      });
    } catch (error) {
      // the chat was deleted while the answer was made (its messages' foreign key refused it)
      if (!(await chats.findForUser(job.chatId, job.userId))) return;
      throw error;
    }
    if (answer) {
      stored = true;
      await deliver(answer);
      return;
    }
    // another run of this job stored its answer first: deliver that one
    const winner = await messages.replyTo(job.chatId, job.userMessageId);
    if (winner) await deliver(winner);
  } finally {
    if (!stored && files.length > 0 && deps.storage) {
      // a file left behind only wastes space; it must not hide why the answer was not stored
      await deps.storage.remove(files).catch(() => undefined);
    }
  }
}
