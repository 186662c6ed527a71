import { LIMITS, type SocketEvent } from "@reverie/shared";
import { useEffect, useRef, useSyncExternalStore } from "react";
import { env } from "@/config/env";
import { type Contract, expireSession, loadContract } from "./api-client";
import { backoffDelay, RETRY_BACKOFF } from "./backoff";
import { connectivity, reportServerReachable, subscribeConnectivity } from "./connectivity";
import { storage } from "./storage";

/**
 * `closed`: dropped, a reconnect is scheduled. `replaced`: the server closed it because the user has
 * too many sockets open (another tab took over); it reconnects when the tab becomes visible again.
 * `ended`: the session behind the token ended; it does not reconnect with that token.
 */
export type RealtimeStatus = "idle" | "connecting" | "open" | "closed" | "replaced" | "ended";

/**
 * What the screens need to know: `online` (events arrive), `connecting` (the first attempt),
 * `reconnecting` (down, retrying), `paused` (another tab took over; retried when this one is shown
 * again), `offline` (signed out, or the session ended).
 */
export type RealtimeConnection = "online" | "connecting" | "reconnecting" | "paused" | "offline";

/** Reasons the server gives when it closes the socket (close code 1008, policy violation). */
export const CLOSE_REASONS = {
  /** the session was revoked, expired or logged out */
  sessionEnded: "session_ended",
  /** the user opened too many sockets and this, the oldest, was closed */
  tooManySockets: "too_many_sockets",
  /** the token was refused after the upgrade */
  unauthorized: "unauthorized",
} as const;

type EventListener = (event: SocketEvent) => void;
type OpenListener = (reconnected: boolean) => void;
type SessionEndedListener = (token: string) => void;

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
  /** the wait before the first reconnect; later ones double up to `maxReconnectMs` (with jitter) */
  reconnectMs?: number;
  maxReconnectMs?: number;
  /** 0 ≤ random() < 1, the jitter of the reconnect waits; Math.random by default */
  random?: () => number;
  /** the page's visibility; defaults to the document */
  visibility?: { isVisible(): boolean; subscribe(listener: () => void): () => void };
  /**
   * Whether the network and the server are back (lib/connectivity.ts by default): a socket waiting
   * to reconnect tries at once then.
   */
  network?: { isOnline(): boolean; subscribe(listener: () => void): () => void };
  /** The contract, for `socketEventSchema`; loaded on demand by default. */
  loadContract?: () => Promise<Pick<Contract, "socketEventSchema">>;
  /**
   * The server closed the socket because this token's session ended. Called after the reconnect
   * delay, and only when no other token was set meanwhile: logging out, a password change or another
   * tab's new sign-in replace the token right after the server ends the old session.
   */
  onSessionEnded?: SessionEndedListener;
}

const OPEN = 1;

function socketUrl(token: string): string {
  const base = env.API_URL || window.location.origin;
  const url = new URL("/ws/v2", base);
  url.protocol = url.protocol === "https:" ? "wss:" : "ws:";
  url.searchParams.set("token", token);
  return url.toString();
}

const appConnectivity = {
  isOnline: () => connectivity() === "online",
  subscribe: subscribeConnectivity,
};

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
 * it closes, and while it stays down waits twice as long each time, up to 30 s, with jitter (lib/
 * backoff.ts); closes itself on error; reconnects at once when the tab becomes visible, or the
 * network or the server comes back, and it is not open.
 * A close because the session ended stops it for that token (and reports it); a close because the
 * user opened too many sockets waits until the tab is shown again.
 */
export class RealtimeClient {
  readonly #createSocket: (url: string) => SocketLike;
  readonly #pingMs: number;
  readonly #reconnectMs: number;
  readonly #maxReconnectMs: number;
  readonly #random: () => number;
  readonly #visibility: NonNullable<RealtimeOptions["visibility"]>;
  readonly #network: NonNullable<RealtimeOptions["network"]>;
  readonly #eventListeners = new Set<EventListener>();
  readonly #openListeners = new Set<OpenListener>();
  readonly #statusListeners = new Set<() => void>();
  readonly #onSessionEnded: SessionEndedListener | undefined;
  readonly #loadContract: NonNullable<RealtimeOptions["loadContract"]>;
  /** Frames are parsed in turn, so they reach the listeners in the order they arrived. */
  #inbox: Promise<void> = Promise.resolve();
  #token: string | null = null;
  #socket: SocketLike | null = null;
  #status: RealtimeStatus = "idle";
  #pingTimer: ReturnType<typeof setInterval> | undefined;
  #reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  #stopVisibility: (() => void) | undefined;
  #stopNetwork: (() => void) | undefined;
  /** reconnects tried since the socket was last open (the backoff's step) */
  #failedAttempts = 0;
  #everOpened = false;
  /** a socket with this token closed since the last open (the connection is not new) */
  #dropped = false;

  constructor(options: RealtimeOptions = {}) {
    this.#createSocket = options.createSocket ?? ((url) => new WebSocket(url));
    this.#pingMs = options.pingMs ?? LIMITS.socketPingMs;
    this.#reconnectMs = options.reconnectMs ?? LIMITS.socketReconnectMs;
    this.#maxReconnectMs = options.maxReconnectMs ?? RETRY_BACKOFF.socketMaxMs;
    this.#random = options.random ?? Math.random;
    this.#visibility = options.visibility ?? documentVisibility;
    this.#network = options.network ?? appConnectivity;
    this.#onSessionEnded = options.onSessionEnded;
    this.#loadContract = options.loadContract ?? loadContract;
  }

  get status(): RealtimeStatus {
    return this.#status;
  }

  get connection(): RealtimeConnection {
    const status = this.#status;
    if (status === "open") return "online";
    // a retry after a drop is still "reconnecting", so the screen does not flicker between attempts
    if (status === "connecting") return this.#dropped ? "reconnecting" : "connecting";
    if (status === "closed") return "reconnecting";
    if (status === "replaced") return "paused";
    return "offline";
  }

  /** Connects with this token (or switches to it); null disconnects. */
  setToken(token: string | null): void {
    if (token === this.#token) return;
    this.#token = token;
    this.#teardown();
    this.#everOpened = false;
    this.#dropped = false;
    this.#failedAttempts = 0;
    if (!token) {
      this.#stopVisibility?.();
      this.#stopVisibility = undefined;
      this.#stopNetwork?.();
      this.#stopNetwork = undefined;
      this.#setStatus("idle");
      return;
    }
    this.#stopVisibility ??= this.#visibility.subscribe(() => {
      if (
        this.#token &&
        this.#status !== "ended" &&
        this.#visibility.isVisible() &&
        this.#socket?.readyState !== OPEN
      ) {
        this.#connect();
      }
    });
    // back online: a socket waiting out its backoff tries now (one that is connecting goes on)
    this.#stopNetwork ??= this.#network.subscribe(() => {
      if (this.#status === "closed" && this.#network.isOnline() && this.#visibility.isVisible()) {
        this.#failedAttempts = 0;
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
      // opened after a failed attempt: events may have been missed since the page loaded its data
      const reconnected = this.#everOpened || this.#dropped;
      this.#dropped = false;
      this.#failedAttempts = 0;
      reportServerReachable(true);
      this.#setStatus("open");
      this.#everOpened = true;
      this.#pingTimer = setInterval(() => {
        if (socket.readyState === OPEN) socket.send("ping");
      }, this.#pingMs);
      for (const listener of this.#openListeners) listener(reconnected);
    };
    socket.onmessage = (message) => {
      if (this.#socket !== socket || typeof message.data !== "string" || message.data === "pong") return;
      const frame = message.data;
      this.#inbox = this.#inbox.then(async () => {
        let parsed: SocketEvent;
        try {
          parsed = (await this.#loadContract()).socketEventSchema.parse(JSON.parse(frame));
        } catch (error) {
          console.error("Ignoring a socket message that does not fit the contract.", error);
          return;
        }
        for (const listener of this.#eventListeners) listener(parsed);
      });
    };
    socket.onerror = (event) => {
      if (this.#socket !== socket) return;
      console.error("Socket error; closing it.", event);
      socket.close();
    };
    socket.onclose = (event) => {
      if (this.#socket !== socket) return;
      this.#clearPing();
      this.#socket = null;
      this.#dropped = true;
      if (event.reason === CLOSE_REASONS.sessionEnded || event.reason === CLOSE_REASONS.unauthorized) {
        console.warn(`Socket closed (${event.code} ${event.reason}): the session ended.`);
        this.#setStatus("ended");
        this.#reconnectTimer = setTimeout(() => this.#onSessionEnded?.(token), this.#reconnectMs);
        return;
      }
      if (event.reason === CLOSE_REASONS.tooManySockets) {
        console.warn(
          `Socket closed (${event.code} ${event.reason}); reconnecting when this tab is shown again.`,
        );
        this.#setStatus("replaced");
        return;
      }
      const delay = backoffDelay(this.#failedAttempts, {
        baseMs: this.#reconnectMs,
        maxMs: this.#maxReconnectMs,
        random: this.#random,
      });
      this.#failedAttempts += 1;
      console.warn(`Socket closed (${event.code}); reconnecting in ${delay} ms.`);
      this.#setStatus("closed");
      this.#reconnectTimer = setTimeout(() => this.#connect(), delay);
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

/**
 * The server ended the session of `token`: sign this device out, as a 401 does. Unless another tab
 * has stored a new token meanwhile (a password change there): dropping that one would sign it out too.
 */
export function signOutEndedSession(token: string): void {
  if (storage.get("accessToken") === token) expireSession();
}

/** The app's one socket. */
export const realtime = new RealtimeClient({ onSessionEnded: signOutEndedSession });

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

export function useRealtimeConnection(): RealtimeConnection {
  return useSyncExternalStore(
    (listener) => realtime.subscribeStatus(listener),
    () => realtime.connection,
  );
}
