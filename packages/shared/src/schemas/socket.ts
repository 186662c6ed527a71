import { z } from "zod";
import { userSchema } from "./auth.ts";
import { messageSchema } from "./chats.ts";

/** A chat message as the v2 socket sends it: the message plus its id as `message_id`. */
export const chatMessageEventSchema = messageSchema.extend({
  message_id: z.number().int(),
});

/** Voice and media progress: provider status `generating` → UI pending, `ready` → playing (data.link). */
export const statusChangeEventSchema = z.object({
  chat_id: z.number().int(),
  message_id: z.number().int(),
  type: z.string(),
  status_information: z.object({
    status: z.string(),
    data: z.object({ link: z.string().optional() }),
  }),
});

/** Every server → client frame of `/ws/v2` (JSON text). The client sends the text `ping`; the server answers `pong`. */
export const socketEventSchema = z.discriminatedUnion("action", [
  z.object({ action: z.literal("add"), message: chatMessageEventSchema }),
  z.object({ action: z.literal("update"), message: chatMessageEventSchema }),
  z.object({ action: z.literal("status_change"), message: statusChangeEventSchema }),
  z.object({
    action: z.literal("update_custom_image"),
    model_id: z.number().int(),
    images_urls: z.array(z.string()),
    /** the POST /api/custom/images request the pictures answer (absent for a character's portrait) */
    request_id: z.number().int().optional(),
    /**
     * set when the request failed for good: what to tell the user; `images_urls` then holds the
     * pictures made before it failed, and the pictures not made were refunded
     */
    error: z.string().optional(),
  }),
  z.object({ action: z.literal("custom_model_created"), id: z.number().int(), model_id: z.number().int() }),
  /**
   * What the chat's character remembers of the user changed (learnt from an exchange, or edited in
   * another tab): GET /api/chats/:chatId/memory again. The memory is the user's and the character's
   * (`model_id`), so it holds for every chat with that character.
   */
  z.object({ action: z.literal("memory_update"), chat_id: z.number().int(), model_id: z.number().int() }),
  /**
   * The user's balance or plan changed (a purchase, a renewal, an unlock in another tab, a grant):
   * the user as GET /api/user answers it, so every open tab shows the new balance at once.
   */
  z.object({
    action: z.literal("user_update"),
    user: userSchema,
    /** why, for the tab to say so: a token purchase, a subscription started or renewed, a failed renewal */
    reason: z.enum([
      "tokens_added",
      "subscription_started",
      "subscription_renewed",
      "payment_failed",
      "balance_changed",
    ]),
  }),
]);
export type SocketEvent = z.infer<typeof socketEventSchema>;

export const SOCKET_LIMITS = { maxFrameBytes: 64 * 1024, idleTimeoutMs: 90_000 } as const;
