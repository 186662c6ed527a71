import type { AppConfig } from "../config.ts";
import type { DatabaseHandle } from "../db/database.ts";
import type { MediaStorage } from "../media/storage.ts";
import type { EmailSender } from "../providers/email/index.ts";
import type { ImageProvider } from "../providers/image/types.ts";
import type { LlmProvider } from "../providers/llm/types.ts";
import type { ModerationClassifier } from "../providers/moderation/types.ts";
import type { TtsProvider } from "../providers/tts/types.ts";
import type { EventBus } from "../realtime/bus.ts";

/** What the app is built on: configuration, the database, storage, the providers and the event bus. */
export interface Infrastructure {
  config: AppConfig;
  database: DatabaseHandle;
  storage: MediaStorage;
  email: EmailSender;
  llm: LlmProvider;
  tts: TtsProvider;
  images: ImageProvider;
  bus: EventBus;
  moderation: ModerationClassifier;
  log: { error(obj: object, msg: string): void; warn(obj: object, msg: string): void };
}
