import { argon2Sync } from "node:crypto";

export interface Argon2Task {
  password: string;
  salt: Uint8Array;
  parameters: { memory: number; passes: number; parallelism: number; tagLength: number };
}

/**
 * One argon2id derivation, run in a worker thread of password-hashing.ts's pool. Node 24.9's
 * asynchronous crypto.argon2 first runs a whole derivation on the calling thread while it checks
 * its parameters (nodejs/node#62861, fixed upstream), which stalled the event loop ~25 ms
 * per sign-in; here both runs happen off the event loop.
 */
export default function deriveArgon2({ password, salt, parameters }: Argon2Task): Uint8Array {
  return argon2Sync("argon2id", { message: password, nonce: salt, ...parameters });
}
