/**
 * Sockets benchmark: how many idle signed-in sockets one server process holds, and what they cost.
 * The app runs in this process (so its memory is read here) on a scratch database with one user and
 * one session per socket; the clients run in two child processes (socket-clients.ts), each socket
 * from a loopback source address of its own range, pinging every 30 s. After every socket has
 * pinged at least once, an event is published to every user and the bench waits until every socket
 * has it. Part of `npm run bench`.
 */
import { type ChildProcess, fork } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { monitorEventLoopDelay } from "node:perf_hooks";
import type { SocketEvent } from "@reverie/shared";
import { buildApp } from "../src/app.ts";
import { loadConfig } from "../src/config.ts";
import { createDatabase } from "../src/db/database.ts";
import { migrateToLatest } from "../src/db/migrator.ts";
import { DiskMediaStorage } from "../src/media/storage.ts";
import { MemoryEventBus } from "../src/realtime/bus.ts";
import { createScratchDatabase } from "../test/helpers/scratch-database.ts";
import { type BenchReport, formatTable, verdict } from "./lib.ts";
import { BENCH_APP_ENV } from "./server-process.ts";
import type { ClientCommand, ClientReport } from "./socket-clients.ts";

const TARGET_SOCKETS = 20_000;
const TARGET_RSS_MIB = 1024;
const CLIENT_PROCESSES = 2;
/** 127.0.0.2 … 127.0.0.21: ~1,000 connections per source address, far from its ~28,000 ports */
const SOURCE_ADDRESSES = Array.from({ length: 20 }, (_, index) => `127.0.0.${index + 2}`);
/** longer than the clients' 30 s ping period, so every socket has pinged and been answered */
const IDLE_HOLD_MS = 35_000;
const BROADCAST_TIMEOUT_MS = 60_000;
/** descriptors the server needs besides its sockets (listener, database, stdio, epoll, workers) */
const RESERVED_DESCRIPTORS = 200;

const delay = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));
const mib = (bytes: number) => bytes / 1024 / 1024;

/** This process's open-file limit: a socket is a descriptor, so it caps the sockets one process holds. */
function openFileLimit(): number {
  const line = readFileSync("/proc/self/limits", "utf8")
    .split("\n")
    .find((row) => row.startsWith("Max open files"));
  const soft = Number(line?.split(/\s{2,}/)[1]);
  return Number.isFinite(soft) ? soft : Number.POSITIVE_INFINITY;
}

function ask<T extends ClientReport["kind"]>(
  child: ChildProcess,
  command: ClientCommand,
  kind: T,
): Promise<Extract<ClientReport, { kind: T }>> {
  return new Promise((resolve) => {
    const onMessage = (message: ClientReport) => {
      if (message.kind !== kind) return;
      child.off("message", onMessage);
      resolve(message as Extract<ClientReport, { kind: T }>);
    };
    child.on("message", onMessage);
    child.send(command);
  });
}

async function totals(clients: ChildProcess[]) {
  const reports = await Promise.all(clients.map((child) => ask(child, { kind: "stats" }, "stats")));
  return reports.reduce(
    (sum, report) => ({
      open: sum.open + report.open,
      pongs: sum.pongs + report.pongs,
      events: sum.events + report.events,
      closed: sum.closed + report.closed,
    }),
    { open: 0, pongs: 0, events: 0, closed: 0 },
  );
}

/**
 * Runs the bench in a process of its own, so the memory it reads is the server's alone, not what
 * earlier benchmarks of `npm run bench` left in this one.
 */
export async function runSocketsBench(): Promise<BenchReport> {
  const child = fork(import.meta.filename, {
    execArgv: ["--disable-warning=ExperimentalWarning", "--expose-gc"],
    env: { ...process.env, BENCH_SOCKETS_SERVER: "1" },
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  return new Promise((resolve, reject) => {
    child.once("message", (report: BenchReport) => resolve(report));
    child.once("exit", (code) => reject(new Error(`the sockets bench exited early (code ${code})`)));
    child.once("error", reject);
  });
}

async function measureSockets(): Promise<BenchReport> {
  const limit = openFileLimit();
  const count = Math.min(TARGET_SOCKETS, limit - RESERVED_DESCRIPTORS);
  const scratch = await createScratchDatabase({ name: "bench_sockets" });
  const config = loadConfig({
    ...BENCH_APP_ENV,
    LOG_LEVEL: "silent",
    ...scratch.env,
  });
  const database = createDatabase(config.database);
  const bus = new MemoryEventBus();
  const clients: ChildProcess[] = [];
  try {
    await migrateToLatest(database);
    const userIds: string[] = [];
    const tokens: string[] = [];
    const now = new Date().toISOString();
    const expires = new Date(Date.now() + 6 * 24 * 3600 * 1000).toISOString();
    for (let batch = 0; batch < count; batch += 500) {
      const size = Math.min(500, count - batch);
      const users = Array.from({ length: size }, (_, index) => ({
        id: randomUUID(),
        name: "",
        email: `idle-${batch + index}@sockets.bench`,
        email_verified: false,
        created_at: now,
        updated_at: now,
      }));
      const sessions = users.map((user) => ({
        id: randomUUID(),
        token: randomBytes(16).toString("hex"),
        user_id: user.id,
        expires_at: expires,
        created_at: now,
        updated_at: now,
      }));
      await database.db.insertInto("users").values(users).execute();
      await database.db.insertInto("sessions").values(sessions).execute();
      userIds.push(...users.map((user) => user.id));
      tokens.push(...sessions.map((session) => session.token));
    }

    const app = await buildApp(
      { config, database, storage: new DiskMediaStorage(config.mediaDir), bus },
      { logger: false },
    );
    const address = await app.listen({ host: "127.0.0.1", port: 0 });
    try {
      console.log(
        `\n== sockets: ${count} idle signed-in sockets (open-file limit ${limit}), app in a process of its own, ` +
          `clients in ${CLIENT_PROCESSES} processes from ${SOURCE_ADDRESSES.length} loopback addresses\n`,
      );
      global.gc?.();
      const rssBefore = process.memoryUsage().rss;
      const cpuBefore = process.cpuUsage();
      const openStarted = performance.now();
      for (let index = 0; index < CLIENT_PROCESSES; index++) {
        clients.push(
          fork(new URL("./socket-clients.ts", import.meta.url), {
            execArgv: ["--disable-warning=ExperimentalWarning"],
            stdio: ["ignore", "inherit", "inherit", "ipc"],
          }),
        );
      }
      const opened = await Promise.all(
        clients.map((child, index) =>
          ask(
            child,
            {
              kind: "open",
              url: `${address.replace("http", "ws")}/ws/v2`,
              tokens: tokens.filter((_, position) => position % CLIENT_PROCESSES === index),
              sourceAddresses: SOURCE_ADDRESSES,
            },
            "opened",
          ),
        ),
      );
      const openSeconds = (performance.now() - openStarted) / 1000;
      const openCpu = process.cpuUsage(cpuBefore);
      const failed = opened.reduce((sum, report) => sum + report.failed, 0);
      const firstError = opened.find((report) => report.firstError)?.firstError;
      if (failed > 0) console.log(`  ${failed} sockets failed to open, first: ${firstError}`);

      const loopDelay = monitorEventLoopDelay({ resolution: 10 });
      loopDelay.enable();
      const idleCpuBefore = process.cpuUsage();
      await delay(IDLE_HOLD_MS);
      const idleCpu = process.cpuUsage(idleCpuBefore);
      loopDelay.disable();
      global.gc?.();
      const memory = process.memoryUsage();
      const held = await totals(clients);

      const event: SocketEvent = {
        action: "status_change",
        message: {
          chat_id: 0,
          message_id: 0,
          type: "text",
          status_information: { status: "bench", data: {} },
        },
      };
      const broadcastStarted = performance.now();
      for (const userId of userIds) await bus.publish(userId, event);
      const publishMs = performance.now() - broadcastStarted;
      let reached = await totals(clients);
      while (reached.events < held.open && performance.now() - broadcastStarted < BROADCAST_TIMEOUT_MS) {
        await delay(20);
        reached = await totals(clients);
      }
      const broadcastMs = performance.now() - broadcastStarted;

      const rssMib = mib(memory.rss);
      const perSocketKib = (memory.rss - rssBefore) / 1024 / Math.max(1, held.open);
      const rows = [
        ["sockets open after the idle hold", String(held.open)],
        ["failed to open", String(failed)],
        ["closed by the server", String(held.closed)],
        ["opened in (s)", openSeconds.toFixed(1)],
        ["server CPU per socket opened (ms)", ((openCpu.user + openCpu.system) / 1000 / count).toFixed(2)],
        ["pongs received in the hold", String(held.pongs)],
        ["server RSS (MiB)", rssMib.toFixed(0)],
        ["server heap used (MiB)", mib(memory.heapUsed).toFixed(0)],
        ["RSS per socket (KiB)", perSocketKib.toFixed(1)],
        [
          `server CPU while idle (% of a core, ${IDLE_HOLD_MS / 1000} s)`,
          (((idleCpu.user + idleCpu.system) / 1000 / IDLE_HOLD_MS) * 100).toFixed(1),
        ],
        ["event-loop delay while idle, p99 (ms)", (loopDelay.percentile(99) / 1e6).toFixed(1)],
        ["broadcast: publish to every user (ms)", publishMs.toFixed(0)],
        ["broadcast: until every socket had it (ms)", broadcastMs.toFixed(0)],
        ["broadcast: sockets reached", `${reached.events} of ${held.open}`],
      ];
      const table = formatTable(["measure", "value"], rows);
      console.log(table);
      const projectedMib = mib(rssBefore) + (perSocketKib * TARGET_SOCKETS) / 1024;
      const limited = count < TARGET_SOCKETS;
      const report: BenchReport = {
        title: "Idle sockets",
        setup:
          `${count} signed-in sockets (one user and session each) on one server process (the app in a process ` +
          `of its own), clients in ${CLIENT_PROCESSES} child processes spread over ${SOURCE_ADDRESSES.length} loopback ` +
          `addresses, pinging every 30 s; held ${IDLE_HOLD_MS / 1000} s, then one event published to every user.`,
        table,
        targets: [
          {
            measure: "idle signed-in sockets held by one process",
            value: String(held.open),
            target: `≥ ${TARGET_SOCKETS.toLocaleString("en")}`,
            met: held.open >= TARGET_SOCKETS,
          },
          {
            measure: "server RSS with them open",
            value: `${rssMib.toFixed(0)} MiB`,
            target: `≤ ${TARGET_RSS_MIB} MiB`,
            met: rssMib <= TARGET_RSS_MIB,
          },
          {
            measure: "a broadcast reaches every socket",
            value: `${reached.events} of ${held.open} in ${broadcastMs.toFixed(0)} ms`,
            target: "all",
            met: reached.events >= held.open && held.open === count,
          },
        ],
      };
      if (limited) {
        report.notes = [
          `This machine caps a process at ${limit} open files (the hard limit; raising it needs CAP_SYS_RESOURCE, ` +
            `which the sandbox does not give), and every socket is one, so the bench holds ${count}. ` +
            `At ${perSocketKib.toFixed(1)} KiB per socket, ${TARGET_SOCKETS.toLocaleString("en")} sockets would take ` +
            `about ${projectedMib.toFixed(0)} MiB (${verdict(projectedMib <= TARGET_RSS_MIB)} against ${TARGET_RSS_MIB} MiB).`,
        ];
      }
      return report;
    } finally {
      await Promise.all(
        clients.map(async (child) => {
          if (child.exitCode !== null) return;
          const exited = new Promise((resolve) => child.once("exit", resolve));
          child.send({ kind: "close" } satisfies ClientCommand);
          await exited;
        }),
      );
      await app.close();
    }
  } finally {
    await database.close();
    await scratch.remove();
  }
}

if (process.env.BENCH_SOCKETS_SERVER === "1") {
  const report = await measureSockets();
  process.send?.(report, () => process.exit(0));
} else if (import.meta.main) {
  await runSocketsBench();
}
