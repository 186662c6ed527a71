import { LRUCache } from "lru-cache";
import { type CachedAnswer, sizeOf } from "./cached-answer.ts";

export interface AnswerCacheOptions {
  /** the catalog version now; an answer built from another version is never served */
  currentVersion: () => number;
  /** how many answers are kept at most (least recently used go first) */
  maxEntries?: number;
  /** how many bytes they hold at most, compressed copies included */
  maxBytes?: number;
}

/**
 * Built answers by request key, bounded in count and bytes. An answer is served while its catalog
 * version is current and its time to live lasts (the bound on staleness where the catalog changed
 * in another instance). Concurrent misses of one key share one build.
 */
export class AnswerCache {
  readonly #answers: LRUCache<string, CachedAnswer>;
  readonly #building = new Map<string, Promise<CachedAnswer>>();
  readonly #currentVersion: () => number;

  constructor(options: AnswerCacheOptions) {
    this.#currentVersion = options.currentVersion;
    this.#answers = new LRUCache<string, CachedAnswer>({
      max: options.maxEntries ?? 1_000,
      maxSize: options.maxBytes ?? 32 * 1024 * 1024,
      sizeCalculation: sizeOf,
    });
  }

  get size(): number {
    return this.#answers.size;
  }

  /** The answer for a key, if it was built from the current catalog and is still fresh. */
  get(key: string): CachedAnswer | undefined {
    const answer = this.#answers.get(key);
    return answer?.version === this.#currentVersion() ? answer : undefined;
  }

  /**
   * The cached answer, or a new one from `build` (given the version it builds from), kept for
   * `ttlMs`. A failed build is not kept: every request waiting on it gets its error.
   */
  async getOrBuild(
    key: string,
    ttlMs: number,
    build: (version: number) => Promise<CachedAnswer>,
  ): Promise<CachedAnswer> {
    const cached = this.get(key);
    if (cached) return cached;
    const version = this.#currentVersion();
    const buildKey = `${version} ${key}`;
    const pending = this.#building.get(buildKey);
    if (pending) return pending;
    const building = build(version).then(
      (answer) => {
        this.#building.delete(buildKey);
        // built from a catalog that changed meanwhile: good for the requests that waited, not for later ones
        if (version === this.#currentVersion()) this.#answers.set(key, answer, { ttl: ttlMs });
        return answer;
      },
      (error: unknown) => {
        this.#building.delete(buildKey);
        throw error;
      },
    );
    this.#building.set(buildKey, building);
    return building;
  }
}
