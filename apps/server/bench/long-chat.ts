/**
 * Long chats, server side: one chat of 10,000 messages; the server time of its newest page (what
 * the chat room opens with) and of a page deep in its history (scrolling far up), through the real
 * route in this process (app.inject: the time is the server's alone). Part of `npm run bench`.
 */
import { LIMITS } from "@reverie/shared";
import { buildApp } from "../src/app.ts";
import { loadConfig } from "../src/config.ts";
import { createDatabase } from "../src/db/database.ts";
import { migrateToLatest } from "../src/db/migrator.ts";
import { seedCatalog } from "../src/db/seed/index.ts";
import { DiskMediaStorage } from "../src/media/storage.ts";
import { createScratchDatabase } from "../test/helpers/scratch-database.ts";
import {
  type BenchReport,
  type BenchTarget,
  formatTable,
  latencyCells,
  ms,
  summarize,
  verdict,
} from "./lib.ts";
import { BENCH_APP_ENV } from "./server-process.ts";

const MESSAGES = 10_000;
const INSERT_BATCH = 500;
const WARMUP_REQUESTS = 50;
const REQUESTS = 200;
/** Bench target (BENCHMARKS.md): the first page of a 10,000-message chat in ≤ 10 ms of server time. */
const TARGET_MS = 10;
/** The page the web app asks for (LIMITS.messagePageSize, newest first), and one far up. */
const PAGE_SIZE = LIMITS.messagePageSize;
const DEEP_PAGE = Math.floor((MESSAGES * 0.9) / PAGE_SIZE);

const LINES = [
  "I was thinking about what you said yesterday, about the lighthouse and the storm.",
  "Tell me more. What did the sea look like when the lights went out?",
  "Grey, and loud. I stood at the window for an hour and just listened to it.",
  "That sounds lovely and a little frightening at the same time.",
  "Both. Like most things worth remembering, honestly. What are you doing tonight?",
];

export async function runLongChatBench(): Promise<BenchReport> {
  const benchDatabase = await createScratchDatabase({ name: "bench", postgresUrl: process.env.DATABASE_URL });
  const config = loadConfig({
    ...BENCH_APP_ENV,
    LOG_LEVEL: "silent",
    ...benchDatabase.env,
  });
  const database = createDatabase(config.database);
  try {
    await migrateToLatest(database);
    await seedCatalog(database.db, new DiskMediaStorage(config.mediaDir), { generateMedia: false });
    const app = await buildApp(
      { config, database, storage: new DiskMediaStorage(config.mediaDir) },
      { logger: false },
    );
    try {
      const registered = await app.inject({
        method: "POST",
        url: "/api/auth/register",
        payload: { email: "long-chat@example.com", password: "bench-password", first_name: "Long" },
      });
      if (registered.statusCode !== 201) throw new Error(`sign-up answered ${registered.statusCode}`);
      const { token } = registered.json<{ token: string }>();
      const headers = { authorization: `Bearer ${token}` };
      const opened = await app.inject({
        method: "POST",
        url: "/api/chats",
        headers,
        payload: { model_id: 1 },
      });
      if (opened.statusCode !== 200) throw new Error(`opening the chat answered ${opened.statusCode}`);
      const chatId = opened.json<{ id: number }>().id;

      const filled = performance.now();
      await fillChat(database.db, chatId);
      const fillSeconds = (performance.now() - filled) / 1000;

      const pages = [
        { label: `newest page (page=1, limit=${PAGE_SIZE}, reverse=true)`, page: 1, target: true },
        { label: `deep page (page=${DEEP_PAGE} of ${MESSAGES / PAGE_SIZE})`, page: DEEP_PAGE, target: false },
      ];
      const rows: string[][] = [];
      const targets: BenchTarget[] = [];
      for (const { label, page, target } of pages) {
        const url = `/api/chats/${chatId}/messages?page=${page}&limit=${PAGE_SIZE}&reverse=true`;
        const times: number[] = [];
        for (let request = 0; request < WARMUP_REQUESTS + REQUESTS; request++) {
          const started = performance.now();
          const response = await app.inject({ method: "GET", url, headers });
          const elapsed = performance.now() - started;
          if (response.statusCode !== 200) throw new Error(`${url} answered ${response.statusCode}`);
          const body = response.json<{ items: unknown[]; total_count: number }>();
          if (body.items.length !== PAGE_SIZE || body.total_count !== MESSAGES) {
            throw new Error(`${url} answered ${body.items.length} of ${body.total_count} messages`);
          }
          if (request >= WARMUP_REQUESTS) times.push(elapsed);
        }
        const summary = summarize(times);
        const met = target ? summary.p50 <= TARGET_MS && summary.p99 <= TARGET_MS : null;
        rows.push([
          label,
          ...latencyCells(summary),
          target ? `p50, p99 ≤ ${TARGET_MS} ms: ${verdict(met)}` : "(info)",
        ]);
        targets.push({
          measure: `GET a ${MESSAGES.toLocaleString("en-US")}-message chat's ${target ? "newest page" : "page deep in the history"} (server time, p50 / p99)`,
          value: `${ms(summary.p50)} / ${ms(summary.p99)} ms`,
          target: target ? `≤ ${TARGET_MS} ms` : "(info)",
          met,
        });
      }
      const setup =
        `One chat of ${MESSAGES.toLocaleString("en-US")} messages (inserted in ${fillSeconds.toFixed(1)} s, ${INSERT_BATCH} a statement) ` +
        `on ${benchDatabase.describe}; GET /api/chats/{id}/messages through app.inject in this process ` +
        `(${WARMUP_REQUESTS} warm-up requests, then ${REQUESTS} one at a time; each time is the server's alone: routing, ` +
        "authentication, the queries, presenting and serializing).";
      const table = formatTable(["request", "count", "p50 ms", "p90 ms", "p99 ms", "max ms", "target"], rows);
      console.log(
        `\n== long chat: the server's time for a page of ${MESSAGES.toLocaleString("en-US")} messages\n${setup}\n`,
      );
      console.log(table);
      return { title: "Long chat: a page of a 10,000-message chat (server)", setup, table, targets };
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
    await benchDatabase.remove();
  }
}

/**
 * The chat's history after the character's first message, written straight to the table: user
 * and character take turns, a second apart.
 */
async function fillChat(db: ReturnType<typeof createDatabase>["db"], chatId: number): Promise<void> {
  const count = MESSAGES - 1;
  const start = Date.now() - count * 1000;
  for (let first = 0; first < count; first += INSERT_BATCH) {
    const rows = Array.from({ length: Math.min(INSERT_BATCH, count - first) }, (_, offset) => {
      const index = first + offset;
      return {
        chat_id: chatId,
        sender: index % 2 === 0 ? ("user" as const) : ("model" as const),
        type: "text" as const,
        text: `${LINES[index % LINES.length]} (${index + 1})`,
        created_at: new Date(start + index * 1000).toISOString(),
      };
    });
    await db.insertInto("messages").values(rows).execute();
  }
}

if (import.meta.main) await runLongChatBench();
