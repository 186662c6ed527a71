import { z } from "zod";

/**
 * The runtime half of the contract: zod and every schema of `@reverie/shared`. Only ever imported
 * on demand (`loadContract` in api-client.ts), so it is one chunk that loads beside the first API
 * call instead of in the JavaScript a screen needs before it renders (decision 0016). Types come from
 * `import type` anywhere; constants (storage keys, limits) are imported directly.
 */
export * from "@reverie/shared";

/** Some error answers (rate limits, for one) carry only a message. */
export const partialErrorSchema = z.object({ error: z.string().optional(), message: z.string().min(1) });
