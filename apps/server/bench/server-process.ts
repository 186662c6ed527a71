/**
 * The app under a bench, in a child process of its own (chat-server.ts): started, asked for its CPU
 * time and event-loop delay, and stopped over IPC.
 */
import { type ChildProcess, fork } from "node:child_process";
import { once } from "node:events";

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
