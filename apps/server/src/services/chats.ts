import type { Balance, Chat, Gender, Message, OpenedChat } from "@reverie/shared";
import type { Kysely } from "kysely";
import type { Database, MessageRow } from "../db/schema.ts";
import { BadRequestError, NotFoundError } from "../errors.ts";
import { chatMediaFiles } from "../media/chat-media.ts";
import type { MediaStorage } from "../media/storage.ts";
import type { ModerationContext } from "../providers/moderation/types.ts";
import type { EventBus } from "../realtime/bus.ts";
import { chatEvent } from "../realtime/chat-events.ts";
import type { CharacterRepository } from "../repositories/characters.ts";
import {
  type ChatRepository,
  ChatRepository as Chats,
  type ChatWithCharacter,
} from "../repositories/chats.ts";
import { MemoryRepository } from "../repositories/memories.ts";
import { MessageRepository } from "../repositories/messages.ts";
import { UserRepository } from "../repositories/users.ts";
import type { ImageJob, ReplyJob } from "./answers.ts";
import type { BillingService } from "./billing/billing-service.ts";
import { expandCardMacros, mentionsUser } from "./custom-characters/card-macros.ts";
import type { ImageIntents } from "./image-intents.ts";
import { JOB, type JobQueue } from "./job-registry.ts";
import type { ModerationService } from "./moderation.ts";
import type { Presenter } from "./presenters.ts";
import type { VoiceIntents } from "./voice-intents.ts";

/** How many recent turns a new message is judged with. */
const MODERATION_TURNS = 6;

/** The repositories one transaction works with. */
function unitOfWork(db: Kysely<Database>) {
  return { chats: new Chats(db), messages: new MessageRepository(db) };
}

const now = () => new Date().toISOString();

export interface ChatServiceDeps {
  db: Kysely<Database>;
  characters: CharacterRepository;
  presenter: Presenter;
  jobs: JobQueue;
  moderation: ModerationService;
  imageIntents: ImageIntents;
  voiceIntents: VoiceIntents;
  storage: MediaStorage;
  log: { error(obj: object, msg: string): void };
  bus: EventBus;
  billing: BillingService;
}

/** A user's conversations with characters: the list, the history, sending and deleting. */
export class ChatService {
  readonly #deps: ChatServiceDeps;
  readonly #chats: ChatRepository;
  readonly #messages: MessageRepository;
  readonly #users: UserRepository;

  constructor(deps: ChatServiceDeps) {
    this.#deps = deps;
    this.#users = new UserRepository(deps.db);
    const repositories = unitOfWork(deps.db);
    this.#chats = repositories.chats;
    this.#messages = repositories.messages;
  }

  #chat(row: ChatWithCharacter, last: MessageRow | undefined): Chat {
    return {
      id: row.id,
      model: this.#deps.presenter.modelSummary(row.character),
      last_message: last ? this.#deps.presenter.message(last, row.character_id) : null,
    };
  }

  async #requireChat(chatId: number, userId: string): Promise<ChatWithCharacter> {
    const chat = await this.#chats.findForUser(chatId, userId);
    if (!chat) throw new NotFoundError(`Chat ${chatId} does not exist.`);
    return chat;
  }

  async list(
    userId: string,
    query: { gender?: Gender | undefined; search?: string | undefined; page: number; limit: number },
  ) {
    const { rows, total } = await this.#chats.listForUser(
      userId,
      { gender: query.gender, search: query.search },
      { limit: query.limit, offset: (query.page - 1) * query.limit },
    );
    const latest = await this.#messages.latest(rows.map((row) => row.id));
    return {
      items: rows.map((row) => this.#chat(row, latest.get(row.id))),
      total_count: total,
      pages_count: Math.ceil(total / query.limit),
    };
  }

  /**
   * Opens the user's chat with a character, a catalog one or one of the user's own (another
   * user's is a 404); a new chat starts with the character's first message. The answer carries the
   * character in full, whichever kind it is.
   */
  async open(userId: string, characterId: number): Promise<OpenedChat> {
    const character = await this.#deps.characters.findAvailableTo(characterId, userId);
    if (!character) throw new NotFoundError(`Character ${characterId} does not exist.`);
    // read as every card text is (the model is given this greeting and moderation checked it so);
    // the user's name is looked up only when the greeting names them ({{user}})
    const userName = mentionsUser(character.first_msg)
      ? ((await this.#users.findById(userId))?.first_name ?? null)
      : null;
    const firstMessage = expandCardMacros(character.first_msg, { char: character.name, user: userName });
    const chatId = await this.#deps.db.transaction().execute(async (trx) => {
      const work = unitOfWork(trx);
      const at = now();
      const { id, created } = await work.chats.findOrCreate(userId, characterId, at);
      if (created) {
        await work.messages.insert({ chat_id: id, sender: "model", type: "text", text: firstMessage });
      }
      return id;
    });
    const chat = await this.#requireChat(chatId, userId);
    return {
      ...this.#chat(chat, (await this.#messages.latest([chatId])).get(chatId)),
      model: this.#deps.presenter.model(character),
    };
  }

  async messages(userId: string, chatId: number, query: { limit: number; page: number; reverse: boolean }) {
    const chat = await this.#requireChat(chatId, userId);
    const [rows, total] = await Promise.all([
      this.#messages.page(chatId, { limit: query.limit, page: query.page, newestFirst: query.reverse }),
      this.#messages.count(chatId),
    ]);
    return {
      items: rows.map((row) => this.#deps.presenter.message(row, chat.character_id)),
      total_count: total,
    };
  }

  /**
   * Stores the user's message and pays for it in one transaction: premium text is included,
   * free accounts use a free message, then tokens; otherwise 402 and nothing is stored. A message
   * asking for a picture (see image-intents.ts) is also an image prompt, checked as one, and is
   * answered by the image job (`realistic` picks the style) instead of a text reply. A message
   * asking for a voice message (voice-intents.ts) is answered by a reply that is read aloud, paid
   * for with the message (decision 35: included in premium, tokens on the free plan; 402
   * `voice_message` and nothing stored when they do not cover it).
   */
  /** The recent turns a new message is judged with: a minor set up a few messages ago stays one. */
  async #moderationContext(chatId: number): Promise<ModerationContext> {
    const recent = await this.#messages.page(chatId, { limit: MODERATION_TURNS, page: 1, newestFirst: true });
    return {
      turns: recent
        .filter((message) => message.type === "text" && message.text)
        .map((message) => ({ role: message.sender === "user" ? "user" : "character", text: message.text })),
    };
  }

  async send(
    userId: string,
    chatId: number,
    text: string,
    realistic = true,
  ): Promise<{ message: Message; balance: Balance }> {
    // the plan is read before the transaction: paying itself is guarded (free_msgs > 0, tokens >= price)
    const sender = await this.#chats.senderState(chatId, userId);
    if (!sender) throw new NotFoundError(`Chat ${chatId} does not exist.`);
    const intent = this.#deps.imageIntents.detect(text);
    const wantsVoice = !intent && this.#deps.voiceIntents.detect(text);
    // a photo request is an image prompt: checked (and recorded, when refused) as one
    await this.#deps.moderation.check(
      text,
      intent ? "image_prompt" : "chat_message",
      userId,
      await this.#moderationContext(chatId),
    );
    const sent = await this.#deps.db.transaction().execute(async (trx) => {
      const work = unitOfWork(trx);
      const message = await work.messages.insert({ chat_id: chatId, sender: "user", type: "text", text });
      const { charge, balance } = await this.#deps.billing.payForMessage(trx, {
        userId,
        plan: sender.plan,
        messageId: message.id,
        balance: { free_msgs: sender.freeMessages, tokens: sender.tokens },
      });
      await work.chats.touch(chatId, message.created_at);
      const job: ReplyJob = { userId, chatId, userMessageId: message.id, charge };
      let paid = balance;
      if (intent) {
        const imageJob: ImageJob = { ...job, intent, realistic };
        await this.#deps.jobs.enqueue(JOB.image, imageJob, { db: trx });
      } else if (wantsVoice) {
        const voiceNote = await this.#deps.billing.payForVoice(trx, {
          userId,
          plan: sender.plan,
          reference: `voice_note:message:${message.id}`,
        });
        if (voiceNote.kind === "tokens") paid = { ...balance, tokens: balance.tokens - voiceNote.amount };
        await this.#deps.jobs.enqueue(JOB.reply, { ...job, voiceNote }, { db: trx });
      } else await this.#deps.jobs.enqueue(JOB.reply, job, { db: trx });
      return { message: this.#deps.presenter.message(message, sender.characterId), balance: paid };
    });
    // The character reacts as soon as the message is stored, not once a worker has claimed the job
    // (on Postgres and Redis that is several round trips later). The job sends the same placeholder
    // again when it starts, so an event lost here costs nothing: it is not awaited.
    void this.#deps.bus
      .publish(
        userId,
        chatEvent("add", {
          chatId,
          characterId: sender.characterId,
          id: -sent.message.id,
          type: intent ? "start_generation" : "typing",
          text: "",
        }),
      )
      .catch((error: unknown) =>
        this.#deps.log.error({ err: error, chatId }, "the early typing event was not sent"),
      );
    return sent;
  }

  /**
   * Unlocks a private_image / private_video message with tokens (premium plans pay too): the
   * tokens are spent and the message unlocked in one transaction. Unlocking it again is free.
   */
  async unlock(
    userId: string,
    chatId: number,
    messageId: number,
  ): Promise<{ message: Message; balance: Balance }> {
    const chat = await this.#requireChat(chatId, userId);
    return this.#deps.db.transaction().execute(async (trx) => {
      const work = unitOfWork(trx);
      const found = await work.messages.findInChat(chatId, messageId);
      if (!found) throw new NotFoundError(`Message ${messageId} does not exist in chat ${chatId}.`);
      if (found.type !== "private_image" && found.type !== "private_video") {
        throw new BadRequestError(
          `Message ${messageId} is a ${found.type || "plain"} message; only private images and videos can be unlocked.`,
          "not_private_media",
        );
      }
      let message = found;
      // flip first: a concurrent unlock of the same message then finds it unlocked and pays nothing
      const unlocked = found.locked ? await work.messages.unlock(messageId) : undefined;
      if (unlocked) {
        // the price is fixed when the private message is sent, so a later price change spares it
        const price = found.price_tokens;
        if (price === null) throw new Error(`private message ${messageId} has no price`);
        await this.#deps.billing.payForUnlock(trx, { userId, messageId, type: found.type, price });
        message = unlocked;
      } else if (found.locked) {
        message = (await work.messages.findInChat(chatId, messageId)) ?? found;
      }
      const { free_msgs, tokens } = await this.#deps.billing.balance(userId, trx);
      return {
        message: this.#deps.presenter.message(message, chat.character_id),
        balance: { free_msgs, tokens },
      };
    });
  }

  async deleteMessages(userId: string, chatId: number, ids: readonly number[]): Promise<number> {
    await this.#requireChat(chatId, userId);
    return this.#deleteWithFiles(chatId, ids, () => this.#messages.deleteMany(chatId, ids));
  }

  async clear(userId: string, chatId: number): Promise<number> {
    await this.#requireChat(chatId, userId);
    return this.#deleteWithFiles(chatId, undefined, () => this.#messages.deleteAll(chatId));
  }

  /** Deletes the chat, and what its character remembers of the user goes with it (decision 45). */
  async delete(userId: string, chatId: number): Promise<void> {
    const chat = await this.#requireChat(chatId, userId);
    await this.#deleteWithFiles(chatId, undefined, () =>
      this.#deps.db.transaction().execute(async (trx) => {
        // the chat's row first: a memory write in progress holds it (MemoryRepository.lockChat)
        await new Chats(trx).delete(chatId);
        const memories = new MemoryRepository(trx);
        await memories.deleteAll({ userId, characterId: chat.character_id });
        await memories.deleteForgettings({ userId, characterId: chat.character_id });
      }),
    );
  }

  /**
   * Deleted messages take their pictures, videos and voice recordings with them: the rows go
   * first, then the files (a file that fails to go is logged, never blocks the deletion).
   */
  async #deleteWithFiles<Result>(
    chatId: number,
    ids: readonly number[] | undefined,
    deleteRows: () => Promise<Result>,
  ): Promise<Result> {
    const files = await this.#messages.fileKeys(chatId, ids);
    const result = await deleteRows();
    const keys = [...files.media.flatMap(chatMediaFiles), ...files.voice];
    if (keys.length > 0) {
      await this.#deps.storage.remove(keys).catch((error: unknown) => {
        this.#deps.log.error({ err: error, chatId }, "could not remove the files of deleted messages");
      });
    }
    return result;
  }
}
