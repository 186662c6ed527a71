import type { SocketEvent } from "@reverie/shared";

export type EventListener = (event: SocketEvent) => void;
export type SessionsChangedListener = () => void;

/**
 * Delivers events to a user's open sockets, wherever they are connected. In-process by default;
 * with Redis, every instance publishes and subscribes through it (scale-out).
 */
export interface EventBus {
  publish(userId: string, event: SocketEvent): Promise<void>;
  subscribe(userId: string, listener: EventListener): () => void;
  /**
   * Says that some of the user's sessions ended (sign-out, revocation, a new password): every
   * instance re-checks the sessions of that user's sockets and closes the ended ones.
   */
  publishSessionsChanged(userId: string): Promise<void>;
  onSessionsChanged(userId: string, listener: SessionsChangedListener): () => void;
  close(): Promise<void>;
}

/** Listeners kept per user; an empty set is dropped so idle users cost nothing. */
class ListenerRegistry<Listener> {
  readonly #byUser = new Map<string, Set<Listener>>();

  forUser(userId: string): Iterable<Listener> {
    return this.#byUser.get(userId) ?? [];
  }

  add(userId: string, listener: Listener): () => void {
    const listeners = this.#byUser.get(userId) ?? new Set<Listener>();
    listeners.add(listener);
    this.#byUser.set(userId, listeners);
    return () => {
      listeners.delete(listener);
      if (listeners.size === 0 && this.#byUser.get(userId) === listeners) this.#byUser.delete(userId);
    };
  }

  clear(): void {
    this.#byUser.clear();
  }
}

export class MemoryEventBus implements EventBus {
  readonly #events = new ListenerRegistry<EventListener>();
  readonly #sessions = new ListenerRegistry<SessionsChangedListener>();

  async publish(userId: string, event: SocketEvent): Promise<void> {
    for (const listener of this.#events.forUser(userId)) listener(event);
  }

  subscribe(userId: string, listener: EventListener): () => void {
    return this.#events.add(userId, listener);
  }

  async publishSessionsChanged(userId: string): Promise<void> {
    for (const listener of this.#sessions.forUser(userId)) listener();
  }

  onSessionsChanged(userId: string, listener: SessionsChangedListener): () => void {
    return this.#sessions.add(userId, listener);
  }

  async close(): Promise<void> {
    this.#events.clear();
    this.#sessions.clear();
  }
}
