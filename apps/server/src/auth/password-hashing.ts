import { randomBytes, timingSafeEqual } from "node:crypto";
import { availableParallelism } from "node:os";
import { Piscina } from "piscina";
import type { Argon2Task } from "./argon2-thread.ts";
import { BoundedWorkQueue } from "./bounded-work-queue.ts";

/**
 * argon2id at OWASP's minimum (19 MiB, 2 passes, 1 lane), computed by Node's built-in
 * implementation (no native addon) in worker threads, stored as a PHC string so parameters can be raised later
 * without breaking existing hashes.
 */
export const ARGON2_PARAMETERS = { memory: 19_456, passes: 2, parallelism: 1, tagLength: 32 } as const;
const SALT_BYTES = 16;
const PHC = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$([A-Za-z0-9+/]+)\$([A-Za-z0-9+/]+)$/;

/**
 * How much argon2 runs at once, process-wide. A derivation takes a core for ~40 ms: unbounded, a
 * flood of failed sign-ins queued hundreds of them and static files and /api/health waited seconds
 * behind. They run in worker threads (argon2-thread.ts), at most one fewer than the machine has
 * cores (at least one), so the event loop always has a core; up to 32 more wait (about a second
 * of work) and beyond that a caller gets 503 with Retry-After instead of a growing line.
 */
export const HASHING_LIMITS = {
  concurrency: Math.max(1, availableParallelism() - 1),
  maxWaiting: 32,
  retryAfterSeconds: 2,
} as const;
/** Every argon2 derivation of the process goes through this line (hash and verify alike). */
export const passwordHashingQueue = new BoundedWorkQueue(HASHING_LIMITS);
const threads = new Piscina<Argon2Task, Uint8Array>({
  filename: new URL("./argon2-thread.ts", import.meta.url).href,
  minThreads: 0,
  maxThreads: HASHING_LIMITS.concurrency,
  idleTimeout: 60_000,
});

async function derive(password: string, salt: Buffer, parameters: Argon2Task["parameters"]): Promise<Buffer> {
  const key = await passwordHashingQueue.run(() => threads.run({ password, salt, parameters }));
  return Buffer.from(key.buffer, key.byteOffset, key.byteLength);
}

const base64 = (buffer: Buffer) => buffer.toString("base64").replace(/=+$/, "");

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const { memory, passes, parallelism } = ARGON2_PARAMETERS;
  const hash = await derive(password, salt, ARGON2_PARAMETERS);
  return `$argon2id$v=19$m=${memory},t=${passes},p=${parallelism}$${base64(salt)}$${base64(hash)}`;
}

export async function verifyPassword({
  hash,
  password,
}: {
  hash: string;
  password: string;
}): Promise<boolean> {
  const match = PHC.exec(hash);
  if (!match) return false;
  const [, memory, passes, parallelism, salt, expected] = match as unknown as [
    string,
    string,
    string,
    string,
    string,
    string,
  ];
  const expectedBytes = Buffer.from(expected, "base64");
  const actual = await derive(password, Buffer.from(salt, "base64"), {
    memory: Number(memory),
    passes: Number(passes),
    parallelism: Number(parallelism),
    tagLength: expectedBytes.length,
  });
  return actual.length === expectedBytes.length && timingSafeEqual(actual, expectedBytes);
}
