import { z } from "zod";
import { ADMIN_DELETE_CONFIRMATION, ROLES } from "../constants.ts";
import { ledgerEntrySchema } from "./payments.ts";

export const roleSchema = z.enum(ROLES);

/** GET /api/admin/me — the caller's role; the web app shows the console for moderators and admins. */
export const adminMeSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: roleSchema,
});
export type AdminMe = z.infer<typeof adminMeSchema>;

/** A reason an operator gives for a change; it is kept in the audit log. */
export const adminReasonField = z
  .string({ error: "A reason is required." })
  .trim()
  .min(1, "A reason is required.")
  .max(500, "Keep the reason under 500 characters.");

export const adminUserIdParamSchema = z.object({ id: z.string().min(1).max(100) });

/** GET /api/admin/users?q&page&limit — q matches an email or name (part of it) or an exact id. */
export const adminUserSearchQuerySchema = z.object({
  q: z.string().trim().max(200).optional(),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(25),
});
export type AdminUserSearchQuery = z.input<typeof adminUserSearchQuerySchema>;

export const adminUserSummarySchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string().nullable(),
  plan: z.enum(["free", "premium"]),
  tokens: z.number().int(),
  free_msgs: z.number().int(),
  role: roleSchema,
  banned: z.boolean(),
  created_at: z.string(),
});
export type AdminUserSummary = z.infer<typeof adminUserSummarySchema>;

export const adminUserListSchema = z.object({
  items: z.array(adminUserSummarySchema),
  total_count: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type AdminUserList = z.infer<typeof adminUserListSchema>;

export const adminSessionSchema = z.object({
  id: z.string(),
  created_at: z.string(),
  expires_at: z.string(),
  ip_address: z.string().nullable(),
  user_agent: z.string().nullable(),
});
export type AdminSession = z.infer<typeof adminSessionSchema>;

export const adminSubscriptionSchema = z.object({
  id: z.number().int(),
  provider: z.string(),
  plan_id: z.string(),
  status: z.string(),
  current_period_end: z.string(),
  cancel_at_period_end: z.boolean(),
});

/** GET /api/admin/users/:id */
export const adminUserDetailSchema = adminUserSummarySchema.extend({
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  email_verified: z.boolean(),
  banned_at: z.string().nullable(),
  ban_reason: z.string().nullable(),
  payment_failed: z.boolean(),
  chats_count: z.number().int(),
  /** the current subscription (or the latest), null when the user never had one */
  subscription: adminSubscriptionSchema.nullable(),
  /** the newest rows of the token ledger */
  ledger: z.array(ledgerEntrySchema),
  sessions: z.array(adminSessionSchema),
});
export type AdminUserDetail = z.infer<typeof adminUserDetailSchema>;

/** POST /api/admin/users/:id/tokens — a positive amount grants, a negative one removes. */
export const adminTokenAdjustmentBodySchema = z.object({
  amount: z.coerce
    .number({ error: "Enter a whole number of tokens." })
    .int("Enter a whole number of tokens.")
    .refine((amount) => amount !== 0, "The amount cannot be 0.")
    .refine((amount) => Math.abs(amount) <= 1_000_000, "At most 1,000,000 tokens at once."),
  reason: adminReasonField,
});
export type AdminTokenAdjustmentBody = z.infer<typeof adminTokenAdjustmentBodySchema>;
export const adminTokenAdjustmentResponseSchema = z.object({ tokens: z.number().int() });

/** PATCH /api/admin/users/:id/plan — `free` ends premium now; a plan id gives premium until `until`. */
export const adminPlanChangeBodySchema = z.object({
  plan: z.string().min(1).describe("free, or a premium plan id such as premium_1_month"),
  until: z.iso
    .datetime({ offset: true })
    .optional()
    .describe("when the premium ends; the plan's period by default"),
  reason: adminReasonField,
});
export type AdminPlanChangeBody = z.infer<typeof adminPlanChangeBodySchema>;

/** POST /api/admin/users/:id/ban */
export const adminBanBodySchema = z.object({ reason: adminReasonField });
export type AdminBanBody = z.infer<typeof adminBanBodySchema>;

/** POST /api/admin/users/:id/unban */
export const adminUnbanBodySchema = z.object({ reason: adminReasonField.optional() });

/** PATCH /api/admin/users/:id/role */
export const adminRoleChangeBodySchema = z.object({ role: roleSchema, reason: adminReasonField.optional() });
export type AdminRoleChangeBody = z.infer<typeof adminRoleChangeBodySchema>;

/** DELETE /api/admin/users/:id */
export const adminDeleteUserBodySchema = z.object({
  confirm: z.literal(ADMIN_DELETE_CONFIRMATION, {
    error: `Type ${ADMIN_DELETE_CONFIRMATION} to confirm.`,
  }),
  reason: adminReasonField,
});
export type AdminDeleteUserBody = z.infer<typeof adminDeleteUserBodySchema>;

/** POST /api/admin/users/:id/export */
export const adminExportBodySchema = z.object({ reason: adminReasonField });
export const adminExportResponseSchema = z.object({ export_id: z.string() });

/** One operator action as the console shows it (never editable). */
export const auditEntrySchema = z.object({
  id: z.number().int(),
  actor_id: z.string().nullable(),
  actor_email: z.string(),
  action: z.string().describe("e.g. user.tokens_adjusted, user.banned, user.role_changed"),
  target_type: z.string(),
  target_id: z.string().nullable(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
  reason: z.string().nullable(),
  ip: z.string().nullable(),
  created_at: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** GET /api/admin/audit-log?actor_id&target_type&target_id&before&limit — newest first; `before` is an id. */
export const auditLogQuerySchema = z.object({
  actor_id: z.string().optional(),
  target_type: z.string().optional(),
  target_id: z.string().optional(),
  before: z.coerce.number().int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type AuditLogQuery = z.input<typeof auditLogQuerySchema>;

export const auditLogResponseSchema = z.object({
  items: z.array(auditEntrySchema),
  /** pass as `before` for the next (older) page; null at the end */
  next_before: z.number().int().nullable(),
});
export type AuditLogResponse = z.infer<typeof auditLogResponseSchema>;

export const adminOkSchema = z.object({ ok: z.literal(true) });
