import { randomBytes } from "node:crypto";
import type { Gender, voiceMessageResponseSchema } from "@reverie/shared";
import type { Kysely } from "kysely";
import type { z } from "zod";
import type { Database } from "../db/schema.ts";
import { BadRequestError, NotFoundError } from "../errors.ts";
import type { MediaStorage } from "../media/storage.ts";
import { speakableText, voiceForGender } from "../providers/tts/index.ts";
import type { SpeechAudio } from "../providers/tts/types.ts";
import { CHARACTER_VOICES, type CharacterVoiceId, isCharacterVoice } from "../providers/tts/voices.ts";
import { ChatRepository } from "../repositories/chats.ts";
import { MessageRepository } from "../repositories/messages.ts";
import type { UserRepository } from "../repositories/users.ts";
import { VoiceRepository } from "../repositories/voices.ts";
import type { BillingService, VoiceCharge } from "./billing/billing-service.ts";
import { JOB, type JobPayload, type JobQueue } from "./job-registry.ts";

export type VoiceMessageResponse = z.infer<typeof voiceMessageResponseSchema>;

/** Reads one character message aloud (jobs/voice.ts). */
export type VoiceJob = JobPayload<"voice">;

/** A reply that answers a request for a voice message, paid for when the request was sent. */
export interface VoiceNoteRequest {
  userId: string;
  chatId: number;
  userMessageId: number;
  charge: VoiceCharge;
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

export interface VoiceServiceDeps {
  db: Kysely<Database>;
  storage: MediaStorage;
  jobs: JobQueue;
  users: UserRepository;
  billing: BillingService;
}

/**
 * Voice for a character's text messages (decision 35): included in premium, paid with tokens on
 * the free plan (through the billing service's ledger, given back when the voice cannot be made).
 * Each message is synthesized once (by the `voice` job); later requests get the stored file free.
 * A reply to a request for a voice message ("send me a voice note") is voiced the same way.
 */
export class VoiceService {
  readonly #deps: VoiceServiceDeps;
  readonly #chats: ChatRepository;
  readonly #voices: VoiceRepository;
  readonly #messages: MessageRepository;

  constructor(deps: VoiceServiceDeps) {
    this.#deps = deps;
    this.#messages = new MessageRepository(deps.db);
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
    if (message.voice_status === "ready" && message.voice_key) {
      return this.#ready(messageId, message.voice_key);
    }
    const plan = (await this.#deps.users.findById(userId))?.plan === "premium" ? "premium" : "free";
    const staleBefore = new Date(Date.now() - STALE_GENERATION_MS);
    const started = await this.#deps.db.transaction().execute(async (trx) => {
      if (!(await new VoiceRepository(trx).claim(messageId, staleBefore))) return null;
      // a voice may be asked for again after a failed one: each charge has a reference of its own
      const reference = `voice:message:${messageId}:${randomBytes(6).toString("base64url")}`;
      // 402 rolls the claim back with it
      const charge = await this.#deps.billing.payForVoice(trx, { userId, plan, reference });
      const job: VoiceJob = { userId, chatId, messageId, charge };
      await this.#deps.jobs.enqueue(JOB.voice, job, { db: trx });
      return { charge };
    });
    if (started?.charge.kind === "tokens") {
      const { free_msgs, tokens } = await this.#deps.billing.balance(userId);
      return { message_id: messageId, status: "generating", balance: { free_msgs, tokens } };
    }
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
   * Voices the character's reply to a request for a voice message, once the reply is stored (the
   * reply job calls it); a retry of the reply finds the voice started and starts nothing. When
   * there is no reply to voice (the chat was deleted meanwhile), its charge is given back.
   */
  async startVoiceNote(request: VoiceNoteRequest): Promise<void> {
    const reply = await this.#messages.replyTo(request.chatId, request.userMessageId);
    if (reply?.type !== "text" || !speakableText(reply.text)) {
      await this.refund(request.userId, request.charge);
      return;
    }
    await this.#deps.db.transaction().execute(async (trx) => {
      if (!(await new VoiceRepository(trx).claim(reply.id, new Date(Date.now() - STALE_GENERATION_MS))))
        return;
      const job: VoiceJob = {
        userId: request.userId,
        chatId: request.chatId,
        messageId: reply.id,
        charge: request.charge,
      };
      await this.#deps.jobs.enqueue(JOB.voice, job, { db: trx });
    });
  }

  /** Gives back what a voice was paid with (idempotent: the refund's ledger reference). */
  refund(userId: string, charge: VoiceCharge | undefined): Promise<void> {
    return charge ? this.#deps.billing.refundVoice({ userId, charge }) : Promise.resolve();
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
    await this.#deps.storage.put(key, audio.data);
    if (!(await this.#voices.markReady(messageId, key))) {
      await this.#deps.storage.remove([key]);
      return undefined;
    }
    return this.#link(key);
  }

  /**
   * After the voice job's last failed attempt: marked failed and its charge given back; false when
   * it had ended already (or the message is gone).
   */
  async markFailed(job: VoiceJob): Promise<boolean> {
    if (!(await this.#voices.markFailed(job.messageId))) return false;
    await this.refund(job.userId, job.charge);
    return true;
  }

  #ready(messageId: number, key: string): VoiceMessageResponse {
    return { message_id: messageId, status: "ready", link: this.#link(key) };
  }

  /** The URL the browser plays a stored voice from. */
  #link(key: string): string {
    const url = this.#deps.storage.publicUrl(key);
    if (url === null) throw new Error(`voice key ${key} is not public`);
    return url;
  }
}
