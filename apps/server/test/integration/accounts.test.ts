import { authResponseSchema, sessionListResponseSchema, userSchema } from "@reverie/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

let ipCounter = 0;
/** Each call comes from its own address unless one is given, so per-IP limits stay out of the way. */
async function call(
  method: "GET" | "POST" | "PATCH" | "DELETE",
  url: string,
  options: { body?: object; token?: string; ip?: string } = {},
) {
  const response = await t.app.inject({
    method,
    url,
    remoteAddress: options.ip ?? `10.1.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`,
    ...(options.body ? { payload: options.body } : {}),
    headers: options.token ? { authorization: `Bearer ${options.token}` } : {},
  });
  return {
    status: response.statusCode,
    body: response.body ? response.json() : null,
    headers: response.headers,
  };
}

async function register(email: string, password = "secret1", extra: object = {}) {
  const { status, body } = await call("POST", "/api/auth/register", { body: { email, password, ...extra } });
  expect(status, JSON.stringify(body)).toBe(201);
  return authResponseSchema.parse(body);
}

async function lastEmail(to: string) {
  // the development mailbox answers loopback clients only
  const { body } = await call("GET", `/api/dev/mailbox?to=${encodeURIComponent(to)}&limit=1`, {
    ip: "127.0.0.1",
  });
  return body.items[0] as { subject: string; text: string; html: string; kind: string } | undefined;
}

function codeFrom(text: string): string {
  const match = /oobCode=([^&\s"]+)/.exec(text);
  if (!match?.[1]) throw new Error(`no code in: ${text}`);
  return decodeURIComponent(match[1]);
}

describe("sign-up", () => {
  it("creates a free account with the configured free messages, copies the gender choice, records the lead", async () => {
    const { token, user } = await register("New.User@Example.com", "secret1", {
      first_name: "Анна",
      gender_choice: "anime_female",
      subid: "ad-123",
    });
    expect(token.length).toBeGreaterThanOrEqual(20);
    expect(user).toMatchObject({
      email: "new.user@example.com",
      plan: "free",
      tokens: 0,
      free_msgs: 10,
      first_name: "Анна",
      gender_choice: "anime_female",
      payment_failed: false,
    });
    const lead = await t.database.db
      .selectFrom("leads")
      .selectAll()
      .where("user_id", "=", user.id)
      .executeTakeFirst();
    expect(lead).toMatchObject({ subid: "ad-123", status: "lead", email: "new.user@example.com" });
    const account = await t.database.db
      .selectFrom("accounts" as never)
      .select("password" as never)
      .where("user_id" as never, "=", user.id as never)
      .executeTakeFirstOrThrow();
    expect((account as { password: string }).password).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it("refuses an email that is taken, whatever its case", async () => {
    await register("taken@example.com");
    const { status, body } = await call("POST", "/api/auth/register", {
      body: { email: "TAKEN@example.com", password: "another1" },
    });
    expect(status).toBe(409);
    expect(body).toEqual({ statusCode: 409, error: "email_taken", message: "Email already exist." });
  });

  it.each([
    [{ email: "", password: "" }, "Email is required."],
    [{ email: "not-an-email", password: "secret1" }, "Email is not valid."],
    [{ email: "short@example.com", password: "12345" }, "Please enter at least 6 characters."],
    [{ email: "long@example.com", password: "x".repeat(129) }, "Your Password is too long. Max - 128"],
    [{ email: "sym@example.com", password: "secret1", first_name: "<script>" }, "Unacceptable symbols."],
  ])("answers 400 with the spec's message for %j", async (body, message) => {
    const response = await call("POST", "/api/auth/register", { body });
    expect(response.status).toBe(400);
    expect(response.body.message).toContain(message);
  });
});

describe("sign-in and sign-out", () => {
  it("signs in with a new session token every time and answers wrong credentials with the spec's message", async () => {
    const { token: first } = await register("signin@example.com");
    const second = authResponseSchema.parse(
      (await call("POST", "/api/auth/login", { body: { email: "signin@example.com", password: "secret1" } }))
        .body,
    );
    expect(second.token).not.toBe(first);
    for (const body of [
      { email: "signin@example.com", password: "wrong-password" },
      { email: "nobody@example.com", password: "secret1" },
    ]) {
      const response = await call("POST", "/api/auth/login", { body });
      expect(response.status).toBe(401);
      expect(response.body).toEqual({
        statusCode: 401,
        error: "invalid_credentials",
        message: "Wrong email or password.",
      });
    }
  });

  it("ends the session on the server at log-out", async () => {
    const { token } = await register("logout@example.com");
    expect((await call("GET", "/api/user", { token })).status).toBe(200);
    expect((await call("POST", "/api/auth/logout", { token })).status).toBe(204);
    expect((await call("GET", "/api/user", { token })).status).toBe(401);
  });

  it("answers 401 without a token or with a bad one", async () => {
    for (const token of [undefined, "not-a-session", ""]) {
      const response = await call("GET", "/api/user", token === undefined ? {} : { token });
      expect(response.status).toBe(401);
      expect(response.body).toMatchObject({ error: "unauthorized" });
    }
  });
});

describe("the user", () => {
  it("reads and updates the user", async () => {
    const { token } = await register("profile@example.com");
    const updated = await call("PATCH", "/api/user", {
      token,
      body: { gender_choice: "male", first_name: "Lee", last_name: "Park" },
    });
    expect(updated.status).toBe(200);
    expect(userSchema.parse(updated.body)).toMatchObject({
      gender_choice: "male",
      first_name: "Lee",
      last_name: "Park",
    });
    expect((await call("PATCH", "/api/user", { token, body: { gender_choice: "robot" } })).status).toBe(400);
    expect((await call("PATCH", "/api/user", { token, body: {} })).status).toBe(400);
    expect((await call("PATCH", "/api/user/analytics", { token, body: { new_id: "amp-42" } })).status).toBe(
      204,
    );
    const row = await t.database.db
      .selectFrom("users")
      .select("analytics_id")
      .where("email", "=", "profile@example.com")
      .executeTakeFirstOrThrow();
    expect(row.analytics_id).toBe("amp-42");
  });
});

describe("password reset", () => {
  it("answers the same whether or not the account exists, and mails a code only to accounts", async () => {
    await register("reset-a@example.com");
    const existing = await call("POST", "/api/auth/password/restore", {
      body: { email: "reset-a@example.com" },
    });
    const missing = await call("POST", "/api/auth/password/restore", {
      body: { email: "ghost@example.com" },
    });
    expect(existing.status).toBe(202);
    expect(missing.status).toBe(existing.status);
    expect(missing.body).toEqual(existing.body);
    expect(await lastEmail("ghost@example.com")).toBeUndefined();
    const email = await lastEmail("reset-a@example.com");
    expect(email?.kind).toBe("password_reset");
    // at least 64 bits of entropy: 20+ characters from a 62-letter alphabet
    expect(codeFrom(email?.text ?? "")).toMatch(/^[A-Za-z0-9_-]{20,}$/);
  });

  it("resets with the emailed code once, ends every session, and the new password signs in", async () => {
    const { token: oldSession } = await register("reset-b@example.com", "old-password");
    await call("POST", "/api/auth/password/restore", { body: { email: "reset-b@example.com" } });
    const code = codeFrom((await lastEmail("reset-b@example.com"))?.text ?? "");

    const reset = await call("POST", "/api/auth/password/reset", {
      body: { oobCode: code, newPassword: "new-password" },
    });
    expect(reset.status).toBe(200);
    expect((await call("GET", "/api/user", { token: oldSession })).status).toBe(401);
    const reuse = await call("POST", "/api/auth/password/reset", {
      body: { oobCode: code, newPassword: "again-password" },
    });
    expect(reuse.status).toBe(400);
    expect(reuse.body.error).toBe("invalid_code");

    const withOld = await call("POST", "/api/auth/login", {
      body: { email: "reset-b@example.com", password: "old-password" },
    });
    expect(withOld.status).toBe(401);
    const withNew = await call("POST", "/api/auth/login", {
      body: { email: "reset-b@example.com", password: "new-password" },
    });
    expect(withNew.status).toBe(200);
  });

  it("refuses an expired code", async () => {
    await register("reset-c@example.com");
    await call("POST", "/api/auth/password/restore", { body: { email: "reset-c@example.com" } });
    const code = codeFrom((await lastEmail("reset-c@example.com"))?.text ?? "");
    await expireVerifications();
    const response = await call("POST", "/api/auth/password/reset", {
      body: { oobCode: code, newPassword: "new-password" },
    });
    expect(response.status).toBe(400);
  });
});

/** Moves every pending code and link 11 minutes into the past (they live 10). */
async function expireVerifications() {
  const past = new Date(Date.now() - 60_000);
  await t.database.authDb
    .updateTable("verifications")
    .set({ expires_at: (t.database.dialect === "sqlite" ? past.toISOString() : past) as never })
    .execute();
}

describe("emailed sign-in link", () => {
  async function requestLink(email: string) {
    const response = await call("POST", "/api/auth/magic-link", { body: { email } });
    expect(response.status).toBe(202);
    const link = (await lastEmail(email))?.text ?? "";
    expect(link).toContain("mode=signIn");
    return codeFrom(link);
  }

  it("signs in once, only for the email it was sent to", async () => {
    await register("link@example.com");
    const code = await requestLink("link@example.com");
    const wrongEmail = await call("POST", "/api/auth/magic-link/verify", {
      body: { oobCode: code, email: "other@example.com" },
    });
    expect(wrongEmail.status).toBe(400);
    const ok = await call("POST", "/api/auth/magic-link/verify", {
      body: { oobCode: code, email: "link@example.com" },
    });
    expect(ok.status).toBe(200);
    const { token, user } = authResponseSchema.parse(ok.body);
    expect(user.email).toBe("link@example.com");
    expect((await call("GET", "/api/user", { token })).status).toBe(200);
    const reuse = await call("POST", "/api/auth/magic-link/verify", {
      body: { oobCode: code, email: "link@example.com" },
    });
    expect(reuse.status).toBe(400);
  });

  it("creates a free account for a new email", async () => {
    const code = await requestLink("fresh-link@example.com");
    const { user } = authResponseSchema.parse(
      (
        await call("POST", "/api/auth/magic-link/verify", {
          body: { oobCode: code, email: "fresh-link@example.com" },
        })
      ).body,
    );
    expect(user).toMatchObject({ plan: "free", free_msgs: 10 });
  });

  it("keeps a password whose email a reset code proved; removes one that was never proven", async () => {
    // never proven: better-auth removes the password when a link first proves the email
    // (someone else may have registered the address), and ends the sessions made with it
    const { token: unproven } = await register("unproven@example.com", "their-pass");
    const code = await requestLink("unproven@example.com");
    await call("POST", "/api/auth/magic-link/verify", {
      body: { oobCode: code, email: "unproven@example.com" },
    });
    expect((await call("GET", "/api/user", { token: unproven })).status).toBe(401);
    const stale = await call("POST", "/api/auth/login", {
      body: { email: "unproven@example.com", password: "their-pass" },
    });
    expect(stale.status).toBe(401);

    // proven by a reset code: a later sign-in link leaves the password alone
    await register("proven@example.com", "first-pass");
    await call("POST", "/api/auth/password/restore", { body: { email: "proven@example.com" } });
    const resetCode = codeFrom((await lastEmail("proven@example.com"))?.text ?? "");
    await call("POST", "/api/auth/password/reset", {
      body: { oobCode: resetCode, newPassword: "chosen-pass" },
    });
    const linkCode = await requestLink("proven@example.com");
    await call("POST", "/api/auth/magic-link/verify", {
      body: { oobCode: linkCode, email: "proven@example.com" },
    });
    const login = await call("POST", "/api/auth/login", {
      body: { email: "proven@example.com", password: "chosen-pass" },
    });
    expect(login.status).toBe(200);
  });

  it("refuses an expired link", async () => {
    const code = await requestLink("late-link@example.com");
    await expireVerifications();
    const response = await call("POST", "/api/auth/magic-link/verify", {
      body: { oobCode: code, email: "late-link@example.com" },
    });
    expect(response.status).toBe(400);
  });
});

describe("sessions", () => {
  it("lists sessions, ends one, and signs out everywhere", async () => {
    const { token: first } = await register("sessions@example.com");
    const login = () =>
      call("POST", "/api/auth/login", { body: { email: "sessions@example.com", password: "secret1" } });
    const second = (await login()).body.token as string;
    const third = (await login()).body.token as string;

    const list = sessionListResponseSchema.parse(
      (await call("GET", "/api/auth/sessions", { token: first })).body,
    );
    expect(list.items).toHaveLength(3);
    expect(list.items.filter((session) => session.current)).toHaveLength(1);
    const other = list.items.find((session) => !session.current);
    expect((await call("DELETE", `/api/auth/sessions/${other?.id}`, { token: first })).status).toBe(204);
    expect((await call("DELETE", "/api/auth/sessions/nope", { token: first })).status).toBe(404);
    const remaining = sessionListResponseSchema.parse(
      (await call("GET", "/api/auth/sessions", { token: first })).body,
    );
    expect(remaining.items).toHaveLength(2);

    expect((await call("DELETE", "/api/auth/sessions", { token: first })).status).toBe(204);
    for (const token of [first, second, third])
      expect((await call("GET", "/api/user", { token })).status).toBe(401);
  });

  it("changes the password and signs out the other sessions", async () => {
    const { token: current } = await register("change@example.com", "first-pass");
    const other = (
      await call("POST", "/api/auth/login", { body: { email: "change@example.com", password: "first-pass" } })
    ).body.token as string;
    const wrong = await call("POST", "/api/auth/password/change", {
      token: current,
      body: { currentPassword: "nope-nope", newPassword: "second-pass" },
    });
    expect(wrong.status).toBe(400);
    const changed = await call("POST", "/api/auth/password/change", {
      token: current,
      body: { currentPassword: "first-pass", newPassword: "second-pass" },
    });
    expect(changed.status).toBe(200);
    expect((await call("GET", "/api/user", { token: other })).status).toBe(401);
    // this device carries on with the new token it was given
    expect((await call("GET", "/api/user", { token: changed.body.token })).status).toBe(200);
    const login = await call("POST", "/api/auth/login", {
      body: { email: "change@example.com", password: "second-pass" },
    });
    expect(login.status).toBe(200);
  });

  it("stops a session guessing its password: past 10 wrong ones in 15 minutes, changing it or deleting the account answers 429", async () => {
    const { token } = await register("guessed@example.com", "right-pass");
    for (let attempt = 0; attempt < 6; attempt++) {
      const wrong = await call("POST", "/api/auth/password/change", {
        token,
        body: { currentPassword: `guess-${attempt}`, newPassword: "new-pass-1" },
      });
      expect(wrong.status).toBe(400);
    }
    // account deletion counts against the same limit: it asks for the same password
    for (let attempt = 0; attempt < 4; attempt++)
      expect(
        (await call("DELETE", "/api/user", { token, body: { password: `guess-d${attempt}` } })).status,
      ).toBe(403);
    const right = await call("POST", "/api/auth/password/change", {
      token,
      body: { currentPassword: "right-pass", newPassword: "new-pass-1" },
    });
    expect(right.status).toBe(429);
    expect((await call("DELETE", "/api/user", { token, body: { password: "right-pass" } })).status).toBe(429);
    // the account is untouched, and its password unchanged
    expect((await call("GET", "/api/user", { token })).status).toBe(200);
    const login = await call("POST", "/api/auth/login", {
      body: { email: "guessed@example.com", password: "right-pass" },
    });
    expect(login.status).toBe(200);
  });

  it("refuses and deletes an expired session, and extends one that is due for its daily refresh", async () => {
    const day = 24 * 60 * 60 * 1000;
    const setExpiry = (token: string, at: Date) =>
      t.database.authDb
        .updateTable("sessions")
        .set({ expires_at: (t.database.dialect === "sqlite" ? at.toISOString() : at) as never })
        .where("token", "=", token)
        .execute();
    const expiry = async (token: string) => {
      const row = await t.database.db
        .selectFrom("sessions")
        .select("expires_at")
        .where("token", "=", token)
        .executeTakeFirst();
      return row ? Date.parse(row.expires_at) : undefined;
    };

    const { token: expired } = await register("expired-session@example.com");
    await setExpiry(expired, new Date(Date.now() - 60_000));
    expect((await call("GET", "/api/user", { token: expired })).status).toBe(401);
    expect(await expiry(expired)).toBeUndefined();

    // a 30-day session issued two days ago: still valid, and used again it lives 30 days from now
    const { token: stale } = await register("stale-session@example.com");
    const staleExpiry = Date.now() + 28 * day;
    await setExpiry(stale, new Date(staleExpiry));
    expect((await call("GET", "/api/user", { token: stale })).status).toBe(200);
    expect(await expiry(stale)).toBeGreaterThan(staleExpiry + day);

    // a fresh session is used as it is
    const { token: fresh } = await register("fresh-session@example.com");
    const freshExpiry = await expiry(fresh);
    expect((await call("GET", "/api/user", { token: fresh })).status).toBe(200);
    expect(await expiry(fresh)).toBe(freshExpiry);
  });
});

describe("rate limits", () => {
  // failed sign-ins per account and address, and the account-wide slowdown: rate-limits.test.ts
  it("limits sign-in attempts per IP address", async () => {
    const ip = "203.0.113.7";
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 61; attempt++) {
      statuses.push(
        (
          await call("POST", "/api/auth/login", {
            ip,
            body: { email: `ip${attempt}@example.com`, password: "whatever1" },
          })
        ).status,
      );
    }
    expect(statuses.slice(0, 60).every((status) => status === 401)).toBe(true);
    expect(statuses[60]).toBe(429);
  });

  it("limits reset and sign-in-link emails per account", async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 6; attempt++) {
      statuses.push(
        (await call("POST", "/api/auth/password/restore", { body: { email: "flood@example.com" } })).status,
      );
    }
    expect(statuses).toEqual([202, 202, 202, 202, 202, 429]);
  });
});
