import type { SocketEvent } from "@reverie/shared";
import { Redis } from "ioredis";
import { type EventBus, type EventListener, MemoryEventBus, type SessionsChangedListener } from "./bus.ts";

/** Redis's pattern characters, escaped so a prefix matches only itself. */
function escapePattern(text: string): string {
  return text.replace(/[*?[\]\\]/g, "\\$&");
}

/**
 * Scale-out: events are published to Redis, and every instance subscribes to all user channels
 * with one pattern and hands each event to the sockets it holds. Any instance (or worker) can
 * reach any user, without sticky sessions. Every channel starts with the deployment's prefix
 * (JOB_QUEUE_PREFIX, "reverie" by default), so deployments sharing a Redis never hear each other.
 */
export class RedisEventBus implements EventBus {
  readonly #publisher: Redis;
  readonly #subscriber: Redis;
  readonly #local = new MemoryEventBus();
  readonly #events: string;
  readonly #sessions: string;
  /** resolves once this instance receives events */
  readonly ready: Promise<void>;

  constructor(url: string, prefix = "reverie") {
    this.#events = `${prefix}:events:`;
    this.#sessions = `${prefix}:sessions:`;
    this.#publisher = new Redis(url, { maxRetriesPerRequest: 3 });
    this.#subscriber = new Redis(url);
    this.#subscriber.on("pmessage", (_pattern, channel, payload) => {
      if (channel.startsWith(this.#sessions)) {
        void this.#local.publishSessionsChanged(channel.slice(this.#sessions.length));
        return;
      }
      if (!channel.startsWith(this.#events)) return;
      const userId = channel.slice(this.#events.length);
      void this.#local.publish(userId, JSON.parse(payload) as SocketEvent);
    });
    this.ready = this.#subscriber
      .psubscribe(`${escapePattern(this.#events)}*`, `${escapePattern(this.#sessions)}*`)
      .then(() => undefined);
  }

  async publish(userId: string, event: SocketEvent): Promise<void> {
    await this.#publisher.publish(this.#events + userId, JSON.stringify(event));
  }

  subscribe(userId: string, listener: EventListener): () => void {
    return this.#local.subscribe(userId, listener);
  }

  async publishSessionsChanged(userId: string): Promise<void> {
    await this.#publisher.publish(this.#sessions + userId, "");
  }

  onSessionsChanged(userId: string, listener: SessionsChangedListener): () => void {
    return this.#local.onSessionsChanged(userId, listener);
  }

  async close(): Promise<void> {
    await this.#local.close();
    await Promise.allSettled([this.#subscriber.quit(), this.#publisher.quit()]);
  }
}

/**
 * Redis when REDIS_URL is set, its channels under the prefix (JOB_QUEUE_PREFIX); otherwise events
 * stay in this process.
 */
export async function createEventBus(redisUrl: string | undefined, prefix = "reverie"): Promise<EventBus> {
  if (!redisUrl) return new MemoryEventBus();
  const bus = new RedisEventBus(redisUrl, prefix);
  await bus.ready;
  return bus;
}
