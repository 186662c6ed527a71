import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import type { Page } from "playwright-core";
import { expect, inject } from "vitest";
import { signUpByApi } from "./chat.ts";

const exec = promisify(execFile);

/**
 * Signs up (password `secret-pass`, by the API: signUpByApi), overlays skipped: on the shared
 * server, or on the server at `baseURL`.
 */
export async function signUp(page: Page, email: string, baseURL = "") {
  await signUpByApi(page, email, { baseURL, password: "secret-pass" });
}

/**
 * `npm run admin:create -- <email>`'s script, against the shared test server's database or the
 * one at `sqlitePath`.
 */
export async function makeAdmin(email: string, sqlitePath: string = inject("sqlitePath")) {
  const serverDir = path.resolve(import.meta.dirname, "../../apps/server");
  const { stdout } = await exec(
    process.execPath,
    ["--disable-warning=ExperimentalWarning", "src/admin-cli.ts", "create", email],
    { cwd: serverDir, env: { ...process.env, SQLITE_PATH: sqlitePath, DATABASE_URL: "" } },
  );
  expect(stdout).toContain("is now an admin");
}
