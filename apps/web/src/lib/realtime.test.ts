import type { SocketEvent } from "@reverie/shared";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { CLOSE_REASONS, RealtimeClient, type SocketLike, signOutEndedSession } from "./realtime";

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
  /** The server closes the socket with a code and a reason. */
  closeFromServer(code: number, reason: string) {
    this.closed = true;
    this.readyState = 3;
    this.onclose?.({ code, reason } as CloseEvent);
  }
  receive(data: string) {
    this.onmessage?.({ data } as MessageEvent);
  }
}

function setup(options: { random?: () => number } = {}) {
  const sockets: FakeSocket[] = [];
  let visible = true;
  const visibilityListeners = new Set<() => void>();
  let online = true;
  const networkListeners = new Set<() => void>();
  const endedSessions: string[] = [];
  const client = new RealtimeClient({
    // the longest wait of each step unless a test asks for jitter
    random: options.random ?? (() => 0),
    network: {
      isOnline: () => online,
      subscribe(listener) {
        networkListeners.add(listener);
        return () => networkListeners.delete(listener);
      },
    },
    onSessionEnded: (token) => endedSessions.push(token),
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
  const setOnline = (value: boolean) => {
    online = value;
    for (const listener of networkListeners) listener();
  };
  return { client, sockets, setVisible, setOnline, endedSessions };
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

  it("delivers contract events in order and drops malformed ones", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const { client, sockets } = setup();
    const events: SocketEvent[] = [];
    client.subscribe((event) => events.push(event));
    client.setToken("t");
    sockets[0]?.open();
    const later: SocketEvent = {
      ...typingEvent,
      message: { ...typingEvent.message, id: -5, message_id: -5 },
    };
    sockets[0]?.receive(JSON.stringify(typingEvent));
    sockets[0]?.receive("{not json");
    sockets[0]?.receive(JSON.stringify({ action: "explode" }));
    sockets[0]?.receive(JSON.stringify(later));
    // parsed once the contract (zod) has loaded, in the order the frames came
    await vi.waitFor(() => expect(events).toHaveLength(2));
    expect(events).toEqual([typingEvent, later]);
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

  it("waits twice as long after each failed reconnect, up to 30 s, and starts over once open", () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const { client, sockets } = setup();
    client.setToken("t");
    sockets[0]?.open();
    sockets[0]?.close();
    const waits: number[] = [];
    for (let attempt = 0; attempt < 8; attempt++) {
      const before = sockets.length;
      let waited = 0;
      while (sockets.length === before) {
        vi.advanceTimersByTime(100);
        waited += 100;
      }
      waits.push(waited);
      sockets.at(-1)?.close();
    }
    expect(waits).toEqual([1_500, 3_000, 6_000, 12_000, 24_000, 30_000, 30_000, 30_000]);

    // a reconnect that opens resets the backoff: the next drop waits 1.5 s again
    vi.advanceTimersByTime(30_000);
    sockets.at(-1)?.open();
    sockets.at(-1)?.close();
    const count = sockets.length;
    vi.advanceTimersByTime(1_500);
    expect(sockets).toHaveLength(count + 1);
  });

  it("spreads the reconnect waits with jitter, never longer than the step", () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const { client, sockets } = setup({ random: () => 0.999 });
    client.setToken("t");
    sockets[0]?.open();
    sockets[0]?.close();
    vi.advanceTimersByTime(749);
    expect(sockets).toHaveLength(1);
    vi.advanceTimersByTime(2);
    expect(sockets).toHaveLength(2);
  });

  it("reconnects at once when the network comes back, and reports it as a reconnection", () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const { client, sockets, setOnline } = setup();
    const opens: boolean[] = [];
    client.onOpen((reconnected) => opens.push(reconnected));
    client.setToken("t");
    // the first attempt fails (opened offline): events may be missed from then on
    setOnline(false);
    sockets[0]?.close();
    for (let attempt = 1; attempt < 5; attempt++) {
      vi.advanceTimersByTime(30_000);
      sockets.at(-1)?.close();
    }
    const count = sockets.length;
    setOnline(true);
    expect(sockets).toHaveLength(count + 1);
    sockets.at(-1)?.open();
    expect(opens).toEqual([true]);
    // while open, coming online again does nothing
    setOnline(true);
    expect(sockets).toHaveLength(count + 1);
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

  it("tells connecting, online and reconnecting apart, without flickering between retries", () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const { client, sockets } = setup();
    const seen: string[] = [];
    client.subscribeStatus(() => seen.push(client.connection));
    expect(client.connection).toBe("offline");
    client.setToken("t");
    expect(client.connection).toBe("connecting");
    // the first attempt fails (a refused upgrade closes the socket without opening it)
    sockets[0]?.close();
    expect(client.connection).toBe("reconnecting");
    vi.advanceTimersByTime(1_500);
    expect(sockets).toHaveLength(2);
    expect(client.status).toBe("connecting");
    expect(client.connection).toBe("reconnecting");
    sockets[1]?.open();
    expect(client.connection).toBe("online");
    sockets[1]?.close();
    expect(client.connection).toBe("reconnecting");
    expect(seen).toEqual(["connecting", "reconnecting", "reconnecting", "online", "reconnecting"]);
  });

  it("stops for good when the server says the session ended, and reports it after the reconnect delay", () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const { client, sockets, setVisible, endedSessions } = setup();
    client.setToken("old-token");
    sockets[0]?.open();
    sockets[0]?.closeFromServer(1008, CLOSE_REASONS.sessionEnded);
    expect(client.status).toBe("ended");
    expect(client.connection).toBe("offline");
    vi.advanceTimersByTime(1_499);
    expect(endedSessions).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(endedSessions).toEqual(["old-token"]);
    // no reconnect loop: not on a timer, not when the tab is shown again
    vi.advanceTimersByTime(60_000);
    setVisible(false);
    setVisible(true);
    expect(sockets).toHaveLength(1);
    expect(endedSessions).toEqual(["old-token"]);
  });

  it("does not report an ended session whose token was replaced meanwhile (log out, password change)", () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const { client, sockets, endedSessions } = setup();
    client.setToken("old-token");
    sockets[0]?.open();
    sockets[0]?.closeFromServer(1008, CLOSE_REASONS.sessionEnded);
    client.setToken("new-token");
    vi.advanceTimersByTime(10_000);
    expect(endedSessions).toEqual([]);
    expect(sockets).toHaveLength(2);
    expect(sockets[1]?.url).toContain("token=new-token");

    sockets[1]?.closeFromServer(1008, CLOSE_REASONS.sessionEnded);
    client.setToken(null);
    vi.advanceTimersByTime(10_000);
    expect(endedSessions).toEqual([]);
  });

  it("waits for the tab to be shown again when another tab took over (too many sockets)", () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const { client, sockets, setVisible, endedSessions } = setup();
    const opens: boolean[] = [];
    client.onOpen((reconnected) => opens.push(reconnected));
    client.setToken("t");
    sockets[0]?.open();
    sockets[0]?.closeFromServer(1008, CLOSE_REASONS.tooManySockets);
    expect(client.status).toBe("replaced");
    expect(client.connection).toBe("paused");
    vi.advanceTimersByTime(60_000);
    expect(sockets).toHaveLength(1);
    setVisible(false);
    expect(sockets).toHaveLength(1);
    setVisible(true);
    expect(sockets).toHaveLength(2);
    sockets[1]?.open();
    expect(opens).toEqual([false, true]);
    expect(endedSessions).toEqual([]);
  });

  it("reconnects as usual after a close with any other reason", () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const { client, sockets } = setup();
    client.setToken("t");
    sockets[0]?.open();
    sockets[0]?.closeFromServer(1001, "idle");
    expect(client.connection).toBe("reconnecting");
    vi.advanceTimersByTime(1_500);
    expect(sockets).toHaveLength(2);
  });
});

describe("signOutEndedSession", () => {
  function stubBrowser(storedToken: string | null) {
    const store = new Map<string, string>(storedToken ? [["_accessToken", storedToken]] : []);
    const assign = vi.fn();
    vi.stubGlobal("window", {
      location: { origin: "https://reverie.test", pathname: "/chat/3", search: "", assign },
      localStorage: {
        getItem: (key: string) => store.get(key) ?? null,
        setItem: (key: string, value: string) => store.set(key, value),
        removeItem: (key: string) => store.delete(key),
      },
    });
    return { store, assign };
  }

  it("signs the device out as a 401 does when the ended token is the stored one", () => {
    const { store, assign } = stubBrowser("old-token");
    signOutEndedSession("old-token");
    expect(store.has("_accessToken")).toBe(false);
    expect(assign).toHaveBeenCalledWith("/login?source=ExpiredToken");
  });

  it("keeps a newer token that another tab stored meanwhile", () => {
    const { store, assign } = stubBrowser("new-token");
    signOutEndedSession("old-token");
    expect(store.get("_accessToken")).toBe("new-token");
    expect(assign).not.toHaveBeenCalled();
  });
});
