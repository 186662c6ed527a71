import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { userSchema } from "@reverie/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDatabase } from "../../src/db/database.ts";
import { callApi, signUp, type TestAccount } from "../helpers/accounts.ts";
import { auditEntriesFor } from "../helpers/admin.ts";
import { ADMIN_ROUTES } from "../helpers/admin-routes.ts";
import { createScratchDatabase } from "../helpers/scratch-database.ts";
import { createTestApp, type TestApp, testDatabaseKind } from "../helpers/test-app.ts";

let t: TestApp;
let user: TestAccount;
let moderator: TestAccount;
let admin: TestAccount;

beforeAll(async () => {
  t = await createTestApp();
  [user, moderator, admin] = [await signUp(t), await signUp(t, "moderator"), await signUp(t, "admin")];
});
afterAll(async () => {
  await t.close();
});

describe("the admin access matrix", () => {
  it("lists every admin route the API documents", async () => {
    const doc = (await t.get("/api/docs/json")).body as { paths: Record<string, Record<string, unknown>> };
    const documented = Object.entries(doc.paths)
      .filter(([route]) => route.startsWith("/api/admin"))
      .flatMap(([route, methods]) =>
        Object.keys(methods).map((method) => `${method.toUpperCase()} ${route}`),
      );
    const listed = ADMIN_ROUTES.map(
      (entry) => `${entry.method} ${entry.route.replaceAll(/:(\w+)/g, "{$1}")}`,
    );
    expect(documented.length).toBeGreaterThan(0);
    expect(listed.sort()).toEqual(documented.sort());
  });

  for (const entry of ADMIN_ROUTES) {
    describe(`${entry.method} ${entry.route}`, () => {
      it("answers 401 without a session", async () => {
        const target = await signUp(t);
        await entry.prepare?.(t, target);
        const { url, payload } = entry.call(target);
        const answer = await callApi(t, null, entry.method, url, payload);
        expect(answer.status).toBe(401);
      });

      it("answers 401 without a session before it reads the body or the query (no schema for strangers)", async () => {
        const target = await signUp(t);
        await entry.prepare?.(t, target);
        const { url } = entry.call(target);
        const bad = { [`not-a-field-${Date.now()}`]: ["?"], reason: 42 };
        const answer = await callApi(
          t,
          null,
          entry.method,
          `${url}${url.includes("?") ? "&" : "?"}limit=-1`,
          entry.method === "GET" || entry.method === "DELETE" ? undefined : bad,
        );
        expect(answer.status).toBe(401);
      });

      it("answers 403 forbidden to a user", async () => {
        const target = await signUp(t);
        await entry.prepare?.(t, target);
        const { url, payload } = entry.call(target);
        const answer = await user.call(entry.method, url, payload);
        expect(answer.status).toBe(403);
        expect(answer.body.error).toBe("forbidden");
      });

      it(`answers a moderator ${entry.minRole === "moderator" ? "(reads)" : "403 (changes)"}`, async () => {
        const target = await signUp(t);
        await entry.prepare?.(t, target);
        const { url, payload } = entry.call(target);
        const answer = await moderator.call(entry.method, url, payload);
        if (entry.minRole === "moderator") expect(answer.status).toBe(entry.okStatus ?? 200);
        else {
          expect(answer.status).toBe(403);
          expect(answer.body.error).toBe("forbidden");
        }
      });

      it("serves an admin", async () => {
        const target = await signUp(t);
        await entry.prepare?.(t, target);
        const { url, payload } = entry.call(target);
        const answer = await admin.call(entry.method, url, payload);
        expect(answer.status, JSON.stringify(answer.body)).toBe(entry.okStatus ?? 200);
      });
    });
  }
});

describe("the console's role", () => {
  it("is on the user's own account, so the web app shows the console's link to operators only", async () => {
    expect(userSchema.parse((await user.call("GET", "/api/user")).body).role).toBe("user");
    expect(userSchema.parse((await moderator.call("GET", "/api/user")).body).role).toBe("moderator");
    expect(userSchema.parse((await admin.call("GET", "/api/user")).body).role).toBe("admin");
  });

  it("is read from the database on every call, never from the token", async () => {
    const someone = await signUp(t);
    expect((await someone.call("GET", "/api/admin/me")).status).toBe(403);
    await t.database.db
      .updateTable("users")
      .set({ role: "moderator" })
      .where("id", "=", someone.id)
      .execute();
    const me = await someone.call("GET", "/api/admin/me");
    expect(me.status).toBe(200);
    expect(me.body).toEqual({ id: someone.id, email: someone.email, role: "moderator" });
    await t.database.db.updateTable("users").set({ role: "user" }).where("id", "=", someone.id).execute();
    expect((await someone.call("GET", "/api/admin/me")).status).toBe(403);
  });

  it("ends with the admin session's maximum age (720 minutes by default)", async () => {
    const operator = await signUp(t, "admin");
    const setSessionAge = (minutes: number) =>
      t.database.db
        .updateTable("sessions")
        .set({ created_at: new Date(Date.now() - minutes * 60_000).toISOString() })
        .where("token", "=", operator.token)
        .execute();
    await setSessionAge(719);
    expect((await operator.call("GET", "/api/admin/me")).status).toBe(200);
    await setSessionAge(721);
    const expired = await operator.call("GET", "/api/admin/me");
    expect(expired.status).toBe(401);
    expect(expired.body).toMatchObject({
      error: "session_expired",
      message: "Sign in again to use the admin console",
    });
    // the same session still serves the rest of the app
    expect((await operator.call("GET", "/api/user")).status).toBe(200);
  });

  it("keeps the audit log append-only in the database itself", async () => {
    const db = t.database.db;
    await db
      .insertInto("audit_log")
      .values({ actor_email: "test", action: "test.append", target_type: "test", target_id: "x" })
      .execute();
    await expect(db.updateTable("audit_log").set({ reason: "rewritten" }).execute()).rejects.toThrow(
      /append-only/,
    );
    await expect(db.deleteFrom("audit_log").execute()).rejects.toThrow(/append-only/);
  });
});

describe("ADMIN_EMAILS", () => {
  /** The confirmation link's token from the newest email to `to` (the dev mailbox, loopback only). */
  async function verificationToken(t: TestApp, to: string): Promise<string> {
    const mailbox = await t.app.inject({
      method: "GET",
      url: `/api/dev/mailbox?to=${encodeURIComponent(to)}&limit=1`,
      remoteAddress: "127.0.0.1",
    });
    const [email] = mailbox.json().items as { kind: string; text: string }[];
    expect(email?.kind).toBe("email_verification");
    const token = /\/verify-email\?token=([^\s&"]+)/.exec(email?.text ?? "")?.[1];
    if (!token) throw new Error(`no confirmation link in: ${email?.text}`);
    return decodeURIComponent(token);
  }

  it("makes those accounts admins once their email is confirmed: at the link, and for existing ones at start", async () => {
    const first = await createTestApp({ env: { ADMIN_EMAILS: "Boss@Example.com, other@example.com" } });
    try {
      const register = await callApi(first, null, "POST", "/api/auth/register", {
        email: "boss@example.com",
        password: "secret12",
      });
      expect(register.status).toBe(201);
      expect(register.body.user.email_verified).toBe(false);
      // whoever signs up first with a listed address is not its owner until the link says so
      expect((await callApi(first, register.body.token, "GET", "/api/admin/me")).status).toBe(403);

      const wrong = await callApi(first, null, "POST", "/api/auth/verify-email", { token: "not-a-token" });
      expect(wrong.status).toBe(400);
      expect(wrong.body).toMatchObject({ error: "invalid_link" });

      const token = await verificationToken(first, "boss@example.com");
      const confirmed = await callApi(first, null, "POST", "/api/auth/verify-email", { token });
      expect(confirmed.status).toBe(200);
      const me = await callApi(first, register.body.token, "GET", "/api/admin/me");
      expect(me.status).toBe(200);
      expect(me.body.role).toBe("admin");
      expect((await callApi(first, register.body.token, "GET", "/api/user")).body.email_verified).toBe(true);
      const entries = await auditEntriesFor(first, register.body.user.id);
      expect(entries).toHaveLength(1);
      expect(entries[0]).toMatchObject({ actor_email: "ADMIN_EMAILS", action: "user.role_changed" });
      // the link works once
      expect((await callApi(first, null, "POST", "/api/auth/verify-email", { token })).status).toBe(200);
      expect(await auditEntriesFor(first, register.body.user.id)).toHaveLength(1);

      const later = await callApi(first, null, "POST", "/api/auth/register", {
        email: "later@example.com",
        password: "secret12",
      });
      expect((await callApi(first, later.body.token, "GET", "/api/admin/me")).status).toBe(403);

      // the next start, with later@ added: an unconfirmed account stays a user, a confirmed one is promoted
      const second = await createTestApp({
        database: first.database,
        env: { ADMIN_EMAILS: "boss@example.com,later@example.com" },
      });
      try {
        expect((await callApi(second, later.body.token, "GET", "/api/admin/me")).status).toBe(403);
        const resent = await callApi(second, later.body.token, "POST", "/api/auth/verify-email/send");
        expect(resent.status).toBe(202);
        const laterToken = await verificationToken(second, "later@example.com");
        expect(
          (await callApi(second, null, "POST", "/api/auth/verify-email", { token: laterToken })).status,
        ).toBe(200);
        const again = await callApi(second, later.body.token, "GET", "/api/admin/me");
        expect(again.status).toBe(200);
        expect(again.body.role).toBe("admin");
        const laterEntries = await auditEntriesFor(second, later.body.user.id);
        expect(laterEntries.map((entry) => JSON.parse(entry.after ?? "null"))).toEqual([{ role: "admin" }]);
        // already confirmed: nothing more to send
        const done = await callApi(second, later.body.token, "POST", "/api/auth/verify-email/send");
        expect(done.body.message).toBe("Your email is already confirmed.");
      } finally {
        await second.app.close();
      }
    } finally {
      await first.close();
    }
  });
});

describe("npm run admin:create", () => {
  const exec = promisify(execFile);
  const serverDir = path.resolve(import.meta.dirname, "../..");

  it("makes an existing account an admin on the server's database, and says so when there is none", async () => {
    const scratch = await createScratchDatabase({
      name: "admincli",
      postgresUrl: testDatabaseKind() === "postgres" ? process.env.DATABASE_URL : undefined,
    });
    const run = (email: string) =>
      exec(process.execPath, ["--disable-warning=ExperimentalWarning", "src/admin-cli.ts", "create", email], {
        cwd: serverDir,
        env: { ...process.env, ...scratch.env, LOG_LEVEL: "silent" },
      }).then(
        (done) => ({ code: 0, stdout: done.stdout, stderr: done.stderr }),
        (failed: { code: number; stdout: string; stderr: string }) => failed,
      );
    try {
      // an empty database: the command migrates it, then finds no account
      const missing = await run("first@example.com");
      expect(missing.code).toBe(1);
      expect(missing.stderr).toContain("No account uses first@example.com");

      const database = createDatabase(scratch.config);
      const app = await createTestApp({ database });
      try {
        const owner = await signUp(app, "user", "owner");
        const made = await run(owner.email.toUpperCase());
        expect(made.code, made.stderr).toBe(0);
        expect(made.stdout).toContain("is now an admin");
        const me = await owner.call("GET", "/api/admin/me");
        expect(me.status).toBe(200);
        expect(me.body.role).toBe("admin");
        const entries = await auditEntriesFor(app, owner.id);
        expect(entries).toHaveLength(1);
        expect(entries[0]).toMatchObject({ actor_id: null, actor_email: "cli", action: "user.role_changed" });
        expect(JSON.parse(entries[0]?.before ?? "null")).toEqual({ role: "user" });
        expect(JSON.parse(entries[0]?.after ?? "null")).toEqual({ role: "admin" });
        expect((await run(owner.email)).stdout).toContain("was an admin already");
      } finally {
        await app.app.close();
        await database.close();
      }
    } finally {
      await scratch.remove();
    }
  });
});
