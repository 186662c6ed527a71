import { imageJobHandler } from "../jobs/image.ts";
import { replyJobHandler } from "../jobs/reply.ts";
import { voiceJobHandler } from "../jobs/voice.ts";
import { AnswerService } from "../services/answers.ts";
import { GreetingChoices } from "../services/chat-greetings.ts";
import { ChatService } from "../services/chats.ts";
import { ImageIntents, parseIntentPhrases } from "../services/image-intents.ts";
import type { JobHandlers } from "../services/job-registry.ts";
import { MessageReports } from "../services/message-reports.ts";
import { VoiceService } from "../services/voice.ts";
import { VoiceIntents } from "../services/voice-intents.ts";
import type { Core } from "./core.ts";
import type { Infrastructure } from "./infrastructure.ts";

/** Chats: sending messages, the reply, picture and voice jobs that answer them, and reports of messages. */
export function wireChat(infra: Infrastructure, core: Core) {
  const { db, billing, jobs, moderation, presenter } = core;
  const { bus, storage, log } = infra;
  const answers = new AnswerService({ db, billing, bus, presenter, jobs });
  const voice = new VoiceService({ db, storage, jobs, users: core.users, billing });
  const chats = new ChatService({
    db,
    characters: core.characters,
    presenter,
    jobs,
    moderation,
    imageIntents: new ImageIntents(parseIntentPhrases(infra.config.image.intents)),
    voiceIntents: new VoiceIntents(),
    storage,
    log,
    bus,
    billing,
  });
  const handlers = {
    reply: replyJobHandler({
      answers,
      voice,
      llm: infra.llm,
      bus,
      moderation,
      deadlineMs: infra.config.replyDeadlineMs,
    }),
    image: imageJobHandler({ answers, images: infra.images, bus, storage }),
    voice: voiceJobHandler({ voice, tts: infra.tts, bus }),
  } satisfies Partial<JobHandlers>;
  return {
    chats,
    voice,
    messageReports: new MessageReports({ db }),
    greetings: new GreetingChoices({ db, presenter }),
    handlers,
  };
}
