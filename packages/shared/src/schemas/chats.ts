import { z } from "zod";
import { LIMITS, MESSAGE_MAX_LENGTH } from "../constants.ts";
import { modelSchema, modelSummarySchema } from "./catalog.ts";
import { errorResponseSchema, genderSchema } from "./common.ts";

/** Message types: stored ones, plus the transient typing/start_generation placeholders. */
export const messageTypeSchema = z.enum([
  "",
  "text",
  "typing",
  "start_generation",
  "image",
  "private_image",
  "private_video",
]);
export type MessageType = z.infer<typeof messageTypeSchema>;

export const messageSchema = z.object({
  id: z.number().int(),
  chat_id: z.number().int(),
  model_id: z.number().int(),
  from: z.enum(["user", "model"]),
  type: messageTypeSchema,
  text: z.string(),
  image_url: z.string().nullable(),
  images_urls: z.array(z.string()),
  video_duration: z.number().nullable(),
  locked: z.boolean().describe("private media stay locked until unlocked with tokens"),
  price_tokens: z.number().int().nullable(),
  send_at: z.string().describe("ISO 8601"),
});
export type Message = z.infer<typeof messageSchema>;

export const chatSchema = z.object({
  id: z.number().int(),
  model: modelSummarySchema,
  last_message: messageSchema.nullable(),
});
export type Chat = z.infer<typeof chatSchema>;

/**
 * POST /api/chats — the chat just opened, with its character in full (a catalog character or one of
 * the user's own), so the chat screen needs no second call to know who it is talking to.
 */
export const openedChatSchema = chatSchema.extend({ model: modelSchema });
export type OpenedChat = z.infer<typeof openedChatSchema>;

export const chatListQuerySchema = z.object({
  gender: genderSchema.optional(),
  search: z.string().trim().max(100).optional(),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export const chatListResponseSchema = z.object({
  items: z.array(chatSchema),
  pages_count: z.number().int(),
  total_count: z.number().int(),
});
export type ChatListResponse = z.infer<typeof chatListResponseSchema>;

export const createChatBodySchema = z.object({ model_id: z.coerce.number().int().positive() });

export const messagesQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(LIMITS.messagePageSize),
  page: z.coerce.number().int().min(1).default(1),
  reverse: z
    .enum(["true", "false"])
    .default("true")
    .transform((value) => value === "true")
    .describe("true: page 1 holds the newest messages (each page still oldest first)"),
});
export const messagesResponseSchema = z.object({
  items: z.array(messageSchema),
  total_count: z.number().int(),
});

export const sendMessageBodySchema = z.object({
  message: z.object({
    text: z
      .string()
      .trim()
      .min(1, "Message is required.")
      .max(MESSAGE_MAX_LENGTH, `Your Message is too long. Max - ${MESSAGE_MAX_LENGTH}`),
  }),
  realistic: z.boolean().default(true).describe("picture style for images this message asks for"),
});
/** What the user has left to spend, after a call that may have spent some. */
export const balanceSchema = z.object({ free_msgs: z.number().int(), tokens: z.number().int() });
export type Balance = z.infer<typeof balanceSchema>;

export const sendMessageResponseSchema = z.object({ message: messageSchema, balance: balanceSchema });

/** 402 on send: the web app removes the optimistic message and opens the buy-tokens prompt. */
export const insufficientBalanceSchema = z.object({
  statusCode: z.literal(402),
  error: z.literal("insufficient_balance"),
  type: z.string().describe("what could not be paid for, e.g. message"),
  message: z.string(),
});

export const deleteMessagesBodySchema = z.object({
  msgs_ids: z.array(z.number().int().positive()).min(1).max(500),
});
export const deletedResponseSchema = z.object({ deleted: z.number().int() });

/** 422: moderation refused the text (e.g. sexual content involving minors); nothing stored or charged. */
export const contentRefusedSchema = errorResponseSchema.extend({ category: z.string() });

/** Path of a single message in a chat. */
export const chatMessageParamsSchema = z.object({
  id: z.coerce.number().int().positive().describe("chat id"),
  messageId: z.coerce.number().int().positive(),
});

/** Unlocking a private_image / private_video message: the message with its full media, and the balance after. */
export const unlockMessageResponseSchema = z.object({ message: messageSchema, balance: balanceSchema });

/**
 * Voice for a character's message: `ready` carries the link at once; `generating` ends with a
 * status_change event. `balance` comes with a request that charged tokens (a free-plan user).
 */
export const voiceMessageResponseSchema = z.object({
  message_id: z.number().int(),
  status: z.enum(["generating", "ready"]),
  link: z.string().optional(),
  balance: balanceSchema.optional(),
});

/** 403 for a premium feature on the free plan: the web app opens the paywall with `source`. */
export const premiumRequiredSchema = errorResponseSchema.extend({
  error: z.literal("premium_required"),
  source: z.string().describe("paywall source label, e.g. voice_message_free_plan_user"),
});
