import { PAYWALL_SOURCES, type voiceMessageResponseSchema } from "@reverie/shared";
import type { Kysely } from "kysely";
import type { z } from "zod";
import type { Database } from "../db/schema.ts";
import { BadRequestError, NotFoundError, PremiumRequiredError } from "../errors.ts";
import { type VoiceJob, voiceLink } from "../jobs/voice.ts";
import type { MediaStorage } from "../media/storage.ts";
import { speakableText } from "../providers/tts/index.ts";
import type { JobQueue } from "../queue/job-queue.ts";
import { ChatRepository } from "../repositories/chats.ts";
import type { UserRepository } from "../repositories/users.ts";
import { VoiceRepository } from "../repositories/voices.ts";

export type VoiceMessageResponse = z.infer<typeof voiceMessageResponseSchema>;

/**
 * A generation still running after this long lost its job (a failure hook that could not run, a
 * queue that was emptied): the next request starts over. Far beyond the job's attempts and backoff.
 */
const STALE_GENERATION_MS = 15 * 60_000;

/** The paywall the web app opens for a free account. */

/**
 * Voice for a character's text messages, a premium feature included in the plan. Each message is
 * synthesized once (by the `voice` job); later requests get the stored file.
 */
export class VoiceService {
  readonly #db: Kysely<Database>;
  readonly #storage: MediaStorage;
  readonly #jobs: JobQueue;
  readonly #users: UserRepository;
  readonly #chats: ChatRepository;
  readonly #voices: VoiceRepository;

  constructor(deps: { db: Kysely<Database>; storage: MediaStorage; jobs: JobQueue; users: UserRepository }) {
    this.#db = deps.db;
    this.#storage = deps.storage;
    this.#jobs = deps.jobs;
    this.#users = deps.users;
    this.#chats = new ChatRepository(deps.db);
    this.#voices = new VoiceRepository(deps.db);
  }

  /** `ready` with the link when the voice exists; otherwise `generating`, ending in a status_change event. */
  async request(userId: string, chatId: number, messageId: number): Promise<VoiceMessageResponse> {
    const chat = await this.#chats.findForUser(chatId, userId);
    if (!chat) throw new NotFoundError(`Chat ${chatId} does not exist.`);
    const message = await this.#voices.findMessage(chatId, messageId);
    if (!message) throw new NotFoundError(`Message ${messageId} does not exist in chat ${chatId}.`);
    if (message.sender !== "model") {
      throw new BadRequestError("Only the character's messages can be played as voice.");
    }
    if (message.type !== "text") throw new BadRequestError("Only text messages can be played as voice.");
    if (!speakableText(message.text)) throw new BadRequestError("This message has nothing to read aloud.");
    const user = await this.#users.findById(userId);
    if (user?.plan !== "premium") {
      throw new PremiumRequiredError(
        PAYWALL_SOURCES.voiceMessageFreePlanUser,
        "Voice messages are part of Premium.",
      );
    }

    if (message.voice_status === "ready" && message.voice_key) {
      return this.#ready(messageId, message.voice_key);
    }
    const staleBefore = new Date(Date.now() - STALE_GENERATION_MS);
    const started = await this.#db.transaction().execute(async (trx) => {
      if (!(await new VoiceRepository(trx).claim(messageId, staleBefore))) return false;
      const job: VoiceJob = { userId, chatId, messageId };
      await this.#jobs.enqueue("voice", job, { db: trx });
      return true;
    });
    if (!started) {
      // someone else started it; it may have finished since the first look
      const current = await this.#voices.findMessage(chatId, messageId);
      if (current?.voice_status === "ready" && current.voice_key) {
        return this.#ready(messageId, current.voice_key);
      }
    }
    return { message_id: messageId, status: "generating" };
  }

  #ready(messageId: number, key: string): VoiceMessageResponse {
    return { message_id: messageId, status: "ready", link: voiceLink(this.#storage, key) };
  }
}
