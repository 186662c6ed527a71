import { z } from "zod";
import { isSaneSubId, SUB_ID_LENGTH } from "../sub-id.ts";

/** An ad sub id where attribution is the call's whole purpose: an insane one is refused with the reason. */
export const subIdSchema = z
  .string()
  .refine(
    isSaneSubId,
    `An ad sub id is ${SUB_ID_LENGTH.min}–${SUB_ID_LENGTH.max} letters, digits, "-", "_" or ".", with a digit, and not an app address.`,
  )
  .describe("the ad network's sub id (click id) the visitor landed with at /:id");

/** POST /api/user/lead: the lead of an OAuth sign-up (the email is the account's). */
export const leadBodySchema = z.object({ subid: subIdSchema });
export const leadSchema = z.object({ subid: z.string(), status: z.literal("lead") });
export type Lead = z.infer<typeof leadSchema>;

/** PUT /api/user/advertising: the sub id last seen with the signed-in user (last touch). */
export const advertisingTokenBodySchema = z.object({ subid: subIdSchema });
export const advertisingTokenSchema = z.object({ subid: z.string(), saved_at: z.string() });
export type AdvertisingToken = z.infer<typeof advertisingTokenSchema>;
