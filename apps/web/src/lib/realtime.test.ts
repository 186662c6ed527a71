import type { SocketEvent } from "@reverie/shared";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { RealtimeClient, type SocketLike } from "./realtime";

class FakeSocket implements SocketLike {
  readyState = 0;
  sent: string[] = [];
  closed = false;
  onopen: SocketLike["onopen"] = null;
  onclose: SocketLike["onclose"] = null;
  onerror: SocketLike["onerror"] = null;
  onmessage: SocketLike["onmessage"] = null;
  readonly url: string;

  constructor(url: string) {
    this.url = url;
  }
  send(data: string) {
    this.sent.push(data);
  }
  close() {
    if (this.closed) return;
    this.closed = true;
    this.readyState = 3;
    this.onclose?.({ code: 1006 } as CloseEvent);
  }
  open() {
    this.readyState = 1;
    this.onopen?.({} as Event);
  }
  receive(data: string) {
    this.onmessage?.({ data } as MessageEvent);
  }
}

function setup() {
  const sockets: FakeSocket[] = [];
  let visible = true;
  const visibilityListeners = new Set<() => void>();
  const client = new RealtimeClient({
    createSocket: (url) => {
      const socket = new FakeSocket(url);
      sockets.push(socket);
      return socket;
    },
    visibility: {
      isVisible: () => visible,
      subscribe(listener) {
        visibilityListeners.add(listener);
        return () => visibilityListeners.delete(listener);
      },
    },
  });
  const setVisible = (value: boolean) => {
    visible = value;
    for (const listener of visibilityListeners) listener();
  };
  return { client, sockets, setVisible };
}

const typingEvent: SocketEvent = {
  action: "add",
  message: {
    id: -4,
    message_id: -4,
    chat_id: 7,
    model_id: 3,
    from: "model",
    type: "typing",
    text: "",
    image_url: null,
    images_urls: [],
    video_duration: null,
    locked: false,
    price_tokens: null,
    send_at: "2026-11-22T10:00:00.000Z",
  },
};

beforeEach(() => {
  vi.useFakeTimers();
  vi.stubGlobal("window", { location: { origin: "https://reverie.test" } });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.spyOn(console, "warn").mockRestore();
});

describe("RealtimeClient", () => {
  it("connects to /ws/v2 with the token in the query, over wss on https", () => {
    const { client, sockets } = setup();
    client.setToken("abc def");
    expect(sockets).toHaveLength(1);
    expect(sockets[0]?.url).toBe("wss://reverie.test/ws/v2?token=abc+def");
    expect(client.status).toBe("connecting");
    sockets[0]?.open();
    expect(client.status).toBe("open");
  });

  it("sends ping every 30 s while open and ignores pong", () => {
    const { client, sockets } = setup();
    const events: SocketEvent[] = [];
    client.subscribe((event) => events.push(event));
    client.setToken("t");
    sockets[0]?.open();
    vi.advanceTimersByTime(29_999);
    expect(sockets[0]?.sent).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(sockets[0]?.sent).toEqual(["ping"]);
    vi.advanceTimersByTime(30_000);
    expect(sockets[0]?.sent).toEqual(["ping", "ping"]);
    sockets[0]?.receive("pong");
    expect(events).toEqual([]);
  });

  it("delivers contract events and drops malformed ones", () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const { client, sockets } = setup();
    const events: SocketEvent[] = [];
    client.subscribe((event) => events.push(event));
    client.setToken("t");
    sockets[0]?.open();
    sockets[0]?.receive(JSON.stringify(typingEvent));
    sockets[0]?.receive("{not json");
    sockets[0]?.receive(JSON.stringify({ action: "explode" }));
    expect(events).toEqual([typingEvent]);
  });

  it("reconnects 1.5 s after a close and reports the reopen as a reconnection", () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const { client, sockets } = setup();
    const opens: boolean[] = [];
    client.onOpen((reconnected) => opens.push(reconnected));
    client.setToken("t");
    sockets[0]?.open();
    sockets[0]?.close();
    expect(client.status).toBe("closed");
    vi.advanceTimersByTime(1_499);
    expect(sockets).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(2);
    sockets[1]?.open();
    expect(opens).toEqual([false, true]);
  });

  it("closes itself on error (and then reconnects)", () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const { client, sockets } = setup();
    client.setToken("t");
    sockets[0]?.open();
    sockets[0]?.onerror?.({} as Event);
    expect(sockets[0]?.closed).toBe(true);
    vi.advanceTimersByTime(1_500);
    expect(sockets).toHaveLength(2);
  });

  it("reconnects at once when the tab becomes visible and the socket is not open", () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const { client, sockets, setVisible } = setup();
    client.setToken("t");
    sockets[0]?.open();
    setVisible(true);
    expect(sockets).toHaveLength(1); // open: nothing to do
    sockets[0]?.close();
    setVisible(false);
    expect(sockets).toHaveLength(1);
    setVisible(true);
    expect(sockets).toHaveLength(2);
  });

  it("disconnects for good when the token goes away", () => {
    const { client, sockets, setVisible } = setup();
    client.setToken("t");
    sockets[0]?.open();
    client.setToken(null);
    expect(sockets[0]?.closed).toBe(true);
    expect(client.status).toBe("idle");
    vi.advanceTimersByTime(10_000);
    setVisible(true);
    expect(sockets).toHaveLength(1);
  });
});
