import type { SocketEvent } from "@reverie/shared";

export type EventListener = (event: SocketEvent) => void;

/**
 * Delivers events to a user's open sockets, wherever they are connected. In-process by default;
 * with Redis, every instance publishes and subscribes through it (scale-out).
 */
export interface EventBus {
  publish(userId: string, event: SocketEvent): Promise<void>;
  subscribe(userId: string, listener: EventListener): () => void;
  close(): Promise<void>;
}

export class MemoryEventBus implements EventBus {
  readonly #listeners = new Map<string, Set<EventListener>>();

  async publish(userId: string, event: SocketEvent): Promise<void> {
    for (const listener of this.#listeners.get(userId) ?? []) listener(event);
  }

  subscribe(userId: string, listener: EventListener): () => void {
    const listeners = this.#listeners.get(userId) ?? new Set<EventListener>();
    listeners.add(listener);
    this.#listeners.set(userId, listeners);
    return () => {
      listeners.delete(listener);
      if (listeners.size === 0) this.#listeners.delete(userId);
    };
  }

  async close(): Promise<void> {
    this.#listeners.clear();
  }
}
