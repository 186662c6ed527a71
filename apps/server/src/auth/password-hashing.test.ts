import { availableParallelism } from "node:os";
import { describe, expect, it } from "vitest";
import { ServiceBusyError } from "../errors.ts";
import { HASHING_LIMITS, hashPassword, passwordHashingQueue, verifyPassword } from "./password-hashing.ts";

describe("argon2id password hashing", () => {
  it("hashes to a PHC string with OWASP's minimum parameters and a random salt", async () => {
    const first = await hashPassword("correct horse");
    const second = await hashPassword("correct horse");
    expect(first).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/);
    expect(first).not.toBe(second);
  });

  it("verifies the right password and rejects others", async () => {
    const hash = await hashPassword("correct horse");
    expect(await verifyPassword({ hash, password: "correct horse" })).toBe(true);
    expect(await verifyPassword({ hash, password: "Correct horse" })).toBe(false);
    expect(await verifyPassword({ hash: "not-a-hash", password: "correct horse" })).toBe(false);
  });

  it("verifies a hash stored before derivations moved to worker threads", async () => {
    // made by node:crypto's asynchronous argon2 on the calling thread, as sign-ups did until then
    const stored =
      "$argon2id$v=19$m=19456,t=2,p=1$cmV2ZXJpZS1maXhlZC1zYWx0$lkGATj2jcF5e4ISVRBClEuGbHBWA3iTxOH4kxTi/C6g";
    expect(await verifyPassword({ hash: stored, password: "correct horse" })).toBe(true);
    expect(await verifyPassword({ hash: stored, password: "correct horse!" })).toBe(false);
  });
});

describe("the argon2 line", () => {
  it("leaves room on the machine: fewer derivations at once than cores and threadpool threads, a bounded line", () => {
    expect(HASHING_LIMITS.concurrency).toBeGreaterThanOrEqual(1);
    expect(HASHING_LIMITS.concurrency).toBeLessThanOrEqual(Math.max(1, availableParallelism() - 1));
    expect(HASHING_LIMITS.maxWaiting).toBeGreaterThan(0);
    expect(HASHING_LIMITS.retryAfterSeconds).toBeGreaterThan(0);
  });

  it("sends every hash and verification through the bounded line, and refuses one beyond it with 503", async () => {
    const hash = await hashPassword("correct horse");
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const blockers = Array.from({ length: HASHING_LIMITS.concurrency + HASHING_LIMITS.maxWaiting }, () =>
      passwordHashingQueue.run(() => gate),
    );
    expect(passwordHashingQueue.waiting).toBe(HASHING_LIMITS.maxWaiting);
    await expect(hashPassword("another")).rejects.toBeInstanceOf(ServiceBusyError);
    await expect(verifyPassword({ hash, password: "correct horse" })).rejects.toMatchObject({
      statusCode: 503,
      retryAfterSeconds: HASHING_LIMITS.retryAfterSeconds,
    });
    release();
    await Promise.all(blockers);
    expect(await verifyPassword({ hash, password: "correct horse" })).toBe(true);
  });
});
