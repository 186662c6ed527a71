import pino from "pino";
import { prepareData } from "./bootstrap.ts";
import { loadConfigOrExit, productionWarnings } from "./config.ts";
import { createImageProvider } from "./providers/image/index.ts";
import { createLlmProvider, prepareTokenCounter } from "./providers/llm/index.ts";
import { createModerationClassifier, prepareModerationRules } from "./providers/moderation/index.ts";
import { createTtsProvider } from "./providers/tts/index.ts";
import { createEventBus } from "./realtime/redis-bus.ts";
import { createEmailSender } from "./services/email/create-email-sender.ts";
import { createServices } from "./services/index.ts";

/**
 * A job worker without HTTP: replies, images and voice, for running beside web instances started
 * with JOBS_IN_PROCESS=false. Its events reach users through Redis (REDIS_URL), which every web
 * instance listens to; without Redis, run the worker inside the web process instead.
 */
const config = loadConfigOrExit();
const log = pino({ level: config.logLevel });
for (const [kind, warning] of Object.entries(productionWarnings(config)))
  log.warn({ provider: kind }, `${kind}: ${warning}`);
const { database, storage } = await prepareData({ ...config, seed: { ...config.seed, onStart: false } }, log);
const bus = await createEventBus(config.redisUrl, config.jobQueue.prefix);
const email = createEmailSender({ config, db: database.db, log });
const services = createServices({
  config,
  database,
  storage,
  email,
  bus,
  llm: createLlmProvider(config.llm),
  tts: createTtsProvider(config.tts),
  images: createImageProvider(config.image),
  moderation: createModerationClassifier(config.moderation),
  log,
});
prepareModerationRules();
await prepareTokenCounter(config.llm);
services.jobs.start();
log.info({ queue: config.jobQueue.kind }, "worker started");

let stopping = false;
async function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  log.info({ signal }, "worker stopping");
  await services.jobs.stop();
  await bus.close();
  await database.close();
  process.exit(0);
}
process.on("SIGINT", () => void stop("SIGINT"));
process.on("SIGTERM", () => void stop("SIGTERM"));
