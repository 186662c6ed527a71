import { type SocketEvent, socketEventSchema } from "@reverie/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { MemoryEventBus } from "../../src/realtime/bus.ts";
import { signUp } from "../helpers/accounts.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";
import { eventually } from "../helpers/wait.ts";

/** The in-process bus, counting live subscriptions so a test can see a socket let go of its own. */
class CountingBus extends MemoryEventBus {
  active = 0;

  override subscribe(...args: Parameters<MemoryEventBus["subscribe"]>) {
    const unsubscribe = super.subscribe(...args);
    this.active++;
    return () => {
      this.active--;
      unsubscribe();
    };
  }
}

const bus = new CountingBus();
let t: TestApp;
let base: string;
const sockets: WebSocket[] = [];

beforeAll(async () => {
  t = await createTestApp({ bus });
  const address = await t.app.listen({ host: "127.0.0.1", port: 0 });
  base = address.replace("http", "ws");
});
afterAll(async () => {
  for (const socket of sockets) socket.terminate();
  await t.close();
});

const newUser = () => signUp(t, { prefix: "socket", password: "secret1", firstName: null });

function connect(query: string, headers: Record<string, string> = {}) {
  const socket = new WebSocket(`${base}/ws/v2${query}`, { headers });
  sockets.push(socket);
  const frames: string[] = [];
  socket.on("message", (data) => frames.push(data.toString()));
  const opened = new Promise<void>((resolve, reject) => {
    socket.once("open", () => resolve());
    socket.once("unexpected-response", (_request, response) =>
      reject(new Error(`HTTP ${response.statusCode}`)),
    );
    socket.once("error", reject);
  });
  const closed = new Promise<number>((resolve) => socket.once("close", (code) => resolve(code)));
  const closeReason = new Promise<string>((resolve) =>
    socket.once("close", (_code, reason) => resolve(reason.toString())),
  );
  const next = async () => {
    await eventually(() => frames.length > 0, { timeout: 5000, what: "a frame" }).catch(() => undefined);
    return frames.shift();
  };
  const refusal = new Promise<{ status: number; body: string }>((resolve) =>
    socket.once("unexpected-response", (_request, response) => {
      let body = "";
      response.on("data", (chunk: Buffer) => {
        body += chunk.toString();
      });
      response.on("end", () => resolve({ status: response.statusCode ?? 0, body }));
    }),
  );
  return { socket, opened, closed, closeReason, next, refusal };
}

const event = (chatId: number, text: string): SocketEvent => ({
  action: "add",
  message: {
    id: 1,
    message_id: 1,
    chat_id: chatId,
    model_id: 3,
    from: "model",
    type: "text",
    text,
    image_url: null,
    images_urls: [],
    video_duration: null,
    locked: false,
    price_tokens: null,
    send_at: new Date().toISOString(),
  },
});

describe("the v2 socket", () => {
  it("answers ping with pong and delivers the user's events, and only theirs", async () => {
    const alice = await newUser();
    const bob = await newUser();
    const aliceSocket = connect(`?token=${alice.token}`, { origin: "http://localhost:3000" });
    const bobSocket = connect(`?token=${bob.token}`);
    await Promise.all([aliceSocket.opened, bobSocket.opened]);

    aliceSocket.socket.send("ping");
    expect(await aliceSocket.next()).toBe("pong");

    await bus.publish(alice.id, event(11, "for alice"));
    const frame = socketEventSchema.parse(JSON.parse((await aliceSocket.next()) ?? "{}"));
    expect(frame).toMatchObject({ action: "add", message: { chat_id: 11, text: "for alice" } });

    bobSocket.socket.send("ping");
    expect(await bobSocket.next()).toBe("pong");
  });

  it.each([
    ["no token", "", {}, "HTTP 401"],
    ["a bad token", "?token=nope", {}, "HTTP 401"],
    ["an empty token", "?token=", {}, "HTTP 401"],
    ["an over-long token", `?token=${"a".repeat(501)}`, {}, "HTTP 401"],
    ["a repeated token", "?token=TOKEN&token=TOKEN", {}, "HTTP 401"],
    ["another site's origin", "?token=TOKEN", { origin: "https://evil.example" }, "HTTP 403"],
    [
      "an origin on the app's host with another port",
      "?token=TOKEN",
      { origin: "http://127.0.0.1:1" },
      "HTTP 403",
    ],
    ["an origin that is not a URL", "?token=TOKEN", { origin: "null" }, "HTTP 403"],
  ])("refuses %s before the upgrade", async (_label, query, headers, expected) => {
    const { token } = await newUser();
    const attempt = connect(query.replaceAll("TOKEN", token), headers);
    await expect(attempt.opened).rejects.toThrow(expected);
  });

  it("names the reason when it refuses an origin", async () => {
    const { token } = await newUser();
    const attempt = connect(`?token=${token}`, { origin: "https://evil.example" });
    await expect(attempt.opened).rejects.toThrow("HTTP 403");
    const refusal = await attempt.refusal;
    expect(JSON.parse(refusal.body)).toMatchObject({ statusCode: 403, error: "origin_not_allowed" });
  });

  it("accepts the page's own origin, however the app was opened (127.0.0.1, a LAN address)", async () => {
    const { token } = await newUser();
    // the server listens on 127.0.0.1 while PUBLIC_URL says localhost
    const ownOrigin = connect(`?token=${token}`, { origin: base.replace("ws", "http") });
    await ownOrigin.opened;
    const lanHost = connect(`?token=${token}`, {
      origin: "http://192.168.1.10:3000",
      host: "192.168.1.10:3000",
    });
    await lanHost.opened;
    // a Host claim does not make a forwarded one count: X-Forwarded-Host is ignored without TRUST_PROXY
    const forwarded = connect(`?token=${token}`, {
      origin: "https://evil.example",
      "x-forwarded-host": "evil.example",
      "x-forwarded-proto": "https",
    });
    await expect(forwarded.opened).rejects.toThrow("HTTP 403");
  });

  it("keeps at most 10 sockets per user, closing the oldest with a reason", async () => {
    const { token } = await newUser();
    const clients = [];
    for (let index = 0; index < 10; index++) {
      const client = connect(`?token=${token}`);
      await client.opened;
      clients.push(client);
    }
    const eleventh = connect(`?token=${token}`);
    await eleventh.opened;
    expect(await clients[0]?.closed).toBe(1008);
    expect(await clients[0]?.closeReason).toBe("too_many_sockets");
    eleventh.socket.send("ping");
    expect(await eleventh.next()).toBe("pong");
    clients[1]?.socket.send("ping");
    expect(await clients[1]?.next()).toBe("pong");
  });

  it("accepts origins listed in ALLOWED_ORIGINS", async () => {
    const listed = await createTestApp({
      env: { ALLOWED_ORIGINS: "https://app.example.com, http://10.0.0.5:8080" },
    });
    try {
      const address = (await listed.app.listen({ host: "127.0.0.1", port: 0 })).replace("http", "ws");
      const register = await listed.app.inject({
        method: "POST",
        url: "/api/auth/register",
        payload: { email: "listed@example.com", password: "secret1" },
      });
      const { token } = register.json() as { token: string };
      const open = (origin: string) =>
        new Promise<number>((resolve) => {
          const socket = new WebSocket(`${address}/ws/v2?token=${token}`, { headers: { origin } });
          socket.once("open", () => {
            socket.close();
            resolve(101);
          });
          socket.once("unexpected-response", (_request, response) => resolve(response.statusCode ?? 0));
        });
      expect(await open("https://app.example.com")).toBe(101);
      expect(await open("http://10.0.0.5:8080")).toBe(101);
      expect(await open("https://other.example.com")).toBe(403);
    } finally {
      await listed.close();
    }
  });

  it("closes the socket on a frame over 64 KB", async () => {
    const { token } = await newUser();
    const client = connect(`?token=${token}`);
    await client.opened;
    client.socket.send("x".repeat(64 * 1024 + 1));
    expect(await client.closed).toBe(1009);
  });

  it("drops the socket's subscription when it closes", async () => {
    const user = await newUser();
    const before = bus.active;
    const client = connect(`?token=${user.token}`);
    await client.opened;
    expect(bus.active).toBe(before + 1);
    client.socket.close();
    await client.closed;
    await expect.poll(() => bus.active, { timeout: 2000 }).toBe(before);
  });
});

describe("a socket whose session ends", () => {
  async function call(url: string, token: string, body?: object, method = "POST") {
    const response = await t.app.inject({
      method: method as "POST",
      url,
      headers: { authorization: `Bearer ${token}` },
      ...(body ? { payload: body } : {}),
    });
    return { status: response.statusCode, body: response.body ? response.json() : null };
  }

  async function signIn(email: string, password = "secret1") {
    const response = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      remoteAddress: "10.8.0.1",
      payload: { email, password },
    });
    return (response.json() as { token: string }).token;
  }

  /** Waits for the close; a socket left open fails the test after the bound. */
  async function closedWithin(client: ReturnType<typeof connect>, ms: number) {
    const timeout = new Promise<string>((resolve) => setTimeout(() => resolve("still open"), ms));
    return Promise.race([client.closeReason, timeout]);
  }

  it("closes at sign-out, and only that session's sockets", async () => {
    const user = await newUser();
    const { email } = user;
    const other = await signIn(email);
    const mine = connect(`?token=${user.token}`);
    const theirs = connect(`?token=${other}`);
    await Promise.all([mine.opened, theirs.opened]);

    expect((await call("/api/auth/logout", user.token)).status).toBe(204);
    expect(await closedWithin(mine, 1000)).toBe("session_ended");
    theirs.socket.send("ping");
    expect(await theirs.next()).toBe("pong");
  });

  it("closes every other device's socket when the password changes", async () => {
    const user = await newUser();
    const { email } = user;
    const phone = await signIn(email);
    const phoneSocket = connect(`?token=${phone}`);
    await phoneSocket.opened;
    const changed = await call("/api/auth/password/change", user.token, {
      currentPassword: "secret1",
      newPassword: "secret2",
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(await closedWithin(phoneSocket, 1000)).toBe("session_ended");
  });

  it("closes on sign-out everywhere and on revoking one session", async () => {
    const user = await newUser();
    const { email } = user;
    const laptop = await signIn(email);
    const laptopSocket = connect(`?token=${laptop}`);
    await laptopSocket.opened;
    const sessions = (await call("/api/auth/sessions", user.token, undefined, "GET")).body as {
      items: { id: string; current: boolean }[];
    };
    const laptopSession = sessions.items.find((session) => !session.current);
    expect(laptopSession).toBeDefined();
    expect(
      (await call(`/api/auth/sessions/${laptopSession?.id}`, user.token, undefined, "DELETE")).status,
    ).toBe(204);
    expect(await closedWithin(laptopSocket, 1000)).toBe("session_ended");

    const mine = connect(`?token=${user.token}`);
    await mine.opened;
    expect((await call("/api/auth/sessions", user.token, undefined, "DELETE")).status).toBe(204);
    expect(await closedWithin(mine, 1000)).toBe("session_ended");
  });

  it("closes when the password is reset with an emailed code", async () => {
    const user = await newUser();
    const { email } = user;
    const client = connect(`?token=${user.token}`);
    await client.opened;
    await t.app.inject({ method: "POST", url: "/api/auth/password/restore", payload: { email } });
    const mailbox = await t.app.inject({
      method: "GET",
      url: `/api/dev/mailbox?to=${encodeURIComponent(email)}&limit=1`,
    });
    const text = (mailbox.json() as { items: { text: string }[] }).items[0]?.text ?? "";
    const oobCode = decodeURIComponent(/oobCode=([^&\s"]+)/.exec(text)?.[1] ?? "");
    const reset = await t.app.inject({
      method: "POST",
      url: "/api/auth/password/reset",
      payload: { oobCode, newPassword: "secret9" },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(await closedWithin(client, 1000)).toBe("session_ended");
  });
});
