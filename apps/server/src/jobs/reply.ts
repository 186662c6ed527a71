import type { SocketEvent } from "@reverie/shared";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";
import type { LlmProvider } from "../providers/llm/types.ts";
import type { EventBus } from "../realtime/bus.ts";
import { BalanceRepository } from "../repositories/balances.ts";
import type { CharacterRepository } from "../repositories/characters.ts";
import { ChatRepository } from "../repositories/chats.ts";
import { MessageRepository } from "../repositories/messages.ts";
import type { UserRepository } from "../repositories/users.ts";
import type { Presenter } from "../services/presenters.ts";
import type { JobHandler } from "./queue.ts";

/** How a message was paid for, so a reply that finally fails can be refunded exactly. */
export type Charge = { kind: "none" } | { kind: "free_message" } | { kind: "tokens"; amount: number };

export interface ReplyJob {
  userId: string;
  chatId: number;
  userMessageId: number;
  charge: Charge;
}

/** How many earlier messages a reply is written from (prompt assembly trims further). */
const HISTORY_LIMIT = 200;
/** Streamed text is sent at most this often, so a fast model does not flood the socket. */
const UPDATE_INTERVAL_MS = 80;

const FAILED_REPLY = "Sorry, I couldn't answer just now. Your message was not charged; please try again.";

/** A character's message that is not stored (yet): typing, start_generation, streamed text, notices. */
export function chatEvent(
  action: "add" | "update",
  base: {
    chatId: number;
    characterId: number;
    id: number;
    type: "typing" | "start_generation" | "text";
    text: string;
  },
): SocketEvent {
  return {
    action,
    message: {
      id: base.id,
      message_id: base.id,
      chat_id: base.chatId,
      model_id: base.characterId,
      from: "model",
      type: base.type,
      text: base.text,
      image_url: null,
      images_urls: [],
      video_duration: null,
      locked: false,
      price_tokens: null,
      send_at: new Date().toISOString(),
    },
  };
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
  deps: { db: Kysely<Database>; bus: EventBus },
  job: { userId: string; chatId: number; userMessageId: number; charge: Charge },
  notice: string,
): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    const balances = new BalanceRepository(trx);
    if (job.charge.kind === "tokens") {
      await balances.credit(job.userId, job.charge.amount, "refund", `refund:message:${job.userMessageId}`);
    } else if (job.charge.kind === "free_message") {
      await balances.restoreFreeMessage(job.userId);
    }
  });
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

export interface ReplyDependencies {
  db: Kysely<Database>;
  llm: LlmProvider;
  bus: EventBus;
  characters: CharacterRepository;
  users: UserRepository;
  presenter: Presenter;
}

/**
 * Writes the character's reply: `typing`, then the text as it streams (`update` events under a
 * provisional negative id), then the stored message (`add`, type `text`). A retry after a crash
 * does not store the reply twice. When the last attempt fails, the message is refunded.
 */
export function replyJobHandler(deps: ReplyDependencies): JobHandler<ReplyJob> {
  const chats = new ChatRepository(deps.db);
  const messages = new MessageRepository(deps.db);

  return {
    maxAttempts: 3,
    async run(job, context) {
      const chat = await chats.findForUser(job.chatId, job.userId);
      if (!chat) return; // the chat was deleted meanwhile: nothing to answer
      const existing = await messages.replyTo(job.chatId, job.userMessageId);
      if (existing) {
        // stored by an attempt that died before finishing: deliver it, do not write it again
        await deps.bus.publish(job.userId, storedMessageEvent(deps.presenter, existing, chat.character_id));
        return;
      }
      // typing before the reads the prompt needs: the user sees the character react at once
      const provisionalId = -context.jobId;
      const base = { chatId: job.chatId, characterId: chat.character_id, id: provisionalId };
      await deps.bus.publish(job.userId, chatEvent("add", { ...base, type: "typing", text: "" }));
      const [character, user, history] = await Promise.all([
        deps.characters.findById(chat.character_id),
        deps.users.findById(job.userId),
        messages.page(job.chatId, { limit: HISTORY_LIMIT, page: 1, newestFirst: true }),
      ]);
      if (!character || !user) return;

      let text = "";
      let lastUpdate = 0;
      for await (const delta of deps.llm.streamReply({
        character: {
          id: character.id,
          name: character.name,
          age: character.age,
          gender: character.gender,
          tagline: character.tagline,
          description: character.description,
          personality: character.personality,
          hobbies: character.hobbies
            .split(",")
            .map((hobby) => hobby.trim())
            .filter(Boolean),
          relationship: character.relationship,
          first_msg: character.first_msg,
        },
        history: history
          .filter((message) => message.id <= job.userMessageId && message.type === "text")
          .map((message) => ({ from: message.sender, text: message.text })),
        userName: user.first_name,
      })) {
        text += delta;
        if (Date.now() - lastUpdate >= UPDATE_INTERVAL_MS) {
          lastUpdate = Date.now();
          await deps.bus.publish(job.userId, chatEvent("update", { ...base, type: "text", text }));
        }
      }
      const reply = text.trim();
      if (!reply) throw new Error("the model returned an empty reply");
      const stored = await deps.db.transaction().execute(async (trx) => {
        const message = await new MessageRepository(trx).insert({
          chat_id: job.chatId,
          sender: "model",
          reply_to: job.userMessageId,
          type: "text",
          text: reply,
        });
        await new ChatRepository(trx).touch(job.chatId, message.created_at);
        return message;
      });
      await deps.bus.publish(job.userId, storedMessageEvent(deps.presenter, stored, character.id));
    },
    async onFailed(job) {
      await refundAndNotify(deps, job, FAILED_REPLY);
    },
  };
}
