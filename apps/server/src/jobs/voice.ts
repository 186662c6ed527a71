import { randomBytes } from "node:crypto";
import type { SocketEvent } from "@reverie/shared";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";
import type { MediaStorage } from "../media/storage.ts";
import { speakableText, TtsError, type TtsProvider, voiceForGender } from "../providers/tts/index.ts";
import type { JobHandler } from "../queue/job-queue.ts";
import type { EventBus } from "../realtime/bus.ts";
import { ChatRepository } from "../repositories/chats.ts";
import { VoiceRepository } from "../repositories/voices.ts";

export interface VoiceJob {
  userId: string;
  chatId: number;
  messageId: number;
}

export interface VoiceDependencies {
  db: Kysely<Database>;
  tts: TtsProvider;
  bus: EventBus;
  storage: MediaStorage;
}

type VoiceStatus = "generating" | "ready" | "failed";

/** The socket event the web app turns into the message's play state. */
export function voiceStatusEvent(job: VoiceJob, status: VoiceStatus, link?: string): SocketEvent {
  return {
    action: "status_change",
    message: {
      chat_id: job.chatId,
      message_id: job.messageId,
      type: "voice",
      status_information: { status, data: link === undefined ? {} : { link } },
    },
  };
}

/** Where a voice file goes: public (played by <audio> from /media), under a name nobody can guess. */
export function voiceStorageKey(extension: string): string {
  return `public/voice/${randomBytes(18).toString("base64url")}.${extension}`;
}

/** The URL the browser plays a stored voice from. */
export function voiceLink(storage: MediaStorage, key: string): string {
  const url = storage.publicUrl(key);
  if (url === null) throw new Error(`voice key ${key} is not public`);
  return url;
}

/**
 * Reads a character's message aloud: `generating`, then the audio is stored and `ready` carries
 * its link; after the last failed attempt, `failed`. A retry after a crash that had already
 * stored the audio only announces it.
 */
export function voiceJobHandler(deps: VoiceDependencies): JobHandler<VoiceJob> {
  const voices = new VoiceRepository(deps.db);
  const chats = new ChatRepository(deps.db);
  const link = (key: string) => voiceLink(deps.storage, key);

  return {
    maxAttempts: 3,
    async run(job, context) {
      const message = await voices.findMessage(job.chatId, job.messageId);
      if (!message?.voice_status) return; // deleted meanwhile (the voice row goes with its message)
      if (message.voice_status === "ready" && message.voice_key) {
        await deps.bus.publish(job.userId, voiceStatusEvent(job, "ready", link(message.voice_key)));
        return;
      }
      const chat = await chats.findForUser(job.chatId, job.userId);
      if (!chat) return;
      if (context.attempt === 1) await deps.bus.publish(job.userId, voiceStatusEvent(job, "generating"));

      const text = speakableText(message.text);
      if (!text) throw new TtsError("the message has nothing to read aloud", { retryable: false });
      const audio = await deps.tts.synthesize({ text, voice: voiceForGender(chat.character.gender) });
      const key = voiceStorageKey(audio.extension);
      await deps.storage.put(key, audio.data);
      if (!(await voices.markReady(job.messageId, key))) {
        // the message was deleted while it was being read: its recording has nobody to play it
        await deps.storage.remove([key]);
        return;
      }
      await deps.bus.publish(job.userId, voiceStatusEvent(job, "ready", link(key)));
    },
    async onFailed(job) {
      if (await voices.markFailed(job.messageId)) {
        await deps.bus.publish(job.userId, voiceStatusEvent(job, "failed"));
      }
    },
  };
}
