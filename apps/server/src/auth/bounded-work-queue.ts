import PQueue from "p-queue";
import { ServiceBusyError } from "../errors.ts";

export interface WorkQueueLimits {
  /** tasks running at once */
  concurrency: number;
  /** tasks waiting for a free slot; one more is refused at once */
  maxWaiting: number;
  /** what a refused caller is told to wait (the Retry-After header) */
  retryAfterSeconds: number;
}

/**
 * Runs at most `concurrency` tasks at once with at most `maxWaiting` more in line. A task beyond
 * that is refused at once with ServiceBusyError (503 + Retry-After): a short refusal serves a
 * flood better than a line that grows without end, delaying everyone behind it.
 */
export class BoundedWorkQueue {
  readonly #queue: PQueue;
  readonly #maxWaiting: number;
  readonly #retryAfterSeconds: number;

  constructor(limits: WorkQueueLimits) {
    this.#queue = new PQueue({ concurrency: limits.concurrency });
    this.#maxWaiting = limits.maxWaiting;
    this.#retryAfterSeconds = limits.retryAfterSeconds;
  }

  run<T>(task: () => Promise<T>): Promise<T> {
    if (this.full) return Promise.reject(new ServiceBusyError(this.#retryAfterSeconds));
    return this.#queue.add(task);
  }

  /** Refuses (ServiceBusyError) at once when a task would be refused now: lets a caller skip work it would waste. */
  ensureRoom(): void {
    if (this.full) throw new ServiceBusyError(this.#retryAfterSeconds);
  }

  /** every slot is taken and the waiting line is at its bound */
  get full(): boolean {
    return this.#queue.pending >= this.#queue.concurrency && this.#queue.size >= this.#maxWaiting;
  }

  /** tasks running now */
  get running(): number {
    return this.#queue.pending;
  }

  /** tasks waiting for a slot */
  get waiting(): number {
    return this.#queue.size;
  }
}
