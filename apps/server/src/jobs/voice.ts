import type { SocketEvent } from "@reverie/shared";
import { speakableText, TtsError, type TtsProvider, voiceForGender } from "../providers/tts/index.ts";
import type { JobHandler } from "../queue/job-queue.ts";
import type { EventBus } from "../realtime/bus.ts";
import type { VoiceJob, VoiceService } from "../services/voice.ts";

export interface VoiceDependencies {
  voice: VoiceService;
  tts: TtsProvider;
  bus: EventBus;
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

/**
 * Reads a character's message aloud: `generating`, then the audio is stored and `ready` carries
 * its link; after the last failed attempt, `failed`. A retry after a crash that had already
 * stored the audio only announces it.
 */
export function voiceJobHandler(deps: VoiceDependencies): JobHandler<VoiceJob> {
  return {
    maxAttempts: 3,
    async run(job, context) {
      const work = await deps.voice.work(job);
      if (!work) {
        // the message went while its voice waited: nothing was made, nothing is owed
        await deps.voice.refund(job.userId, job.charge);
        return;
      }
      if (work.status === "ready") {
        await deps.bus.publish(job.userId, voiceStatusEvent(job, "ready", work.link));
        return;
      }
      if (context.attempt === 1) await deps.bus.publish(job.userId, voiceStatusEvent(job, "generating"));

      const text = speakableText(work.text);
      if (!text) throw new TtsError("the message has nothing to read aloud", { retryable: false });
      const audio = await deps.tts.synthesize({
        text,
        voice: voiceForGender(work.gender),
        characterVoice: work.characterVoice,
      });
      const link = await deps.voice.storeRecording(job.messageId, audio);
      if (link === undefined) return;
      await deps.bus.publish(job.userId, voiceStatusEvent(job, "ready", link));
    },
    async onFailed(job) {
      if (await deps.voice.markFailed(job)) {
        await deps.bus.publish(job.userId, voiceStatusEvent(job, "failed"));
      }
    },
  };
}
