import { z } from "zod";
import { MESSAGE_REPORT_REASONS } from "../constants.ts";
import { adminReasonField } from "./admin.ts";

/** The console's Moderation screen and the users' "Report" action (decision 30). */

export const messageReportReasonSchema = z.enum(MESSAGE_REPORT_REASONS);

/** POST /api/chats/:id/messages/:messageId/report — by the chat's owner, once per message. */
export const messageReportBodySchema = z.object({
  reason: messageReportReasonSchema,
  note: z.string().trim().max(500, "Keep the note under 500 characters.").optional(),
});
export type MessageReportBody = z.infer<typeof messageReportBodySchema>;

export const messageReportCreatedSchema = z.object({ id: z.number().int(), status: z.literal("open") });

/** GET /api/admin/moderation/events?user_id&surface&category&from&to&before&limit — newest first. */
export const moderationEventQuerySchema = z.object({
  user_id: z.string().trim().min(1).optional(),
  surface: z.enum(["chat_message", "image_prompt", "character_definition", "model_output"]).optional(),
  category: z.string().trim().min(1).max(100).optional(),
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
  before: z.coerce.number().int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type ModerationEventFilter = z.output<typeof moderationEventQuerySchema>;
/** What a client sends (every parameter may be left out). */
export type ModerationEventQuery = Partial<ModerationEventFilter>;

export const moderationEventSchema = z.object({
  id: z.number().int(),
  user_id: z.string().nullable(),
  user_email: z.string().nullable(),
  surface: z.string(),
  category: z.string(),
  classifier: z.string(),
  /** the start of the refused text (or a window of it around the evidence) */
  excerpt: z.string(),
  /** the words that decided the refusal, as written; null for older events and refusals without one */
  evidence: z.string().nullable(),
  created_at: z.string(),
});
export type ModerationEvent = z.infer<typeof moderationEventSchema>;

export const moderationEventListSchema = z.object({
  items: z.array(moderationEventSchema),
  next_before: z.number().int().nullable(),
});
export type ModerationEventList = z.infer<typeof moderationEventListSchema>;

export const MESSAGE_REPORT_STATUSES = ["open", "dismissed", "message_hidden", "user_banned"] as const;

/** GET /api/admin/moderation/reports?status&before&limit — open ones first by default. */
export const messageReportQuerySchema = z.object({
  status: z.enum([...MESSAGE_REPORT_STATUSES, "all"]).default("open"),
  before: z.coerce.number().int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(100).default(25),
});
export type MessageReportFilter = z.output<typeof messageReportQuerySchema>;
/** What a client sends (every parameter may be left out). */
export type MessageReportQuery = Partial<MessageReportFilter>;

export const reportContextMessageSchema = z.object({
  id: z.number().int(),
  sender: z.enum(["user", "model"]),
  type: z.string(),
  text: z.string(),
  created_at: z.string(),
  reported: z.boolean(),
});

export const messageReportSchema = z.object({
  id: z.number().int(),
  status: z.enum(MESSAGE_REPORT_STATUSES),
  reason: messageReportReasonSchema,
  note: z.string().nullable(),
  created_at: z.string(),
  reporter: z.object({ id: z.string().nullable(), email: z.string().nullable() }),
  chat_id: z.number().int(),
  message_id: z.number().int().nullable(),
  message_text: z.string(),
  character: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** the reported message with the messages just before and after it, oldest first */
  context: z.array(reportContextMessageSchema),
  resolution: z
    .object({ by: z.string().nullable(), at: z.string().nullable(), note: z.string().nullable() })
    .nullable(),
});
export type MessageReport = z.infer<typeof messageReportSchema>;

export const messageReportListSchema = z.object({
  items: z.array(messageReportSchema),
  next_before: z.number().int().nullable(),
});
export type MessageReportList = z.infer<typeof messageReportListSchema>;

export const messageReportIdParamSchema = z.object({ id: z.coerce.number().int().positive() });

/**
 * POST /api/admin/moderation/reports/:id/action — dismiss it, hide the message (its text is
 * replaced in the chat; the report keeps a copy), or ban the chat's owner, whose own messages are
 * the context (admins only; through the Users screen's ban).
 */
export const messageReportActionBodySchema = z.object({
  action: z.enum(["dismiss", "hide_message", "ban_user"]),
  reason: adminReasonField,
});
export type MessageReportActionBody = z.infer<typeof messageReportActionBodySchema>;

/** GET /api/admin/moderation/evaluation — the rules' figures on the labelled set. */
export const moderationEvaluationSchema = z.object({
  cases: z.number().int(),
  must_refuse: z.number().int(),
  must_pass: z.number().int(),
  recall: z.number(),
  false_positive_rate: z.number(),
  targets: z.object({ recall: z.number(), false_positive_rate: z.number() }),
  meets_targets: z.boolean(),
  by_language: z.array(
    z.object({
      lang: z.string(),
      cases: z.number().int(),
      missed: z.number().int(),
      false_positives: z.number().int(),
    }),
  ),
  computed_at: z.string(),
});
export type ModerationEvaluation = z.infer<typeof moderationEvaluationSchema>;
