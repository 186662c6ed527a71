import { buildApp } from "./app.ts";
import { prepareData } from "./bootstrap.ts";
import { loadConfigOrExit } from "./config.ts";
import { prepareTokenCounter } from "./providers/llm/index.ts";
import { prepareModerationRules } from "./providers/moderation/index.ts";

const config = loadConfigOrExit();
const pretty = process.stdout.isTTY && config.env !== "production";
const logger = pretty
  ? { level: config.logLevel, transport: { target: "pino-pretty", options: { translateTime: "HH:MM:ss" } } }
  : { level: config.logLevel };

const { default: pino } = await import("pino");
const bootLog = pino(logger);
const { database, storage } = await prepareData(config, bootLog);
const app = await buildApp({ config, database, storage }, { logger });

let stopping = false;
async function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  app.log.info({ signal }, "shutting down");
  await app.close();
  await database.close();
  process.exit(0);
}
process.on("SIGINT", () => void stop("SIGINT"));
process.on("SIGTERM", () => void stop("SIGTERM"));

prepareModerationRules();
await prepareTokenCounter(config.llm);
await app.listen({ host: config.host, port: config.port });
app.log.info(`Reverie is running at ${config.publicUrl}`);
