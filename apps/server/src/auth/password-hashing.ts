import { argon2, randomBytes, timingSafeEqual } from "node:crypto";

/**
 * argon2id at OWASP's minimum (19 MiB, 2 passes, 1 lane), computed by Node's built-in
 * implementation (no native addon), stored as a PHC string so parameters can be raised later
 * without breaking existing hashes.
 */
export const ARGON2_PARAMETERS = { memory: 19_456, passes: 2, parallelism: 1, tagLength: 32 } as const;
const SALT_BYTES = 16;
const PHC = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$([A-Za-z0-9+/]+)\$([A-Za-z0-9+/]+)$/;

function derive(
  password: string,
  salt: Buffer,
  parameters: { memory: number; passes: number; parallelism: number; tagLength: number },
): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    argon2("argon2id", { message: password, nonce: salt, ...parameters }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
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
