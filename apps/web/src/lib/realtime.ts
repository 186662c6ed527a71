import { LIMITS, type SocketEvent, socketEventSchema } from "@reverie/shared";
import { useEffect, useRef, useSyncExternalStore } from "react";
import { env } from "@/config/env";

export type RealtimeStatus = "idle" | "connecting" | "open" | "closed";
type EventListener = (event: SocketEvent) => void;
type OpenListener = (reconnected: boolean) => void;

/** Minimal WebSocket surface the client uses, so tests can hand in a fake. */
export interface SocketLike {
  readyState: number;
  onopen: ((event: Event) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
  onerror: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
  send(data: string): void;
  close(): void;
}

export interface RealtimeOptions {
  createSocket?: (url: string) => SocketLike;
  pingMs?: number;
  reconnectMs?: number;
  /** the page's visibility; defaults to the document */
  visibility?: { isVisible(): boolean; subscribe(listener: () => void): () => void };
}

const OPEN = 1;

function socketUrl(token: string): string {
  const base = env.API_URL || window.location.origin;
  const url = new URL("/ws/v2", base);
  url.protocol = url.protocol === "https:" ? "wss:" : "ws:";
  url.searchParams.set("token", token);
  return url.toString();
}

const documentVisibility = {
  isVisible: () => document.visibilityState === "visible",
  subscribe(listener: () => void) {
    document.addEventListener("visibilitychange", listener);
    return () => document.removeEventListener("visibilitychange", listener);
  },
};

/**
 * The v2 messages socket (spec section 4): connected while signed in with the access token in the
 * query; sends the text `ping` every 30 s (the `pong` answers are ignored); reconnects 1.5 s after
 * it closes; closes itself on error; reconnects when the tab becomes visible and it is not open.
 */
export class RealtimeClient {
  readonly #createSocket: (url: string) => SocketLike;
  readonly #pingMs: number;
  readonly #reconnectMs: number;
  readonly #visibility: NonNullable<RealtimeOptions["visibility"]>;
  readonly #eventListeners = new Set<EventListener>();
  readonly #openListeners = new Set<OpenListener>();
  readonly #statusListeners = new Set<() => void>();
  #token: string | null = null;
  #socket: SocketLike | null = null;
  #status: RealtimeStatus = "idle";
  #pingTimer: ReturnType<typeof setInterval> | undefined;
  #reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  #stopVisibility: (() => void) | undefined;
  #everOpened = false;

  constructor(options: RealtimeOptions = {}) {
    this.#createSocket = options.createSocket ?? ((url) => new WebSocket(url));
    this.#pingMs = options.pingMs ?? LIMITS.socketPingMs;
    this.#reconnectMs = options.reconnectMs ?? LIMITS.socketReconnectMs;
    this.#visibility = options.visibility ?? documentVisibility;
  }

  get status(): RealtimeStatus {
    return this.#status;
  }

  /** Connects with this token (or switches to it); null disconnects. */
  setToken(token: string | null): void {
    if (token === this.#token) return;
    this.#token = token;
    this.#teardown();
    this.#everOpened = false;
    if (!token) {
      this.#stopVisibility?.();
      this.#stopVisibility = undefined;
      this.#setStatus("idle");
      return;
    }
    this.#stopVisibility ??= this.#visibility.subscribe(() => {
      if (this.#token && this.#visibility.isVisible() && this.#socket?.readyState !== OPEN) {
        this.#connect();
      }
    });
    this.#connect();
  }

  /** Every server event; returns the unsubscribe function. */
  subscribe(listener: EventListener): () => void {
    this.#eventListeners.add(listener);
    return () => this.#eventListeners.delete(listener);
  }

  /** Called on every open; `reconnected` is true after a drop, when missed events should be refetched. */
  onOpen(listener: OpenListener): () => void {
    this.#openListeners.add(listener);
    return () => this.#openListeners.delete(listener);
  }

  subscribeStatus(listener: () => void): () => void {
    this.#statusListeners.add(listener);
    return () => this.#statusListeners.delete(listener);
  }

  #setStatus(status: RealtimeStatus): void {
    if (status === this.#status) return;
    this.#status = status;
    for (const listener of this.#statusListeners) listener();
  }

  #connect(): void {
    const token = this.#token;
    if (!token) return;
    this.#teardown();
    this.#setStatus("connecting");
    const socket = this.#createSocket(socketUrl(token));
    this.#socket = socket;
    socket.onopen = () => {
      if (this.#socket !== socket) return;
      this.#setStatus("open");
      const reconnected = this.#everOpened;
      this.#everOpened = true;
      this.#pingTimer = setInterval(() => {
        if (socket.readyState === OPEN) socket.send("ping");
      }, this.#pingMs);
      for (const listener of this.#openListeners) listener(reconnected);
    };
    socket.onmessage = (message) => {
      if (this.#socket !== socket || typeof message.data !== "string" || message.data === "pong") return;
      let parsed: SocketEvent;
      try {
        parsed = socketEventSchema.parse(JSON.parse(message.data));
      } catch (error) {
        console.error("Ignoring a socket message that does not fit the contract.", error);
        return;
      }
      for (const listener of this.#eventListeners) listener(parsed);
    };
    socket.onerror = (event) => {
      if (this.#socket !== socket) return;
      console.error("Socket error; closing it.", event);
      socket.close();
    };
    socket.onclose = (event) => {
      if (this.#socket !== socket) return;
      console.warn(`Socket closed (${event.code}); reconnecting in ${this.#reconnectMs} ms.`);
      this.#clearPing();
      this.#socket = null;
      this.#setStatus("closed");
      this.#reconnectTimer = setTimeout(() => this.#connect(), this.#reconnectMs);
    };
  }

  #clearPing(): void {
    clearInterval(this.#pingTimer);
    this.#pingTimer = undefined;
  }

  /** Drops the current socket without scheduling a reconnect. */
  #teardown(): void {
    clearTimeout(this.#reconnectTimer);
    this.#reconnectTimer = undefined;
    this.#clearPing();
    const socket = this.#socket;
    this.#socket = null;
    if (socket) {
      socket.onopen = null;
      socket.onmessage = null;
      socket.onerror = null;
      socket.onclose = null;
      socket.close();
    }
  }
}

/** The app's one socket. */
export const realtime = new RealtimeClient();

/** Runs `listener` for every socket event while the component is mounted (the latest closure). */
export function useRealtimeEvents(listener: EventListener): void {
  const latest = useRef(listener);
  latest.current = listener;
  useEffect(() => realtime.subscribe((event) => latest.current(event)), []);
}

/** Runs `listener` each time the socket opens again after a drop (to refetch what was missed). */
export function useRealtimeReconnect(listener: () => void): void {
  const latest = useRef(listener);
  latest.current = listener;
  useEffect(
    () =>
      realtime.onOpen((reconnected) => {
        if (reconnected) latest.current();
      }),
    [],
  );
}

export function useRealtimeStatus(): RealtimeStatus {
  return useSyncExternalStore(
    (listener) => realtime.subscribeStatus(listener),
    () => realtime.status,
  );
}
