/**
 * Sign-in flood benchmark: hundreds of failed sign-ins arrive at once, each from a client address
 * of its own (X-Forwarded-For from a trusted loopback proxy), while two probes keep loading a static
 * file (`/`) and `/api/health`. Every failed sign-in costs an argon2id derivation (~50 ms of a
 * core and a libuv threadpool thread); what this measures is whether the rest of the app stays
 * responsive meanwhile. Two floods: one account (past its ceiling the attempts are slowed, so they
 * arrive at the hashing line in a burst) and one email each (credential stuffing: every attempt is
 * hashed at once). The server runs in a child process. Part of `npm run bench`.
 */
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
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
import { serverEnv, serverStats, startServer, stopServer } from "./server-process.ts";

const FLOOD_SIZE = Number(process.env.BENCH_FLOOD_SIZE ?? 300);
/** the page (SPA fallback), a static script, the health check */
const PROBE_ROUTES = ["/", "/assets/index-3f2a1b.js", "/api/health"] as const;
const PROBE_EVERY_MS = 10;
const IDLE_PROBE_MS = 2_000;
const TARGET_P99_MS = 100;
const ACCOUNT = "flood-target@example.com";

const delay = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));

/** A stand-in for the built web app: an index.html and a script of realistic sizes. */
async function writeWebApp(dir: string): Promise<void> {
  const filler = "<!-- padding to the size of the real index.html -->\n".repeat(40);
  await writeFile(
    path.join(dir, "index.html"),
    `<!doctype html><html><head><title>Reverie</title></head><body><div id=root></div>${filler}</body></html>`,
  );
  await mkdir(path.join(dir, "assets"));
  await writeFile(
    path.join(dir, "assets", "index-3f2a1b.js"),
    `console.log(${JSON.stringify("x".repeat(100))});\n`.repeat(1_000),
  );
}

/** Loads each route again and again until `until` settles; one request at a time per route. */
async function probe(baseUrl: string, until: Promise<unknown>) {
  let done = false;
  void until.finally(() => {
    done = true;
  });
  const latencies = new Map<string, number[]>(PROBE_ROUTES.map((route) => [route, []]));
  await Promise.all(
    PROBE_ROUTES.map(async (route) => {
      while (!done) {
        const started = performance.now();
        const response = await fetch(baseUrl + route, { headers: { accept: "text/html,*/*" } });
        await response.arrayBuffer();
        if (!response.ok) throw new Error(`${route} answered ${response.status}`);
        latencies.get(route)?.push(performance.now() - started);
        await delay(PROBE_EVERY_MS);
      }
    }),
  );
  return latencies;
}

interface FloodResult {
  statuses: Map<number, number>;
  latencies: number[];
  seconds: number;
}

/** Sends every failed sign-in at once, each from its own address; resolves when all are answered. */
async function flood(baseUrl: string, emailOf: (index: number) => string, run: number): Promise<FloodResult> {
  const statuses = new Map<number, number>();
  const latencies: number[] = [];
  const started = performance.now();
  await Promise.all(
    Array.from({ length: FLOOD_SIZE }, async (_, index) => {
      const sent = performance.now();
      const response = await fetch(`${baseUrl}/api/auth/login`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "x-forwarded-for": `10.${100 + run}.${index >> 8}.${index & 255}`,
        },
        body: JSON.stringify({ email: emailOf(index), password: "not-the-password" }),
      });
      await response.arrayBuffer();
      latencies.push(performance.now() - sent);
      statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
    }),
  );
  return { statuses, latencies, seconds: (performance.now() - started) / 1000 };
}

function probeRows(
  phase: string,
  latencies: Map<string, number[]>,
  targets: BenchTarget[] | null,
): string[][] {
  return PROBE_ROUTES.map((route) => {
    const summary = summarize(latencies.get(route) ?? []);
    const met = targets ? summary.p99 <= TARGET_P99_MS : null;
    targets?.push({
      measure: `${route} p99 (${phase})`,
      value: `${ms(summary.p99)} ms`,
      target: `≤ ${TARGET_P99_MS} ms`,
      met,
    });
    return [`${route} (${phase})`, ...latencyCells(summary), verdict(met)];
  });
}

export async function runSignInFloodBench(): Promise<BenchReport> {
  const benchDatabase = await createScratchDatabase({ name: "bench", postgresUrl: process.env.DATABASE_URL });
  const webDir = await mkdtemp(path.join(tmpdir(), "reverie-bench-web-"));
  await writeWebApp(webDir);
  const env = serverEnv(
    {
      LOG_LEVEL: "silent",
      PUBLIC_URL: "http://reverie.bench",
      SEED_MEDIA: "false",
      // the flood's clients are told apart by X-Forwarded-For, as behind a reverse proxy on this machine
      TRUST_PROXY: "loopback",
      WEB_DIST_DIR: webDir,
      ...benchDatabase.env,
    },
    { nodeOptions: true },
  );
  let server: Awaited<ReturnType<typeof startServer>> | undefined;
  try {
    server = await startServer(env);
    const baseUrl = `${server.address}`;
    const signUp = await fetch(`${baseUrl}/api/auth/register`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": "10.99.0.1" },
      body: JSON.stringify({ email: ACCOUNT, password: "the-password" }),
    });
    if (signUp.status !== 201) throw new Error(`sign-up answered ${signUp.status}`);

    const idle = await probe(baseUrl, delay(IDLE_PROBE_MS));
    await serverStats(server.child);

    const floods = [
      { label: "one account", emailOf: () => ACCOUNT },
      { label: "one email each", emailOf: (index: number) => `stuffed-${index}@example.com` },
    ];
    const targets: BenchTarget[] = [];
    const rows = probeRows("idle", idle, null);
    const outcomes: string[] = [];
    for (const [run, { label, emailOf }] of floods.entries()) {
      const attack = flood(baseUrl, emailOf, run);
      const during = await probe(baseUrl, attack);
      const result = await attack;
      const stats = await serverStats(server.child);
      rows.push(...probeRows(`flood: ${label}`, during, targets));
      const sign = summarize(result.latencies);
      const statuses = [...result.statuses.entries()]
        .sort(([a], [b]) => a - b)
        .map(([status, count]) => `${count}× ${status}`)
        .join(", ");
      outcomes.push(
        `flood "${label}": ${statuses} in ${result.seconds.toFixed(1)} s; sign-in answers p50 ${ms(sign.p50)} ms, ` +
          `p99 ${ms(sign.p99)} ms; server event-loop delay p99 ${ms(stats.loopDelayMs.p99)} ms, max ${ms(stats.loopDelayMs.max)} ms`,
      );
    }

    console.log(
      `\n== sign-in flood: ${FLOOD_SIZE} failed sign-ins sent at once, each from its own address, ` +
        `while / and /api/health are loaded one request at a time (every ${PROBE_EVERY_MS} ms)`,
    );
    console.log(`server: buildApp in a child process on 127.0.0.1, ${benchDatabase.describe}\n`);
    const table = formatTable(
      ["probe", "count", "p50 ms", "p90 ms", "p99 ms", "max ms", `target p99 ≤ ${TARGET_P99_MS}`],
      rows,
    );
    console.log(table);
    console.log(`\n${outcomes.join("\n")}`);
    return {
      title: "Sign-in flood",
      setup:
        `${FLOOD_SIZE} failed sign-ins sent at once (at one account, then one email each), each from its own ` +
        `address, while the page, a static script and /api/health are loaded one request at a time; the app ` +
        `in a child process, ${benchDatabase.describe.replace(/ \(.*$/, "")}.`,
      table,
      targets,
      notes: outcomes,
    };
  } finally {
    if (server) await stopServer(server.child);
    await benchDatabase.remove();
    await rm(webDir, { recursive: true, force: true });
  }
}

if (import.meta.main) await runSignInFloodBench();
