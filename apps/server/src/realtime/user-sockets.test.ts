import { EventEmitter } from "node:events";
import { describe, expect, it } from "vitest";
import type { WebSocket } from "ws";
import { UserSockets } from "./user-sockets.ts";

/** Enough of a socket for the registry: close() records the reason and emits "close". */
class FakeSocket extends EventEmitter {
  closedWith: { code: number; reason: string } | null = null;
  close(code: number, reason: string) {
    this.closedWith = { code, reason };
    this.emit("close");
  }
}

const asSocket = (fake: FakeSocket) => fake as unknown as WebSocket;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("UserSockets", () => {
  it("closes a socket once its session has expired", async () => {
    const registry = new UserSockets({ maxPerUser: 10, isLive: async () => null });
    const socket = new FakeSocket();
    registry.add("u1", { socket: asSocket(socket), token: "t", expiresAt: Date.now() + 20 });
    expect(socket.closedWith).toBeNull();
    for (let waited = 0; waited < 2000 && !socket.closedWith; waited += 20) await sleep(20);
    expect(socket.closedWith).toEqual({ code: 1008, reason: "session_ended" });
    expect(registry.count("u1")).toBe(0);
  });

  it("keeps a socket whose session was extended meanwhile, and checks again at the new expiry", async () => {
    let checks = 0;
    const registry = new UserSockets({
      maxPerUser: 10,
      isLive: async () => (++checks === 1 ? Date.now() + 20 : null),
    });
    const socket = new FakeSocket();
    registry.add("u1", { socket: asSocket(socket), token: "t", expiresAt: Date.now() + 10 });
    for (let waited = 0; waited < 2000 && !socket.closedWith; waited += 20) await sleep(20);
    expect(checks).toBe(2);
    expect(socket.closedWith?.reason).toBe("session_ended");
  });

  it("re-checks only on request otherwise, and closes only the sockets whose session ended", async () => {
    const live = new Set(["a"]);
    const registry = new UserSockets({
      maxPerUser: 10,
      isLive: async (token) => (live.has(token) ? Date.now() + 60_000 : null),
    });
    const kept = new FakeSocket();
    const ended = new FakeSocket();
    registry.add("u1", { socket: asSocket(kept), token: "a", expiresAt: Date.now() + 60_000 });
    registry.add("u1", { socket: asSocket(ended), token: "b", expiresAt: Date.now() + 60_000 });
    await registry.recheck("u1");
    expect(kept.closedWith).toBeNull();
    expect(ended.closedWith?.reason).toBe("session_ended");
    expect(registry.count("u1")).toBe(1);
    kept.emit("close");
    expect(registry.count("u1")).toBe(0);
  });

  it("keeps a socket when the session store does not answer", async () => {
    const registry = new UserSockets({
      maxPerUser: 10,
      isLive: async () => {
        throw new Error("database down");
      },
    });
    const socket = new FakeSocket();
    registry.add("u1", { socket: asSocket(socket), token: "t", expiresAt: Date.now() + 60_000 });
    await registry.recheck("u1");
    expect(socket.closedWith).toBeNull();
    socket.emit("close");
  });

  it("closes the oldest socket when the user opens one too many", () => {
    const registry = new UserSockets({ maxPerUser: 2, isLive: async () => Date.now() + 60_000 });
    const [first, second, third] = [new FakeSocket(), new FakeSocket(), new FakeSocket()];
    for (const socket of [first, second, third]) {
      registry.add("u1", { socket: asSocket(socket), token: "t", expiresAt: Date.now() + 60_000 });
    }
    expect(first.closedWith).toEqual({ code: 1008, reason: "too_many_sockets" });
    expect(second.closedWith).toBeNull();
    expect(registry.count("u1")).toBe(2);
    for (const socket of [second, third]) socket.emit("close");
  });
});
