import { vi } from "vitest";

export interface EventuallyOptions<T> {
  /** whether the value read is the one waited for; by default, any truthy one */
  until?: (value: T) => boolean;
  /** how long to wait, in ms (20 s by default: jobs and replies run through the queue) */
  timeout?: number;
  /** what is waited for, for the error */
  what?: string;
}

/**
 * Reads a real condition (an event collected from the bus or a socket, a row, an answer of the API)
 * until it holds, and returns the value read: the one way the integration tests wait for work done
 * in the background, instead of fixed sleeps (vi.waitFor underneath).
 */
export function eventually<T>(
  read: () => T | Promise<T>,
  options: EventuallyOptions<T> = {},
): Promise<NonNullable<T>> {
  const until = options.until ?? ((value: T) => Boolean(value));
  return vi.waitFor(
    async () => {
      const value = await read();
      if (!until(value)) throw new Error(`timed out waiting for ${options.what ?? "a condition"}`);
      return value as NonNullable<T>;
    },
    { timeout: options.timeout ?? 20_000, interval: 20 },
  );
}

/** `eventually` for slower background work (a day's statistics, a retried reply): `read` until `done`, within 30 s. */
export const until = <T>(read: () => Promise<T>, done: (value: T) => boolean, what: string) =>
  eventually(read, { until: done, timeout: 30_000, what });
