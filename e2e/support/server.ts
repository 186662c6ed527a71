import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port")),
      );
    });
  });
}

async function waitForHealth(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`server exited with code ${child.exitCode} before it was ready`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`server at ${url} was not healthy within ${timeoutMs} ms`);
}

export interface RunningServer {
  port: number;
  /** the server's SQLite file */
  sqlitePath: string;
  /** Stops the server process and deletes its data. */
  stop(): Promise<void>;
  /** Stops the server process, keeping its data: the server is down until `restart`. */
  kill(): Promise<void>;
  /** Starts the server again on the same port and data (after `kill`); resolves once it is healthy. */
  restart(): Promise<void>;
}

function spawnServer(serverEnv: NodeJS.ProcessEnv): ChildProcess {
  return spawn(process.execPath, ["--disable-warning=ExperimentalWarning", "apps/server/src/main.ts"], {
    cwd: root,
    env: serverEnv,
    stdio: ["ignore", "inherit", "inherit"],
  });
}

async function killServer(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null || server.signalCode !== null) return;
  const exited = new Promise((resolve) => server.once("exit", resolve));
  server.kill("SIGTERM");
  await exited;
}

/**
 * Starts the real server, as `npm start` does, on a free port with a database of its own, on the
 * embedded default (SQLite, in-process queue, offline providers). Media are rendered into the
 * repo's data/media once and reused by later runs. `env` adds to or overrides the defaults.
 */
export async function startServer(env: (port: number) => NodeJS.ProcessEnv): Promise<RunningServer> {
  const dataDir = await mkdtemp(path.join(tmpdir(), "reverie-e2e-"));
  const port = await freePort();
  const serverEnv: NodeJS.ProcessEnv = {
    ...process.env,
    // "test" keeps the dev mailbox on, where the browser tests read reset codes and sign-in links
    NODE_ENV: "test",
    HOST: "127.0.0.1",
    PORT: String(port),
    DATA_DIR: dataDir,
    MEDIA_DIR: path.join(root, "data", "media"),
    LOG_LEVEL: "warn",
    ...env(port),
  };
  delete serverEnv.DATABASE_URL;
  delete serverEnv.REDIS_URL;
  let server = spawnServer(serverEnv);
  try {
    await waitForHealth(`http://127.0.0.1:${port}`, server, 180_000);
  } catch (error) {
    server.kill("SIGTERM");
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
  return {
    port,
    sqlitePath: path.join(dataDir, "reverie.sqlite"),
    async stop() {
      await killServer(server);
      await rm(dataDir, { recursive: true, force: true });
    },
    kill: () => killServer(server),
    async restart() {
      await killServer(server);
      server = spawnServer(serverEnv);
      await waitForHealth(`http://127.0.0.1:${port}`, server, 180_000);
    },
  };
}

/**
 * A server of the test file's (or describe's) own, started before its tests and stopped after
 * them, for settings the shared server does not have. `env` is read when it starts, so it may use
 * what earlier beforeAll hooks set up.
 */
export function useOwnServer(env: (port: number) => NodeJS.ProcessEnv) {
  let server: RunningServer | undefined;
  beforeAll(async () => {
    server = await startServer(env);
  });
  afterAll(async () => {
    await server?.stop();
  });
  const running = () => {
    if (!server) throw new Error("the test's own server is not running");
    return server;
  };
  return {
    port: () => running().port,
    /** where the pages of this server are opened: http://127.0.0.1:<port> */
    base: () => `http://127.0.0.1:${running().port}`,
    sqlitePath: () => running().sqlitePath,
    /** takes the server down, keeping its data */
    kill: () => running().kill(),
    /** brings it back on the same port and data */
    restart: () => running().restart(),
  };
}
