import { describe, expect, it } from "vitest";
import { hashPassword, verifyPassword } from "./password-hashing.ts";

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
});
