import type { SocketEvent } from "@reverie/shared";
import { Redis } from "ioredis";
import { type EventBus, type EventListener, MemoryEventBus, type SessionsChangedListener } from "./bus.ts";

const CHANNEL_PREFIX = "reverie:events:";
const SESSIONS_PREFIX = "reverie:sessions:";

/**
 * Scale-out: events are published to Redis, and every instance subscribes to all user channels
 * with one pattern and hands each event to the sockets it holds. Any instance (or worker) can
 * reach any user, without sticky sessions.
 */
export class RedisEventBus implements EventBus {
  readonly #publisher: Redis;
  readonly #subscriber: Redis;
  readonly #local = new MemoryEventBus();
  /** resolves once this instance receives events */
  readonly ready: Promise<void>;

  constructor(url: string) {
    this.#publisher = new Redis(url, { maxRetriesPerRequest: 3 });
    this.#subscriber = new Redis(url);
    this.#subscriber.on("pmessage", (_pattern, channel, payload) => {
      if (channel.startsWith(SESSIONS_PREFIX)) {
        void this.#local.publishSessionsChanged(channel.slice(SESSIONS_PREFIX.length));
        return;
      }
      const userId = channel.slice(CHANNEL_PREFIX.length);
      void this.#local.publish(userId, JSON.parse(payload) as SocketEvent);
    });
    this.ready = this.#subscriber
      .psubscribe(`${CHANNEL_PREFIX}*`, `${SESSIONS_PREFIX}*`)
      .then(() => undefined);
  }

  async publish(userId: string, event: SocketEvent): Promise<void> {
    await this.#publisher.publish(CHANNEL_PREFIX + userId, JSON.stringify(event));
  }

  subscribe(userId: string, listener: EventListener): () => void {
    return this.#local.subscribe(userId, listener);
  }

  async publishSessionsChanged(userId: string): Promise<void> {
    await this.#publisher.publish(SESSIONS_PREFIX + userId, "");
  }

  onSessionsChanged(userId: string, listener: SessionsChangedListener): () => void {
    return this.#local.onSessionsChanged(userId, listener);
  }

  async close(): Promise<void> {
    await this.#local.close();
    await Promise.allSettled([this.#subscriber.quit(), this.#publisher.quit()]);
  }
}

/** Redis when REDIS_URL is set; otherwise events stay in this process. */
export async function createEventBus(redisUrl: string | undefined): Promise<EventBus> {
  if (!redisUrl) return new MemoryEventBus();
  const bus = new RedisEventBus(redisUrl);
  await bus.ready;
  return bus;
}
