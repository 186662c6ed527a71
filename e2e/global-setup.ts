import { existsSync } from "node:fs";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { startOidcServer } from "../apps/server/test/helpers/oidc-server.ts";
import { startServer } from "./support/server.ts";

const root = path.resolve(import.meta.dirname, "..");

declare module "vitest" {
  export interface ProvidedContext {
    baseURL: string;
    /** the server's SQLite file, for tests that arrange an account's plan or quota */
    sqlitePath: string;
  }
}

/** Starts the real server for the browser tests, with a real OpenID Connect provider playing Google. */
export default async function setup(project: TestProject) {
  if (!existsSync(path.join(root, "apps/web/dist/index.html"))) {
    throw new Error(
      "The web app is not built: run `npm run build` (npm test does it) before the browser tests.",
    );
  }
  // a real OpenID Connect provider on loopback plays Google for the popup sign-in
  const oidc = await startOidcServer();
  const server = await startServer((port) => ({
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    // the suite signs up more accounts from 127.0.0.1 than one address may in an hour by default
    SIGN_UPS_PER_IP_PER_HOUR: "500",
    GOOGLE_CLIENT_ID: "reverie-e2e",
    GOOGLE_CLIENT_SECRET: "reverie-e2e-secret",
    GOOGLE_DISCOVERY_URL: oidc.discoveryUrl,
  }));
  project.provide("baseURL", `http://127.0.0.1:${server.port}`);
  project.provide("sqlitePath", server.sqlitePath);

  return async () => {
    await server.stop();
    await oidc.stop();
  };
}
