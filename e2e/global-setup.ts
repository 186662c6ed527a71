import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { startOidcServer } from "../apps/server/test/helpers/oidc-server.ts";

const root = path.resolve(import.meta.dirname, "..");

declare module "vitest" {
  export interface ProvidedContext {
    baseURL: string;
    /** the server's SQLite file, for tests that arrange an account's plan or quota */
    sqlitePath: string;
  }
}

function freePort(): Promise<number> {
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

/**
 * Starts the real server, as `npm start` does, on a free port with a database of its own.
 * Media are rendered into the repo's data/media once and reused by later runs.
 */
export default async function setup(project: TestProject) {
  if (!existsSync(path.join(root, "apps/web/dist/index.html"))) {
    throw new Error(
      "The web app is not built: run `npm run build` (npm test does it) before the browser tests.",
    );
  }
  const dataDir = await mkdtemp(path.join(tmpdir(), "reverie-e2e-"));
  // a real OpenID Connect provider on loopback plays Google for the popup sign-in
  const oidc = await startOidcServer();
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    // "test" keeps the dev mailbox on, where the browser tests read reset codes and sign-in links
    NODE_ENV: "test",
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    GOOGLE_CLIENT_ID: "reverie-e2e",
    GOOGLE_CLIENT_SECRET: "reverie-e2e-secret",
    GOOGLE_DISCOVERY_URL: oidc.discoveryUrl,
    HOST: "127.0.0.1",
    PORT: String(port),
    DATA_DIR: dataDir,
    MEDIA_DIR: path.join(root, "data", "media"),
    LOG_LEVEL: "warn",
  };
  // The browser tests run on the embedded default, as a new user's `npm start` does.
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  const server = spawn(
    process.execPath,
    ["--disable-warning=ExperimentalWarning", "apps/server/src/main.ts"],
    {
      cwd: root,
      env,
      stdio: ["ignore", "inherit", "inherit"],
    },
  );
  await waitForHealth(baseURL, server, 180_000);
  project.provide("baseURL", baseURL);
  project.provide("sqlitePath", path.join(dataDir, "reverie.sqlite"));

  return async () => {
    server.kill("SIGTERM");
    if (server.exitCode === null) await new Promise((resolve) => server.once("exit", resolve));
    await oidc.stop();
    await rm(dataDir, { recursive: true, force: true });
  };
}
