import { z } from "zod";

/** The longest range the dashboard reads at once. */
export const ADMIN_STATS_MAX_DAYS = 366;

const day = z.iso.date("Use a date as YYYY-MM-DD.");

/** GET /api/admin/stats?from&to — whole UTC days, both ends included; the last 30 days by default. */
export const adminStatsQuerySchema = z
  .object({ from: day.optional(), to: day.optional() })
  .refine((range) => !range.from || !range.to || range.from <= range.to, {
    message: "from must not be after to.",
    path: ["from"],
  });
export type AdminStatsQuery = z.input<typeof adminStatsQuerySchema>;

/** One UTC day of the dashboard; every day of the range is there, quiet ones as zeros. */
export const adminStatsDaySchema = z.object({
  date: z.string().describe("YYYY-MM-DD (UTC)"),
  sign_ups: z.number().int(),
  /** accounts that sent at least one chat message that day */
  active_users: z.number().int(),
  /** chat messages users sent */
  messages: z.number().int(),
  /** pictures and videos sent in chats, and generated pictures */
  pictures: z.number().int(),
  /** voice messages made (ready) */
  voice_messages: z.number().int(),
  /** paid orders and renewals, cents by currency (lowercase ISO code) */
  revenue_cents: z.record(z.string(), z.number().int()),
  /** refunds given that day, cents by currency */
  refunded_cents: z.record(z.string(), z.number().int()),
  /** tokens added to balances (purchases, plans, grants, refunds) */
  tokens_credited: z.number().int(),
  /** tokens spent or removed */
  tokens_debited: z.number().int(),
});
export type AdminStatsDay = z.infer<typeof adminStatsDaySchema>;

/** The ledger over the range, by reason (message, unlock, purchase, monthly_tokens, admin_adjustment…). */
export const adminTokenFlowSchema = z.object({
  reason: z.string(),
  credited: z.number().int(),
  debited: z.number().int(),
});

/** One step of the conversion funnel (first-party analytics), with its conversion rates. */
export const adminFunnelStepSchema = z.object({
  step: z.string(),
  event: z.string(),
  clients: z.number().int(),
  /** share of the previous step's clients that reached this one, 0…1; null at the first step or after 0 */
  from_previous: z.number().nullable(),
  /** share of the first step's clients, 0…1; null when the first step has none */
  from_first: z.number().nullable(),
});
export type AdminFunnelStep = z.infer<typeof adminFunnelStepSchema>;

export const adminStatsSchema = z.object({
  from: z.string(),
  to: z.string(),
  days: z.array(adminStatsDaySchema),
  totals: z.object({
    sign_ups: z.number().int(),
    /** distinct accounts active on any day of the range (not the sum of the days) */
    active_users: z.number().int(),
    messages: z.number().int(),
    pictures: z.number().int(),
    voice_messages: z.number().int(),
    revenue_cents: z.record(z.string(), z.number().int()),
    refunded_cents: z.record(z.string(), z.number().int()),
    tokens_credited: z.number().int(),
    tokens_debited: z.number().int(),
  }),
  token_flow: z.array(adminTokenFlowSchema),
  /** visitors from `from` until now, each step counted only after every earlier one */
  funnel: z.array(adminFunnelStepSchema),
});
export type AdminStats = z.infer<typeof adminStatsSchema>;
