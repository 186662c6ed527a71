import { type SocketEvent, socketEventSchema } from "@reverie/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { MemoryEventBus } from "../../src/realtime/bus.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";

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

let users = 0;
async function newUser() {
  const response = await t.app.inject({
    method: "POST",
    url: "/api/auth/register",
    remoteAddress: `10.7.0.${++users}`,
    payload: { email: `socket${users}@example.com`, password: "secret1" },
  });
  return response.json() as { token: string; user: { id: string } };
}

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
  const next = async () => {
    for (let waited = 0; waited < 5000 && frames.length === 0; waited += 10) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    return frames.shift();
  };
  return { socket, opened, closed, next };
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

    await bus.publish(alice.user.id, event(11, "for alice"));
    const frame = socketEventSchema.parse(JSON.parse((await aliceSocket.next()) ?? "{}"));
    expect(frame).toMatchObject({ action: "add", message: { chat_id: 11, text: "for alice" } });

    bobSocket.socket.send("ping");
    expect(await bobSocket.next()).toBe("pong");
  });

  it.each([
    ["no token", "", {}, "HTTP 401"],
    ["a bad token", "?token=nope", {}, "HTTP 401"],
    ["another site's origin", "?token=TOKEN", { origin: "https://evil.example" }, "HTTP 403"],
  ])("refuses %s before the upgrade", async (_label, query, headers, expected) => {
    const { token } = await newUser();
    const attempt = connect(query.replace("TOKEN", token), headers);
    await expect(attempt.opened).rejects.toThrow(expected);
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
    for (let waited = 0; waited < 2000 && bus.active !== before; waited += 10) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(bus.active).toBe(before);
  });
});
