/**
 * The app under a bench, in a child process of its own (chat-server.ts): started, asked for its CPU
 * time and event-loop delay, and stopped over IPC.
 */
import { type ChildProcess, fork } from "node:child_process";
import { once } from "node:events";

/**
 * What every bench runs the app with: production, with the embedded test checkout and one signing
 * secret for every process (production refuses both unset).
 */
export const BENCH_APP_ENV = {
  NODE_ENV: "production",
  ALLOW_TEST_CHECKOUT: "true",
  AUTH_SECRET: "bench-secret-bench-secret-bench-secret-0001",
} as const;

/**
 * A bench server's environment: PATH, BENCH_SERVER_NODE_OPTIONS as its NODE_OPTIONS when asked
 * (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof": a V8 CPU profile of the server, to see where time
 * goes), BENCH_APP_ENV, then `env`.
 */
export function serverEnv(
  env: Record<string, string>,
  options: { nodeOptions?: boolean } = {},
): Record<string, string> {
  const nodeOptions = options.nodeOptions ? process.env.BENCH_SERVER_NODE_OPTIONS : undefined;
  return {
    PATH: process.env.PATH ?? "",
    ...(nodeOptions ? { NODE_OPTIONS: nodeOptions } : {}),
    ...BENCH_APP_ENV,
    ...env,
  };
}

/** The app as `npm start` runs it, in a child process; resolves once it listens. */
export async function startServer(
  env: Record<string, string>,
): Promise<{ child: ChildProcess; address: string }> {
  const child = fork(new URL("./chat-server.ts", import.meta.url), {
    execArgv: ["--disable-warning=ExperimentalWarning"],
    env,
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const address = await new Promise<string>((resolve, reject) => {
    child.once("message", (message) => resolve((message as { address: string }).address));
    child.once("exit", (code) => reject(new Error(`the bench server exited early (code ${code})`)));
    child.once("error", reject);
  });
  return { child, address };
}

export interface ServerStats {
  /** CPU time so far (user + system) */
  cpuMs: number;
  /** how late the server's event loop ran, since the previous call */
  loopDelayMs: { p50: number; p99: number; max: number };
}

export async function serverStats(child: ChildProcess): Promise<ServerStats> {
  const reply = new Promise<ServerStats>((resolve) => {
    const onMessage = (message: unknown) => {
      if (typeof (message as Partial<ServerStats>).cpuMs !== "number") return;
      child.off("message", onMessage);
      resolve(message as ServerStats);
    };
    child.on("message", onMessage);
  });
  child.send("stats");
  return reply;
}

export async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = once(child, "exit");
  child.send("stop");
  const forced = setTimeout(() => child.kill("SIGKILL"), 10_000);
  await exited;
  clearTimeout(forced);
}
