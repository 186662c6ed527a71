import type { WebSocket } from "ws";

/** Close codes and reasons the web client acts on (it does not reconnect after either). */
export const SOCKET_CLOSE = {
  sessionEnded: { code: 1008, reason: "session_ended" },
  tooManySockets: { code: 1008, reason: "too_many_sockets" },
} as const;

/** Timers past this many milliseconds overflow setTimeout; a recheck that far out is rescheduled. */
const LONGEST_TIMER_MS = 2_147_483_647;
const RETRY_CHECK_MS = 5_000;

export interface SocketSession {
  socket: WebSocket;
  token: string;
  expiresAt: number;
}

/**
 * The sockets this instance holds, per user: at most `maxPerUser` each (the oldest is closed
 * when one more opens), and each closed once its session has ended, whether it was signed out,
 * revoked or expired. `isLive` re-reads a session (one indexed read for a live one).
 */
export class UserSockets {
  readonly #byUser = new Map<string, Map<WebSocket, { token: string; timer: NodeJS.Timeout | undefined }>>();
  readonly #maxPerUser: number;
  readonly #isLive: (token: string) => Promise<number | null>;

  constructor(options: { maxPerUser: number; isLive: (token: string) => Promise<number | null> }) {
    this.#maxPerUser = options.maxPerUser;
    this.#isLive = options.isLive;
  }

  /** Keeps the socket until it closes; `isLive` answers the session's expiry, or null once it ended. */
  add(userId: string, { socket, token, expiresAt }: SocketSession): void {
    const sockets = this.#byUser.get(userId) ?? new Map();
    this.#byUser.set(userId, sockets);
    // a Map keeps insertion order, so the first key is the oldest socket
    while (sockets.size >= this.#maxPerUser) {
      const [oldest] = sockets.keys();
      if (!oldest) break;
      this.#forget(userId, oldest);
      oldest.close(SOCKET_CLOSE.tooManySockets.code, SOCKET_CLOSE.tooManySockets.reason);
    }
    sockets.set(socket, { token, timer: undefined });
    this.#scheduleExpiry(userId, socket, expiresAt);
    socket.once("close", () => this.#forget(userId, socket));
  }

  /** Re-checks every session of the user's sockets here and closes those that ended. */
  async recheck(userId: string): Promise<void> {
    const sockets = this.#byUser.get(userId);
    if (!sockets) return;
    await Promise.all([...sockets.keys()].map((socket) => this.#recheckSocket(userId, socket)));
  }

  count(userId: string): number {
    return this.#byUser.get(userId)?.size ?? 0;
  }

  async #recheckSocket(userId: string, socket: WebSocket): Promise<void> {
    const entry = this.#byUser.get(userId)?.get(socket);
    if (!entry) return;
    const expiresAt = await this.#isLive(entry.token).catch(() => undefined);
    if (expiresAt === undefined) {
      // the database did not answer: keep the socket and ask again shortly
      this.#scheduleExpiry(userId, socket, Date.now() + RETRY_CHECK_MS);
      return;
    }
    if (expiresAt === null) {
      this.#forget(userId, socket);
      socket.close(SOCKET_CLOSE.sessionEnded.code, SOCKET_CLOSE.sessionEnded.reason);
      return;
    }
    this.#scheduleExpiry(userId, socket, expiresAt);
  }

  #scheduleExpiry(userId: string, socket: WebSocket, expiresAt: number): void {
    const entry = this.#byUser.get(userId)?.get(socket);
    if (!entry) return;
    clearTimeout(entry.timer);
    const delay = Math.min(Math.max(expiresAt - Date.now(), 0) + 100, LONGEST_TIMER_MS);
    entry.timer = setTimeout(() => void this.#recheckSocket(userId, socket), delay);
    entry.timer.unref();
  }

  #forget(userId: string, socket: WebSocket): void {
    const sockets = this.#byUser.get(userId);
    const entry = sockets?.get(socket);
    if (!sockets || !entry) return;
    clearTimeout(entry.timer);
    sockets.delete(socket);
    if (sockets.size === 0) this.#byUser.delete(userId);
  }
}
