import { Writable } from "node:stream";
import { healthReportSchema, healthStatusSchema } from "@reverie/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signUp, type TestAccount } from "../helpers/accounts.ts";
import { createTestApp, type TestApp, testDatabaseKind } from "../helpers/test-app.ts";

/** Log lines the app writes, parsed from pino's JSON. */
class LogCapture extends Writable {
  readonly lines: Record<string, unknown>[] = [];
  override _write(chunk: Buffer, _encoding: string, done: () => void) {
    for (const line of chunk.toString().split("\n").filter(Boolean)) this.lines.push(JSON.parse(line));
    done();
  }
}

const LAN_CLIENT = "192.168.1.23";

/** GET `url` from the address `from` (loopback unless given), with these request headers. */
const get = (
  t: TestApp,
  url: string,
  options: { from?: string; headers?: Record<string, string | undefined> } = {},
) =>
  t.app.inject({
    method: "GET",
    url,
    ...(options.from === undefined ? {} : { remoteAddress: options.from }),
    headers: options.headers ?? {},
  });

/** The page as a client says it asked for it over https, from `from`. */
const pageSaidViaHttps = (t: TestApp, from: string) =>
  get(t, "/", { from, headers: { "x-forwarded-proto": "https", accept: "text/html" } });

describe("over plain http", () => {
  let t: TestApp;
  const log = new LogCapture();
  beforeAll(async () => {
    t = await createTestApp({ logger: { level: "info", stream: log } });
  });
  afterAll(async () => t.close());

  it("sends neither HSTS nor upgrade-insecure-requests, so a LAN address can load the page", async () => {
    const response = await get(t, "/", {
      from: LAN_CLIENT,
      headers: { host: "192.168.1.10:3000", accept: "text/html" },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers["strict-transport-security"]).toBeUndefined();
    const policy = String(response.headers["content-security-policy"]);
    expect(policy).not.toContain("upgrade-insecure-requests");
    expect(policy).toContain("script-src 'self'");
  });

  it("leaves out the opener policy a browser ignores, and complains of, over http to a LAN address", async () => {
    const lan = await get(t, "/", {
      from: LAN_CLIENT,
      headers: { host: "192.168.1.10:3000", accept: "text/html" },
    });
    expect(lan.headers["cross-origin-opener-policy"]).toBeUndefined();
    expect(lan.headers["x-content-type-options"]).toBe("nosniff");
    const local = await get(t, "/", { headers: { host: "localhost:3000", accept: "text/html" } });
    expect(local.headers["cross-origin-opener-policy"]).toBe("same-origin-allow-popups");
  });

  it("does not believe a client that says it came over https (no proxy is trusted)", async () => {
    const response = await pageSaidViaHttps(t, LAN_CLIENT);
    expect(response.headers["strict-transport-security"]).toBeUndefined();
  });

  it("lets the page open websockets only to its own origin", async () => {
    const response = await get(t, "/api/subscriptions/plans");
    const connect = /connect-src ([^;]*)/.exec(String(response.headers["content-security-policy"]))?.[1];
    expect(connect).toBe("'self'");
  });

  it("shows public callers the status only, and callers on this machine the details", async () => {
    const outside = await get(t, "/api/health", { from: LAN_CLIENT });
    expect(outside.statusCode).toBe(200);
    expect(outside.json()).toEqual(healthStatusSchema.parse(outside.json()));
    expect(outside.body).not.toMatch(/sqlite|postgres|disk|\//);

    // a forwarded header does not make a remote caller local
    const forwarded = await get(t, "/api/health", {
      from: LAN_CLIENT,
      headers: { "x-forwarded-for": "127.0.0.1" },
    });
    expect(Object.keys(forwarded.json())).toEqual(["status"]);
    // nor does a local proxy's: the client it forwards is not this machine
    const viaLocalProxy = await get(t, "/api/health", {
      from: "127.0.0.1",
      headers: { host: "127.0.0.1:3000", "x-forwarded-for": "203.0.113.9" },
    });
    expect(Object.keys(viaLocalProxy.json())).toEqual(["status"]);

    const local = await get(t, "/api/health", { from: "127.0.0.1" });
    expect(healthReportSchema.parse(local.json()).database.dialect).toBe(testDatabaseKind());
  });

  it.each([
    ["bad percent-encoding", "/api/models/%E0%A4%A"],
    ["a bad percent-encoding in the query", "/api/models?gender=%zz"],
  ])("answers %s with the API's error shape and the security headers", async (_label, url) => {
    const response = await get(t, url);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ statusCode: 400, error: "bad_request", message: expect.any(String) });
    expect(response.headers["content-security-policy"]).toBeDefined();
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
  });

  it("answers a body shorter than its Content-Length with the API's error shape", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      headers: { "content-type": "application/json", "content-length": "500" },
      payload: '{"email":"a@example.com","password":"x"}',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ statusCode: 400, error: "bad_request", message: expect.any(String) });
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
  });

  it("keeps credentials in query strings out of the request log", async () => {
    await get(t, "/ws/v2?token=sekret-session-token&x=1");
    await get(t, "/media-private/a.webp?expires=1&signature=sekret-signature");
    const logged = JSON.stringify(log.lines);
    expect(logged).toContain("/ws/v2?token=[redacted]&x=1");
    expect(logged).not.toContain("sekret");
  });
});

describe("behind a trusted proxy", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { TRUST_PROXY: "loopback" } });
  });
  afterAll(async () => t.close());

  it("sends HSTS and upgrade-insecure-requests when the proxy says the request came over https", async () => {
    const viaHttps = await pageSaidViaHttps(t, "127.0.0.1");
    expect(viaHttps.headers["strict-transport-security"]).toMatch(/max-age=\d+/);
    expect(String(viaHttps.headers["content-security-policy"])).toContain("upgrade-insecure-requests");
    expect(viaHttps.headers["cross-origin-opener-policy"]).toBe("same-origin-allow-popups");

    const viaHttp = await get(t, "/", {
      from: "127.0.0.1",
      headers: { "x-forwarded-proto": "http", accept: "text/html" },
    });
    expect(viaHttp.headers["strict-transport-security"]).toBeUndefined();
  });

  it("does not take the forwarded protocol from a peer that is not the proxy", async () => {
    const response = await pageSaidViaHttps(t, LAN_CLIENT);
    expect(response.headers["strict-transport-security"]).toBeUndefined();
  });
});

describe("with an https PUBLIC_URL", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { PUBLIC_URL: "https://reverie.example" } });
  });
  afterAll(async () => t.close());

  it("always sends HSTS and upgrade-insecure-requests", async () => {
    const response = await get(t, "/", { headers: { accept: "text/html" } });
    expect(response.headers["strict-transport-security"]).toMatch(/max-age=\d+/);
    expect(String(response.headers["content-security-policy"])).toContain("upgrade-insecure-requests");
  });
});

describe("the developer mailbox", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { NODE_ENV: "development" } });
  });
  afterAll(async () => t.close());

  it.each(["/api/dev/mailbox", "/dev/mailbox"])("%s answers loopback clients only", async (url) => {
    const local = await get(t, url, { from: "127.0.0.1" });
    expect(local.statusCode).toBe(200);
    const mapped = await get(t, url, { from: "::ffff:127.0.0.1" });
    expect(mapped.statusCode).toBe(200);
    for (const remoteAddress of [LAN_CLIENT, "::ffff:10.0.0.8", "2001:db8::1"]) {
      const remote = await get(t, url, {
        from: remoteAddress,
        headers: { "x-forwarded-for": "127.0.0.1", host: "localhost:3000" },
      });
      expect(remote.statusCode, remoteAddress).toBe(404);
    }
  });

  it("is not readable through a DNS name rebound to this machine", async () => {
    const rebound = await get(t, "/api/dev/mailbox", {
      from: "127.0.0.1",
      headers: { host: "attacker.example:3000" },
    });
    expect(rebound.statusCode).toBe(404);
    for (const host of ["localhost:3000", "127.0.0.1:3000", "[::1]:3000", "app.localhost"]) {
      const local = await get(t, "/api/dev/mailbox", { from: "127.0.0.1", headers: { host } });
      expect(local.statusCode, host).toBe(200);
    }
  });

  it("is not readable through a reverse proxy on this machine, with or without forwarding headers", async () => {
    // a proxy that adds forwarding headers: never local, whatever Host it sends
    for (const headers of [
      { host: "127.0.0.1:3000", "x-forwarded-for": "203.0.113.9" },
      { host: "localhost:3000", forwarded: "for=203.0.113.9" },
      { host: "127.0.0.1:3000", "x-real-ip": "203.0.113.9" },
      { host: "127.0.0.1:3000", via: "1.1 nginx" },
    ]) {
      const proxied = await get(t, "/api/dev/mailbox", { from: "127.0.0.1", headers });
      expect(proxied.statusCode, JSON.stringify(headers)).toBe(404);
    }
    // nginx's default proxy_pass adds no forwarding header and sends Host: 127.0.0.1; with
    // TRUST_PROXY naming it, every request from it is a client's, not this machine's
    const behindNginx = await createTestApp({ env: { NODE_ENV: "development", TRUST_PROXY: "loopback" } });
    try {
      for (const url of ["/api/dev/mailbox", "/dev/mailbox"]) {
        const proxied = await get(behindNginx, url, {
          from: "127.0.0.1",
          headers: { host: "127.0.0.1:3000" },
        });
        expect(proxied.statusCode, url).toBe(404);
      }
      const health = await get(behindNginx, "/api/health", {
        from: "127.0.0.1",
        headers: { host: "127.0.0.1:3000" },
      });
      expect(Object.keys(health.json())).toEqual(["status"]);
    } finally {
      await behindNginx.close();
    }
  });

  it("is not there at all when emails go out over SMTP", async () => {
    const smtp = await createTestApp({ env: { NODE_ENV: "development", SMTP_URL: "smtp://127.0.0.1:2525" } });
    try {
      const response = await get(smtp, "/api/dev/mailbox", { from: "127.0.0.1" });
      expect(response.statusCode).toBe(404);
    } finally {
      await smtp.close();
    }
  });
});

describe("bodies the database or the validator cannot take", () => {
  let t: TestApp;
  let member: TestAccount;
  let chatId: number;
  beforeAll(async () => {
    t = await createTestApp();
    member = await signUp(t);
    chatId = (await member.call("POST", "/api/chats", { model_id: 1 })).body.id as number;
  });
  afterAll(async () => t.close());

  const post = (url: string, payload: string, token?: string) =>
    t.app.inject({
      method: "POST",
      url,
      payload,
      headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    });

  it("refuses a NUL character in a chat message or an analytics event with a 400 on both databases, storing nothing", async () => {
    const message = await post(
      `/api/chats/${chatId}/messages`,
      JSON.stringify({ message: { text: "hello\u0000world" } }),
      member.token,
    );
    expect(message.statusCode).toBe(400);
    expect(message.json()).toMatchObject({ error: "nul_character" });
    const events = await post(
      "/api/analytics/events",
      JSON.stringify({
        client_id: "c1",
        session_id: "s1",
        events: [{ event: "page_view", props: { path: "/\u0000" }, at: new Date().toISOString() }],
      }),
    );
    expect(events.statusCode).toBe(400);
    expect(events.json()).toMatchObject({ error: "nul_character" });
    const history = await member.call("GET", `/api/chats/${chatId}/messages`);
    expect(JSON.stringify(history.body)).not.toContain("hello");
    // a NUL in a query string too
    const query = await member.call("GET", "/api/models?gender=%00");
    expect(query.status).toBe(400);
  });

  it("refuses a body nested thousands of levels deep with a 400, on any route", async () => {
    for (const [url, payload] of [
      ["/api/auth/login", `{"email":${"[".repeat(6000)}${"]".repeat(6000)}}`],
      ["/api/analytics/events", `${'{"a":'.repeat(5000)}1${"}".repeat(5000)}`],
      [`/api/chats/${chatId}/messages`, `{"message":{"text":"hi"},"x":${"[".repeat(50)}${"]".repeat(50)}}`],
    ] as const) {
      const response = await post(url, payload, member.token);
      expect(response.statusCode, url).toBe(400);
      expect(response.json(), url).toMatchObject({ error: "too_deep" });
    }
  });
});
