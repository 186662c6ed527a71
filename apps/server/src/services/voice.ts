import { randomBytes } from "node:crypto";
import { type Gender, PAYWALL_SOURCES, type voiceMessageResponseSchema } from "@reverie/shared";
import type { Kysely } from "kysely";
import type { z } from "zod";
import type { Database } from "../db/schema.ts";
import { BadRequestError, NotFoundError, PremiumRequiredError } from "../errors.ts";
import type { MediaStorage } from "../media/storage.ts";
import { speakableText, voiceForGender } from "../providers/tts/index.ts";
import type { SpeechAudio } from "../providers/tts/types.ts";
import { CHARACTER_VOICES, type CharacterVoiceId, isCharacterVoice } from "../providers/tts/voices.ts";
import type { JobQueue } from "../queue/job-queue.ts";
import { ChatRepository } from "../repositories/chats.ts";
import type { UserRepository } from "../repositories/users.ts";
import { VoiceRepository } from "../repositories/voices.ts";

export type VoiceMessageResponse = z.infer<typeof voiceMessageResponseSchema>;

/** Reads one character message aloud (jobs/voice.ts). */
export interface VoiceJob {
  userId: string;
  chatId: number;
  messageId: number;
}

/** What the voice job finds: the recording made already, or the text to read and who speaks it. */
export type VoiceWork =
  | { status: "ready"; link: string }
  | { status: "to_record"; text: string; gender: Gender; characterVoice: CharacterVoiceId | undefined };

/** Where a voice file goes: public (played by <audio> from /media), under a name nobody can guess. */
function voiceStorageKey(extension: string): string {
  return `public/voice/${randomBytes(18).toString("base64url")}.${extension}`;
}

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

  /**
   * What the voice job is to do for the message; undefined when the message or its chat was
   * deleted meanwhile (the voice row goes with its message).
   */
  async work(job: VoiceJob): Promise<VoiceWork | undefined> {
    const message = await this.#voices.findMessage(job.chatId, job.messageId);
    if (!message?.voice_status) return undefined;
    if (message.voice_status === "ready" && message.voice_key) {
      return { status: "ready", link: this.#link(message.voice_key) };
    }
    const chat = await this.#chats.findForUser(job.chatId, job.userId);
    if (!chat) return undefined;
    const chosen = chat.character.voice;
    // a user's own character speaks in the voice it was given (one of its gender's)
    const characterVoice =
      chosen &&
      isCharacterVoice(chosen) &&
      CHARACTER_VOICES[chosen].gender === voiceForGender(chat.character.gender)
        ? chosen
        : undefined;
    return { status: "to_record", text: message.text, gender: chat.character.gender, characterVoice };
  }

  /**
   * Stores the recording and marks the voice ready; the link to play it from, or undefined when
   * the message was deleted while it was read (its recording, with nobody to play it, is removed).
   */
  async storeRecording(messageId: number, audio: SpeechAudio): Promise<string | undefined> {
    const key = voiceStorageKey(audio.extension);
    await this.#storage.put(key, audio.data);
    if (!(await this.#voices.markReady(messageId, key))) {
      await this.#storage.remove([key]);
      return undefined;
    }
    return this.#link(key);
  }

  /** After the voice job's last failed attempt; false when it had ended already (or the message is gone). */
  markFailed(messageId: number): Promise<boolean> {
    return this.#voices.markFailed(messageId);
  }

  #ready(messageId: number, key: string): VoiceMessageResponse {
    return { message_id: messageId, status: "ready", link: this.#link(key) };
  }

  /** The URL the browser plays a stored voice from. */
  #link(key: string): string {
    const url = this.#storage.publicUrl(key);
    if (url === null) throw new Error(`voice key ${key} is not public`);
    return url;
  }
}
