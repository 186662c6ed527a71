import { argon2, randomBytes, timingSafeEqual } from "node:crypto";
import { availableParallelism } from "node:os";
import { BoundedWorkQueue } from "./bounded-work-queue.ts";

/**
 * argon2id at OWASP's minimum (19 MiB, 2 passes, 1 lane), computed by Node's built-in
 * implementation (no native addon), stored as a PHC string so parameters can be raised later
 * without breaking existing hashes.
 */
export const ARGON2_PARAMETERS = { memory: 19_456, passes: 2, parallelism: 1, tagLength: 32 } as const;
const SALT_BYTES = 16;
const PHC = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$([A-Za-z0-9+/]+)\$([A-Za-z0-9+/]+)$/;

/**
 * How much argon2 runs at once, process-wide. Each derivation takes a libuv threadpool thread
 * (4 by default, shared with file reads, zlib and DNS) and a core for ~50 ms: unbounded, a flood of
 * failed sign-ins queued hundreds of them and static files and /api/health waited seconds behind.
 * At most one core less than the machine has (at least 1) and two threads less than the pool, so
 * the event loop and file reads always have room; up to 32 more wait (about a second of work) and
 * beyond that a caller gets 503 with Retry-After instead of a growing line.
 */
const THREADPOOL_SIZE = Number(process.env.UV_THREADPOOL_SIZE) || 4;
export const HASHING_LIMITS = {
  concurrency: Math.max(1, Math.min(availableParallelism() - 1, THREADPOOL_SIZE - 2)),
  maxWaiting: 32,
  retryAfterSeconds: 2,
} as const;
/** Every argon2 derivation of the process goes through this line (hash and verify alike). */
export const passwordHashingQueue = new BoundedWorkQueue(HASHING_LIMITS);

function derive(
  password: string,
  salt: Buffer,
  parameters: { memory: number; passes: number; parallelism: number; tagLength: number },
): Promise<Buffer> {
  return passwordHashingQueue.run(
    () =>
      new Promise((resolve, reject) => {
        argon2("argon2id", { message: password, nonce: salt, ...parameters }, (error, key) =>
          error ? reject(error) : resolve(key),
        );
      }),
  );
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
