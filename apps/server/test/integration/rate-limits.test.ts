import { randomBytes } from "node:crypto";
import { authResponseSchema, sessionListResponseSchema } from "@reverie/shared";
import { describe, expect, it } from "vitest";
import { HASHING_LIMITS, passwordHashingQueue } from "../../src/auth/password-hashing.ts";
import { RATE_LIMITS } from "../../src/services/rate-limiter.ts";
import { type TestApp, useTestApp } from "../helpers/test-app.ts";

/** An address nobody else in this file uses: 198.18.0.0/15 is set aside for benchmarks. */
let addressCounter = 0;
function freshAddress(): string {
  addressCounter++;
  return `198.18.${addressCounter >> 8}.${addressCounter & 255}`;
}

function randomAddress(): string {
  return [...randomBytes(4)].join(".");
}

function client(app: () => TestApp) {
  return async function call(
    url: string,
    options: { body?: object; from: string; forwardedFor?: string; token?: string; method?: "GET" | "POST" },
  ) {
    const headers: Record<string, string> = {};
    if (options.forwardedFor) headers["x-forwarded-for"] = options.forwardedFor;
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    const response = await app().app.inject({
      method: options.method ?? "POST",
      url,
      remoteAddress: options.from,
      headers,
      ...(options.body ? { payload: options.body } : {}),
    });
    return {
      status: response.statusCode,
      body: response.body ? response.json() : null,
      headers: response.headers,
    };
  };
}

/** The code in the newest email to `to`, read from the development mailbox (loopback only). */
async function emailedCode(t: TestApp, to: string): Promise<string> {
  const response = await t.app.inject({
    method: "GET",
    url: `/api/dev/mailbox?to=${encodeURIComponent(to)}&limit=1`,
    remoteAddress: "127.0.0.1",
  });
  const text: string = response.json().items[0]?.text ?? "";
  const match = /oobCode=([^&\s"]+)/.exec(text);
  if (!match?.[1]) throw new Error(`no code in the newest email to ${to}: ${text}`);
  return decodeURIComponent(match[1]);
}

async function statusesOf(count: number, attempt: (index: number) => Promise<{ status: number }>) {
  const statuses: number[] = [];
  for (let index = 0; index < count; index++) statuses.push((await attempt(index)).status);
  return statuses;
}

const repeat = (status: number, times: number) => Array<number>(times).fill(status);

describe("without TRUST_PROXY, X-Forwarded-For does not change who the client is", () => {
  const app = useTestApp();
  const call = client(app);

  const from = "203.0.113.7";

  it("limits sign-in attempts per socket address whatever the header says", async () => {
    const { limit } = RATE_LIMITS.signInPerIp;
    const statuses = await statusesOf(limit + 1, (index) =>
      call("/api/auth/login", {
        from,
        forwardedFor: randomAddress(),
        body: { email: `xff-signin-${index}@example.com`, password: "whatever1" },
      }),
    );
    expect(statuses).toEqual([...repeat(401, limit), 429]);
  });

  it.each([
    {
      what: "sign-ups",
      url: "/api/auth/register",
      address: "203.0.113.8",
      limit: RATE_LIMITS.signUpPerIp.limit,
      accepted: 201,
      body: (index: number) => ({ email: `xff-signup-${index}@example.com`, password: "secret1" }),
    },
    {
      what: "reset-code emails",
      url: "/api/auth/password/restore",
      address: "203.0.113.9",
      limit: RATE_LIMITS.restorePerIp.limit,
      accepted: 202,
      body: (index: number) => ({ email: `xff-restore-${index}@example.com` }),
    },
    {
      what: "sign-in-link emails",
      url: "/api/auth/magic-link",
      address: "203.0.113.10",
      limit: RATE_LIMITS.magicLinkPerIp.limit,
      accepted: 202,
      body: (index: number) => ({ email: `xff-link-${index}@example.com` }),
    },
  ])(
    "limits $what per socket address whatever the header says",
    async ({ url, address, limit, accepted, body }) => {
      const statuses = await statusesOf(limit + 1, (index) =>
        call(url, { from: address, forwardedFor: randomAddress(), body: body(index) }),
      );
      expect(statuses).toEqual([...repeat(accepted, limit), 429]);
    },
  );

  it("records the socket address on the session, not the header's", async () => {
    const { token } = authResponseSchema.parse(
      (
        await call("/api/auth/register", {
          from: "203.0.113.11",
          forwardedFor: "198.51.100.99",
          body: { email: "xff-session@example.com", password: "secret1" },
        })
      ).body,
    );
    const sessions = await call("/api/auth/sessions", { method: "GET", from: "203.0.113.11", token });
    expect(sessionListResponseSchema.parse(sessions.body).items[0]?.ip_address).toBe("203.0.113.11");
  });
});

describe("with TRUST_PROXY=loopback", () => {
  const app = useTestApp({ env: { TRUST_PROXY: "loopback" } });
  const call = client(app);

  it("takes the client from X-Forwarded-For when the proxy on this machine sends it", async () => {
    const { limit } = RATE_LIMITS.restorePerIp;
    const client = "198.51.100.20";
    const statuses = await statusesOf(limit + 1, (index) =>
      call("/api/auth/password/restore", {
        from: "127.0.0.1",
        forwardedFor: client,
        body: { email: `proxied-${index}@example.com` },
      }),
    );
    expect(statuses).toEqual([...repeat(202, limit), 429]);
    // another client behind the same proxy has a limit of its own
    const other = await call("/api/auth/password/restore", {
      from: "127.0.0.1",
      forwardedFor: "198.51.100.21",
      body: { email: "proxied-other@example.com" },
    });
    expect(other.status).toBe(202);

    const { token } = authResponseSchema.parse(
      (
        await call("/api/auth/register", {
          from: "127.0.0.1",
          forwardedFor: "198.51.100.22",
          body: { email: "proxied-session@example.com", password: "secret1" },
        })
      ).body,
    );
    const sessions = await call("/api/auth/sessions", { method: "GET", from: "127.0.0.1", token });
    expect(sessionListResponseSchema.parse(sessions.body).items[0]?.ip_address).toBe("198.51.100.22");
  });

  it("ignores X-Forwarded-For from an address that is not a trusted proxy", async () => {
    const { limit } = RATE_LIMITS.restorePerIp;
    const statuses = await statusesOf(limit + 1, (index) =>
      call("/api/auth/password/restore", {
        from: "203.0.113.30",
        forwardedFor: randomAddress(),
        body: { email: `untrusted-${index}@example.com` },
      }),
    );
    expect(statuses).toEqual([...repeat(202, limit), 429]);
  });
});

describe("failed sign-ins", () => {
  const app = useTestApp();
  const call = client(app);

  async function register(email: string, password = "secret1") {
    const response = await call("/api/auth/register", { from: freshAddress(), body: { email, password } });
    expect(response.status).toBe(201);
  }

  const signIn = (email: string, password: string, from: string) =>
    call("/api/auth/login", { from, body: { email, password } });

  it("refuses one address after 10 failures for an account, while the owner elsewhere still gets in", async () => {
    await register("pair@example.com");
    const attacker = freshAddress();
    const { limit } = RATE_LIMITS.failedSignInPerAccountAndIp;
    const statuses = await statusesOf(limit, () => signIn("pair@example.com", "wrong-pass", attacker));
    expect(statuses).toEqual(repeat(401, limit));

    const refused = await signIn("pair@example.com", "secret1", attacker);
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ statusCode: 429, error: "rate_limited" });
    const retryAfter = Number(refused.headers["retry-after"]);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(RATE_LIMITS.failedSignInPerAccountAndIp.windowMs / 1000);

    expect((await signIn("pair@example.com", "secret1", freshAddress())).status).toBe(200);
    // the attacker's address may still try other accounts
    await register("pair-neighbour@example.com");
    expect((await signIn("pair-neighbour@example.com", "secret1", attacker)).status).toBe(200);
  });

  it("forgets an address's failures once it signs in", async () => {
    await register("forgiven@example.com");
    const owner = freshAddress();
    const { limit } = RATE_LIMITS.failedSignInPerAccountAndIp;
    await statusesOf(limit - 1, () => signIn("forgiven@example.com", "typo-pass", owner));
    expect((await signIn("forgiven@example.com", "secret1", owner)).status).toBe(200);
    const statuses = await statusesOf(limit + 1, () => signIn("forgiven@example.com", "typo-pass", owner));
    expect(statuses).toEqual([...repeat(401, limit), 429]);
  });

  it("counts unknown emails like known ones, so the answers tell nothing", async () => {
    const address = freshAddress();
    const { limit } = RATE_LIMITS.failedSignInPerAccountAndIp;
    const statuses = await statusesOf(limit + 1, () => signIn("nobody-here@example.com", "secret1", address));
    expect(statuses).toEqual([...repeat(401, limit), 429]);
  });

  it("never locks the owner out: past the account-wide ceiling an attempt is slowed, then answered", async () => {
    await register("besieged@example.com");
    // 100 failures from everywhere within the hour (what a spread-out attack leaves behind)
    await app()
      .database.db.insertInto("rate_limits")
      .values({ key: "sign-in-failures:account:besieged@example.com", window_start: Date.now(), count: 100 })
      .execute();
    const owner = await signIn("besieged@example.com", "secret1", freshAddress());
    expect(owner.status).toBe(200);
    expect(authResponseSchema.parse(owner.body).user.email).toBe("besieged@example.com");

    // a sign-in link is not slowed at all
    const ownerAddress = freshAddress();
    expect(
      (await call("/api/auth/magic-link", { from: ownerAddress, body: { email: "besieged@example.com" } }))
        .status,
    ).toBe(202);
    const code = await emailedCode(app(), "besieged@example.com");
    const link = await call("/api/auth/magic-link/verify", {
      from: ownerAddress,
      body: { oobCode: code, email: "besieged@example.com" },
    });
    expect(link.status).toBe(200);
  });

  it("answers 503 with Retry-After when the password-hashing line is full, and does not count it as a failure", async () => {
    await register("busy@example.com");
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const blockers = Array.from({ length: HASHING_LIMITS.concurrency + HASHING_LIMITS.maxWaiting }, () =>
      passwordHashingQueue.run(() => gate),
    );
    const address = freshAddress();
    const { limit } = RATE_LIMITS.failedSignInPerAccountAndIp;
    try {
      const busy = await statusesOf(limit, () => signIn("busy@example.com", "wrong-pass", address));
      expect(busy).toEqual(repeat(503, limit));
      const response = await signIn("nobody-busy@example.com", "secret1", address);
      expect(response.status).toBe(503);
      expect(response.body).toEqual({
        statusCode: 503,
        error: "busy",
        message: "The server is busy. Please try again in a few seconds.",
      });
      expect(response.headers["retry-after"]).toBe(String(HASHING_LIMITS.retryAfterSeconds));
      const signUp = await call("/api/auth/register", {
        from: freshAddress(),
        body: { email: "busy-new@example.com", password: "secret1" },
      });
      expect(signUp.status).toBe(503);
    } finally {
      release();
      await Promise.all(blockers);
    }
    // the refused attempts were never judged: the address still has all of its tries
    const statuses = await statusesOf(limit + 1, () => signIn("busy@example.com", "wrong-pass", address));
    expect(statuses).toEqual([...repeat(401, limit), 429]);
  });
});

describe("checking emailed codes", () => {
  const app = useTestApp();
  const call = client(app);

  it.each([
    {
      what: "set a password with a reset code",
      limit: RATE_LIMITS.resetCodePerIp.limit,
      url: "/api/auth/password/reset",
      email: "reset-owner@example.com",
      guessBytes: 18,
      body: (oobCode: string) => ({ oobCode, newPassword: "taken-over" }),
      ownerBody: (oobCode: string) => ({ oobCode, newPassword: "brand-new" }),
      emailCode: async (owner: string) => {
        await call("/api/auth/register", {
          from: owner,
          body: { email: "reset-owner@example.com", password: "secret1" },
        });
        await call("/api/auth/password/restore", { from: owner, body: { email: "reset-owner@example.com" } });
      },
    },
    {
      what: "sign in with a link's code",
      limit: RATE_LIMITS.signInLinkCodePerIp.limit,
      url: "/api/auth/magic-link/verify",
      email: "link-owner@example.com",
      guessBytes: 24,
      body: (oobCode: string) => ({ oobCode, email: "link-owner@example.com" }),
      ownerBody: (oobCode: string) => ({ oobCode, email: "link-owner@example.com" }),
      emailCode: async (owner: string) => {
        await call("/api/auth/magic-link", { from: owner, body: { email: "link-owner@example.com" } });
      },
    },
  ])(
    "limits attempts to $what per address",
    async ({ limit, url, email, guessBytes, body, ownerBody, emailCode }) => {
      const guesser = freshAddress();
      const statuses = await statusesOf(limit + 1, () =>
        call(url, { from: guesser, body: body(randomBytes(guessBytes).toString("base64url")) }),
      );
      expect(statuses).toEqual([...repeat(400, limit), 429]);

      // the account's owner, from their own address, is not affected
      const owner = freshAddress();
      await emailCode(owner);
      const code = await emailedCode(app(), email);
      const refused = await call(url, { from: guesser, body: body(code) });
      expect(refused.status).toBe(429);
      const accepted = await call(url, { from: owner, body: ownerBody(code) });
      expect(accepted.status).toBe(200);
    },
  );
});
