/**
 * Chat benchmark: concurrent signed-in users chat with characters while the server answers through
 * a fake OpenAI-compatible upstream with a fixed streaming schedule. Measures what the server adds:
 * POST → first socket event (typing), and the time-to-first-token overhead (first streamed `update`
 * at the client − first token sent by the upstream). The server runs in a child process; the
 * upstream and the clients run here, so both ends of every measurement are read on this process's
 * clock. Also the server's CPU time per message. Runs on SQLite with in-process jobs and events,
 * then, when DATABASE_URL (and REDIS_URL) are set, on Postgres (with BullMQ and Redis): one
 * BenchReport each. Part of `npm run bench`.
 */
import { randomBytes } from "node:crypto";
import { once } from "node:events";
import {
  Agent,
  createServer,
  type IncomingMessage,
  request,
  type Server,
  type ServerResponse,
} from "node:http";
import type { AddressInfo } from "node:net";
import type { SocketEvent } from "@reverie/shared";
import { Queue } from "bullmq";
import { Redis } from "ioredis";
import WebSocket from "ws";
import { loadConfig } from "../src/config.ts";
import { createDatabase } from "../src/db/database.ts";
import { BULLMQ_QUEUE_NAME } from "../src/queue/bullmq-queue.ts";
import { createScratchDatabase } from "../test/helpers/scratch-database.ts";
import {
  type BenchReport,
  type BenchTarget,
  formatTable,
  latencyCells,
  ms,
  type Summary,
  summarize,
  verdict,
} from "./lib.ts";
import { serverEnv, serverStats, startServer, stopServer } from "./server-process.ts";

const USERS = Number(process.env.BENCH_CHAT_USERS ?? 50);
const MESSAGES_PER_USER = Number(process.env.BENCH_CHAT_MESSAGES ?? 20);
const WARMUP_MESSAGES_PER_USER = 2;
/**
 * A user reads the reply and types the next message: uniformly this long, in ms. Faster than anyone
 * types, so 50 users send about 20 messages a second: a heavy, not an idle, chat load.
 */
const THINK_MS = { min: 1000, max: 3000 };
/** The upstream's fixed schedule: first token this long after the request, then a chunk every CHUNK_EVERY_MS. */
const UPSTREAM_FIRST_TOKEN_MS = 40;
const UPSTREAM_CHUNK_EVERY_MS = 8;
const UPSTREAM_CHUNKS = [
  "Oh",
  " hi",
  " again!",
  " I",
  " was",
  " just",
  " thinking",
  " about",
  " you",
  " and",
  " our",
  " talk.",
];
/** The model's answer to the memory extraction (structured output, decision 45): nothing to remember. */
const MEMORY_ANSWER = JSON.stringify({ facts: [] });
const REPLY_TIMEOUT_MS = 30_000;
const PUBLIC_URL = "http://reverie.bench";
/** Bench target (BENCHMARKS.md): server CPU per chat message, and the latency the server adds (ms). */
const TARGETS = { cpuMsPerMessage: 3, p50: 5, p99: 20 };
/** Messages per user on the Postgres setups: the three setups stay within about 3 minutes. */
const POSTGRES_MESSAGES_PER_USER = 8;
/** What bench/README.md found dominates the CPU per message, for a missed target. */
const CHAT_NOTES =
  "Where the server's CPU goes per message (bench/README.md, chat): 26 statements, compiled once (the POST 7; " +
  "the reply job 14, with the character's memory, the forgettings and the day's llm_usage row; the `remember` " +
  "job 4, its claim and completion included), one rule check of the message, one per streamed update, one of " +
  "the finished reply, and the memory extraction's request to the model (~0.8 ms of CPU through fetch); much " +
  "of the rest is fixed cost per event-loop wake-up on this shared 2-core VM: a message wakes the server ~17 " +
  "times (the POST, the model's answer and each of its 12 chunks, the remember job and its answer), each with " +
  "cold caches: a 13-chunk stream alone costs ~1.3 ms of CPU where the same bytes in one write cost 0.23 ms, " +
  "and a rule check ~0.1–0.4 ms in the server against 0.02–0.04 ms in a tight loop. On Postgres every step is " +
  "a round trip to a server on the same two cores: `typing` now leaves right after the POST's commit, so it " +
  "waits for the POST's own (the session, the chat and balance, begin, the message, the payment, the chat " +
  "touched, the job, commit); with Redis, the events take one more hop.";

const delay = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));

/** What the fake upstream saw of one reply, by the message's tag. */
interface UpstreamRecord {
  requestAt: number;
  firstTokenAt: number;
}

/**
 * A local OpenAI-compatible server speaking the real SSE protocol with a known schedule. It finds
 * the tag of the user's newest message in the prompt and records when the request arrived and
 * when the first token left. A request without `stream: true` gets a whole JSON completion at once.
 */
async function startFakeUpstream() {
  const records = new Map<string, UpstreamRecord>();
  let requests = 0;
  const chunk = (id: number, delta: Record<string, unknown>, finishReason: string | null = null) =>
    `data: ${JSON.stringify({
      id: `chatcmpl-bench${id}`,
      object: "chat.completion.chunk",
      created: 1_700_000_000,
      model: "bench-model",
      choices: [{ index: 0, delta, logprobs: null, finish_reason: finishReason }],
    })}\n\n`;

  const completion = (id: number, content: string) => ({
    id: `chatcmpl-bench${id}`,
    object: "chat.completion",
    created: 1_700_000_000,
    model: "bench-model",
    choices: [{ index: 0, message: { role: "assistant", content }, logprobs: null, finish_reason: "stop" }],
  });

  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const requestAt = performance.now();
    if (req.method === "GET" && req.url === "/v1/models") {
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ object: "list", data: [{ id: "bench-model", object: "model" }] }));
      return;
    }
    const parts: Buffer[] = [];
    req.on("data", (part: Buffer) => parts.push(part));
    req.on("end", () => {
      const id = ++requests;
      const body = JSON.parse(Buffer.concat(parts).toString("utf8")) as {
        messages: { role: string; content: string }[];
        stream?: boolean;
      };
      if (body.stream !== true) {
        // the one unstreamed request of a chat: the memory extraction after each reply, answered
        // at once as a model would for the bench's message, which tells nothing about the user
        res.writeHead(200, { "content-type": "application/json" });
        res.end(JSON.stringify(completion(id, MEMORY_ANSWER)));
        return;
      }
      const newest = body.messages.findLast((message) => message.role === "user")?.content ?? "";
      const tag = /\[(u\d+ m\d+)\]/.exec(newest)?.[1];
      setTimeout(() => {
        res.writeHead(200, {
          "content-type": "text/event-stream; charset=utf-8",
          "cache-control": "no-cache",
        });
        res.write(chunk(id, { role: "assistant", content: "" }) + chunk(id, { content: UPSTREAM_CHUNKS[0] }));
        if (tag) records.set(tag, { requestAt, firstTokenAt: performance.now() });
        let next = 1;
        const timer = setInterval(() => {
          if (next < UPSTREAM_CHUNKS.length) {
            res.write(chunk(id, { content: UPSTREAM_CHUNKS[next++] }));
            return;
          }
          clearInterval(timer);
          res.end(`${chunk(id, {}, "stop")}data: [DONE]\n\n`);
        }, UPSTREAM_CHUNK_EVERY_MS);
      }, UPSTREAM_FIRST_TOKEN_MS);
    });
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    records,
    async close() {
      server.closeAllConnections();
      server.close();
    },
  };
}

interface Sample {
  postStart: number;
  postEnd?: number;
  typingAt?: number;
  firstUpdateAt?: number;
  finalAt?: number;
  failed?: string;
  finished: () => void;
}

interface BenchUser {
  index: number;
  token: string;
  userId: string;
  chatId: number;
  socket: WebSocket;
  current?: Sample;
  /** events that arrived while no message of this user was in flight */
  strayEvents: number;
}

async function call<T>(
  address: string,
  method: "GET" | "POST",
  url: string,
  options: { token?: string; body?: object; headers?: Record<string, string> } = {},
): Promise<T> {
  const response = await fetch(address + url, {
    method,
    headers: {
      ...(options.body ? { "content-type": "application/json" } : {}),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...options.headers,
    },
    ...(options.body ? { body: JSON.stringify(options.body) } : {}),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${url} answered ${response.status}: ${text}`);
  return JSON.parse(text) as T;
}

const httpAgent = new Agent({ keepAlive: true });

/**
 * Sends a chat message with node:http on a kept-alive connection, the lightest client there is, so
 * the timings are the server's and not the client library's. `onSent` marks the moment the request
 * is handed to the socket. Resolves when the whole response has arrived.
 */
function sendMessage(address: string, user: BenchUser, text: string, onSent: () => void): Promise<void> {
  const body = JSON.stringify({ message: { text } });
  return new Promise((resolve, reject) => {
    const req = request(
      `${address}/api/chats/${user.chatId}/messages`,
      {
        method: "POST",
        agent: httpAgent,
        headers: {
          authorization: `Bearer ${user.token}`,
          "content-type": "application/json",
          "content-length": Buffer.byteLength(body),
        },
      },
      (res) => {
        const parts: Buffer[] = [];
        res.on("data", (part: Buffer) => parts.push(part));
        res.on("end", () => {
          if (res.statusCode === 202) resolve();
          else reject(new Error(`answered ${res.statusCode}: ${Buffer.concat(parts).toString("utf8")}`));
        });
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    onSent();
    req.end(body);
  });
}

/** Runs `task` for every item, at most `limit` at a time. */
async function eachLimited<T>(items: readonly T[], limit: number, task: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const item = items[next++] as T;
        await task(item);
      }
    }),
  );
}

/** Signs a user up (each from an IP of their own, as the per-IP sign-up limit expects), opens a chat, connects the socket. */
async function prepareUser(address: string, index: number, characterId: number): Promise<BenchUser> {
  const { token, user } = await call<{ token: string; user: { id: string } }>(
    address,
    "POST",
    "/api/auth/register",
    {
      body: { email: `bench${index}@example.com`, password: "bench-password", first_name: `User${index}` },
      headers: { "x-forwarded-for": `10.90.${index >> 8}.${index & 255}` },
    },
  );
  const chat = await call<{ id: number }>(address, "POST", "/api/chats", {
    token,
    body: { model_id: characterId },
  });
  const socket = new WebSocket(`${address.replace(/^http/, "ws")}/ws/v2?token=${encodeURIComponent(token)}`, {
    headers: { origin: PUBLIC_URL },
  });
  await new Promise<void>((resolve, reject) => {
    socket.once("open", () => resolve());
    socket.once("unexpected-response", (_request, response) =>
      reject(new Error(`the socket was refused: HTTP ${response.statusCode}`)),
    );
    socket.once("error", reject);
  });
  const benchUser: BenchUser = { index, token, userId: user.id, chatId: chat.id, socket, strayEvents: 0 };
  socket.on("message", (data) => {
    const at = performance.now();
    const text = data.toString();
    if (text === "pong") return;
    const event = JSON.parse(text) as SocketEvent;
    if ((event.action !== "add" && event.action !== "update") || event.message.chat_id !== benchUser.chatId)
      return;
    const sample = benchUser.current;
    if (!sample) {
      benchUser.strayEvents++;
      return;
    }
    const { action, message } = event;
    if (action === "add" && message.type === "typing") sample.typingAt ??= at;
    else if (action === "update" && message.type === "text" && message.text) sample.firstUpdateAt ??= at;
    else if (action === "add" && message.type === "text") {
      sample.finalAt = at;
      // the notice of a reply that finally failed has a provisional (negative) id
      if (message.id < 0) sample.failed = `reply failed: ${message.text}`;
      sample.finished();
    }
  });
  return benchUser;
}

interface Measured {
  post: number[];
  typing: number[];
  ttftOverhead: number[];
  typingToUpstream: number[];
  reply: number[];
  errors: string[];
}

async function chatLoop(
  address: string,
  user: BenchUser,
  upstream: Map<string, UpstreamRecord>,
  measured: Measured,
  messagesPerUser: number,
): Promise<void> {
  await delay(Math.random() * THINK_MS.max); // users do not all start in the same millisecond
  for (let turn = 1; turn <= WARMUP_MESSAGES_PER_USER + messagesPerUser; turn++) {
    const tag = `u${user.index} m${turn}`;
    let finished!: () => void;
    const done = new Promise<void>((resolve) => {
      finished = resolve;
    });
    const sample: Sample = { postStart: performance.now(), finished };
    user.current = sample;
    const timeout = setTimeout(() => {
      sample.failed ??= "no final reply within the timeout";
      finished();
    }, REPLY_TIMEOUT_MS);
    try {
      await sendMessage(address, user, `[${tag}] How was your day? Tell me something nice.`, () => {
        sample.postStart = performance.now();
      });
      sample.postEnd = performance.now();
    } catch (error) {
      sample.failed = `POST failed: ${(error as Error).message}`;
      finished();
    }
    await done;
    clearTimeout(timeout);
    user.current = undefined;
    if (turn > WARMUP_MESSAGES_PER_USER) record(sample, upstream.get(tag), measured);
    await delay(THINK_MS.min + Math.random() * (THINK_MS.max - THINK_MS.min));
  }
}

function record(sample: Sample, upstream: UpstreamRecord | undefined, measured: Measured): void {
  const { postStart, postEnd, typingAt, firstUpdateAt, finalAt } = sample;
  if (sample.failed || postEnd === undefined || finalAt === undefined) {
    measured.errors.push(sample.failed ?? "incomplete");
    return;
  }
  if (typingAt === undefined || firstUpdateAt === undefined || !upstream) {
    measured.errors.push("a reply arrived without typing, a streamed update or an upstream request");
    return;
  }
  measured.post.push(postEnd - postStart);
  measured.typing.push(typingAt - postStart);
  measured.ttftOverhead.push(firstUpdateAt - upstream.firstTokenAt);
  measured.typingToUpstream.push(upstream.requestAt - typingAt);
  measured.reply.push(finalAt - postStart);
}

/** One way of running the server: its database and where its jobs and events go. */
interface ChatSetup {
  title: string;
  postgresUrl?: string;
  redisUrl?: string;
  messagesPerUser: number;
}

/**
 * The setups the bench measures: SQLite with the in-process queue and events (the default), then
 * Postgres when DATABASE_URL is set, and Postgres with BullMQ and Redis pub/sub when REDIS_URL is
 * set too. The last two send fewer messages each, so the three stay within about 3 minutes.
 */
function chatSetups(): ChatSetup[] {
  const setups: ChatSetup[] = [
    { title: "Chat: SQLite, in-process jobs and events", messagesPerUser: MESSAGES_PER_USER },
  ];
  const postgresUrl = process.env.DATABASE_URL;
  if (!postgresUrl) return setups;
  const fewer = Math.min(MESSAGES_PER_USER, POSTGRES_MESSAGES_PER_USER);
  setups.push({
    title: "Chat: Postgres, database job queue, in-process events",
    postgresUrl,
    messagesPerUser: fewer,
  });
  const redisUrl = process.env.REDIS_URL;
  if (redisUrl) {
    setups.push({
      title: "Chat: Postgres, BullMQ jobs and events through Redis",
      postgresUrl,
      redisUrl,
      messagesPerUser: fewer,
    });
  }
  return setups;
}

/** Runs the chat bench on every setup this environment offers (chatSetups), one report each. */
export async function runChatBench(): Promise<BenchReport[]> {
  const reports: BenchReport[] = [];
  for (const setup of chatSetups()) reports.push(await runChatSetup(setup));
  return reports;
}

async function runChatSetup(setup: ChatSetup): Promise<BenchReport> {
  const upstream = await startFakeUpstream();
  const benchDatabase = await createScratchDatabase({ name: "bench", postgresUrl: setup.postgresUrl });
  const env = serverEnv(
    {
      // a CPU profile of the server over the measured messages only (chat-server.ts)
      ...(process.env.BENCH_CPU_PROFILE ? { BENCH_CPU_PROFILE: process.env.BENCH_CPU_PROFILE } : {}),
      LOG_LEVEL: "silent",
      // each simulated user signs up from an address of its own, told by X-Forwarded-For
      TRUST_PROXY: "loopback",
      PUBLIC_URL,
      SEED_MEDIA: "false",
      LLM_BASE_URL: upstream.baseUrl,
      LLM_MODEL: "bench-model",
      ...benchDatabase.env,
      // BullMQ keys of its own: another database's workers on the same Redis would take its jobs
      ...(setup.redisUrl
        ? { REDIS_URL: setup.redisUrl, JOB_QUEUE_PREFIX: `reverie-bench-${randomBytes(6).toString("hex")}` }
        : {}),
    },
    { nodeOptions: true },
  );
  const config = loadConfig(env);
  const { messagesPerUser } = setup;
  let server: Awaited<ReturnType<typeof startServer>> | undefined;
  const users: BenchUser[] = [];
  try {
    server = await startServer(env);
    const { address } = server;
    const characters = (await call<{ items: { id: number }[] }>(address, "GET", "/api/models?gender=female"))
      .items;
    if (characters.length === 0) throw new Error("the seed has no characters");

    // sign-up hashes passwords (argon2id): a few at a time
    const indexes = Array.from({ length: USERS }, (_, index) => index + 1);
    await eachLimited(indexes, 4, async (index) => {
      users.push(await prepareUser(address, index, characters[index % characters.length]?.id ?? 0));
    });
    // premium, so the free-message quota does not end the run
    const database = createDatabase(config.database);
    try {
      await database.db
        .updateTable("users")
        .set({ plan: "premium" })
        .where(
          "id",
          "in",
          users.map((user) => user.userId),
        )
        .execute();
    } finally {
      await database.close();
    }

    const measured: Measured = {
      post: [],
      typing: [],
      ttftOverhead: [],
      typingToUpstream: [],
      reply: [],
      errors: [],
    };
    const keepAlive = setInterval(() => {
      for (const user of users) if (user.socket.readyState === WebSocket.OPEN) user.socket.send("ping");
    }, 30_000);
    // from here on, the server's CPU time is the messages' (sign-ups and start-up are before)
    const statsBefore = await serverStats(server.child);
    const benchCpuBefore = process.cpuUsage();
    const started = performance.now();
    try {
      await Promise.all(
        users.map((user) => chatLoop(address, user, upstream.records, measured, messagesPerUser)),
      );
    } finally {
      clearInterval(keepAlive);
    }
    const seconds = (performance.now() - started) / 1000;
    const statsAfter = await serverStats(server.child);
    const serverCpu = statsAfter.cpuMs - statsBefore.cpuMs;
    const benchCpuUsage = process.cpuUsage(benchCpuBefore);
    const benchCpu = (benchCpuUsage.user + benchCpuUsage.system) / 1000;
    const sent = USERS * (WARMUP_MESSAGES_PER_USER + messagesPerUser);
    const cpuPerMessage = serverCpu / sent;

    const description =
      `${USERS} concurrent users, ${messagesPerUser} measured messages each (after ${WARMUP_MESSAGES_PER_USER} warm-up), ` +
      `think ${THINK_MS.min}-${THINK_MS.max} ms between replies; the server (buildApp, NODE_ENV=production, in a ` +
      `process of its own on 127.0.0.1) on ${benchDatabase.describe}, ${config.jobQueue.kind} job queue, ` +
      `${config.redisUrl ? "events through Redis" : "in-process events"}; a fake OpenAI-compatible upstream in the ` +
      `bench process (first token ${UPSTREAM_FIRST_TOKEN_MS} ms after the request, then ${UPSTREAM_CHUNKS.length - 1} ` +
      `chunks ${UPSTREAM_CHUNK_EVERY_MS} ms apart); clients and upstream share one clock.`;
    console.log(`\n== ${setup.title}\n${description}\n`);
    const typing = summarize(measured.typing);
    const ttft = summarize(measured.ttftOverhead);
    const rows: { label: string; summary: Summary; target: boolean }[] = [
      { label: "POST → first socket event (typing)", summary: typing, target: true },
      { label: "TTFT overhead (first update − upstream first token)", summary: ttft, target: true },
      { label: "POST response time", summary: summarize(measured.post), target: false },
      {
        label: "typing → upstream request received",
        summary: summarize(measured.typingToUpstream),
        target: false,
      },
      {
        label: "POST → final reply (incl. upstream stream)",
        summary: summarize(measured.reply),
        target: false,
      },
    ];
    const latencyVerdict = (summary: Summary) =>
      `p50 ${verdict(summary.p50 <= TARGETS.p50)}, p99 ${verdict(summary.p99 <= TARGETS.p99)}`;
    const table = formatTable(
      [
        "measure",
        "count",
        "p50 ms",
        "p90 ms",
        "p99 ms",
        "max ms",
        `target p50 ≤ ${TARGETS.p50}, p99 ≤ ${TARGETS.p99}`,
      ],
      rows.map(({ label, summary, target }) => [
        label,
        ...latencyCells(summary),
        target ? latencyVerdict(summary) : "(info)",
      ]),
    );
    console.log(table);
    const stray = users.reduce((sum, user) => sum + user.strayEvents, 0);
    const throughput =
      `${sent} messages sent in ${seconds.toFixed(1)} s (${(sent / seconds).toFixed(1)} per second), ${measured.reply.length} measured; ` +
      `${measured.errors.length} failed${stray ? `; ${stray} events arrived with no message in flight` : ""}`;
    const cpu =
      `server CPU ${cpuPerMessage.toFixed(1)} ms per message (${Math.round((serverCpu / 1000 / seconds) * 100)}% of a core); ` +
      `clients and upstream ${Math.round((benchCpu / 1000 / seconds) * 100)}% of a core; ` +
      `server event-loop delay p50 ${ms(statsAfter.loopDelayMs.p50)} ms, p99 ${ms(statsAfter.loopDelayMs.p99)} ms, max ${ms(statsAfter.loopDelayMs.max)} ms`;
    console.log(`\n${throughput}\n${cpu}`);
    for (const [reason, count] of countBy(measured.errors)) console.log(`  ${count}× ${reason}`);
    const targets: BenchTarget[] = [
      {
        measure: "server CPU per chat message (POST, reply job, stream, socket events)",
        value: `${cpuPerMessage.toFixed(1)} ms`,
        target: `≤ ${TARGETS.cpuMsPerMessage} ms`,
        met: cpuPerMessage <= TARGETS.cpuMsPerMessage,
      },
      ...latencyTargets("POST → typing", typing),
      ...latencyTargets("TTFT overhead", ttft),
      {
        measure: "messages that failed",
        value: String(measured.errors.length),
        target: "0",
        met: measured.errors.length === 0,
      },
    ];
    const missed = targets.some((target) => target.met === false);
    console.log(missed ? "chat targets MISSED (see above)" : "all chat targets met");
    return {
      title: setup.title,
      setup: description,
      table: `${table}\n\n${throughput}\n${cpu}`,
      targets,
      ...(missed ? { notes: [CHAT_NOTES] } : {}),
    };
  } finally {
    for (const user of users) user.socket.terminate();
    if (server) await stopServer(server.child);
    await upstream.close();
    if (config.redisUrl) await removeJobQueue(config.redisUrl, config.jobQueue.prefix);
    await benchDatabase.remove();
  }
}

function latencyTargets(name: string, summary: Summary): BenchTarget[] {
  return [
    {
      measure: `${name} p50`,
      value: `${ms(summary.p50)} ms`,
      target: `≤ ${TARGETS.p50} ms`,
      met: summary.p50 <= TARGETS.p50,
    },
    {
      measure: `${name} p99`,
      value: `${ms(summary.p99)} ms`,
      target: `≤ ${TARGETS.p99} ms`,
      met: summary.p99 <= TARGETS.p99,
    },
  ];
}

function countBy(values: readonly string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return counts;
}

/** Deletes the bench's BullMQ keys (its prefix is its own). */
async function removeJobQueue(redisUrl: string, prefix: string): Promise<void> {
  const connection = new Redis(redisUrl, { maxRetriesPerRequest: null });
  const queue = new Queue(BULLMQ_QUEUE_NAME, { connection, prefix });
  try {
    await queue.obliterate({ force: true });
  } finally {
    await queue.close();
    await connection.quit();
  }
}

if (import.meta.main) await runChatBench();
