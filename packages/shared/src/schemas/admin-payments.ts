import { z } from "zod";
import { adminReasonField } from "./admin.ts";

const pageLimit = z.coerce.number().int().min(1).max(200).default(50);

/** The account behind a payment; null once it was deleted (its records stay, anonymised). */
const paymentUserSchema = z.object({ id: z.string(), email: z.string() }).nullable();

/** How a refunded order's money went back: through the provider's API, or by hand at the provider. */
export const providerRefundStatusSchema = z.enum(["refunded", "manual", "failed"]);

export const adminRefundSchema = z.object({
  amount_cents: z.number().int(),
  currency: z.string(),
  tokens_granted: z.number().int(),
  tokens_taken_back: z.number().int(),
  reason: z.string(),
  actor_email: z.string(),
  provider_status: providerRefundStatusSchema,
  /** the provider's refund id, or why it did not refund (then refund at the provider) */
  provider_detail: z.string().nullable(),
  created_at: z.string(),
});
export type AdminRefund = z.infer<typeof adminRefundSchema>;

/** GET /api/admin/payments/events?provider&type&before&limit — newest first; `before` is an id. */
export const adminPaymentEventsQuerySchema = z.object({
  provider: z.string().max(50).optional(),
  type: z.string().max(50).optional(),
  before: z.coerce.number().int().positive().optional(),
  limit: pageLimit,
});
export type AdminPaymentEventsQuery = z.input<typeof adminPaymentEventsQuerySchema>;

export const adminPaymentEventSchema = z.object({
  id: z.number().int(),
  provider: z.string(),
  event_id: z.string(),
  type: z.string().describe("payment_succeeded, payment_failed, subscription_renewed…"),
  order_id: z.string().nullable(),
  provider_subscription_id: z.string().nullable(),
  /** the order's status now (refunded once refunded), or the subscription's; null when neither is known */
  status: z.string().nullable(),
  amount_cents: z.number().int().nullable(),
  currency: z.string().nullable(),
  user: paymentUserSchema,
  created_at: z.string(),
});
export type AdminPaymentEvent = z.infer<typeof adminPaymentEventSchema>;

export const adminPaymentEventListSchema = z.object({
  items: z.array(adminPaymentEventSchema),
  next_before: z.number().int().nullable(),
});
export type AdminPaymentEventList = z.infer<typeof adminPaymentEventListSchema>;

export const ADMIN_ORDER_STATUSES = ["failed", "paid", "pending", "canceled", "refunded"] as const;

/** GET /api/admin/payments/orders?status&page&limit — newest first. */
export const adminPaymentOrdersQuerySchema = z.object({
  status: z.enum(ADMIN_ORDER_STATUSES).default("failed"),
  page: z.coerce.number().int().min(1).default(1),
  limit: pageLimit,
});
export type AdminPaymentOrdersQuery = z.input<typeof adminPaymentOrdersQuerySchema>;

export const adminPaymentOrderSchema = z.object({
  id: z.string(),
  user: paymentUserSchema,
  provider: z.string(),
  kind: z.enum(["tokens", "subscription"]),
  price_id: z.string(),
  description: z.string(),
  tokens: z.number().int().nullable(),
  amount_cents: z.number().int(),
  currency: z.string(),
  status: z.enum(ADMIN_ORDER_STATUSES),
  failure_reason: z.string().nullable(),
  refund: adminRefundSchema.nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AdminPaymentOrder = z.infer<typeof adminPaymentOrderSchema>;

export const adminPaymentOrderListSchema = z.object({
  items: z.array(adminPaymentOrderSchema),
  total_count: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type AdminPaymentOrderList = z.infer<typeof adminPaymentOrderListSchema>;

/** GET /api/admin/payments/subscriptions?status&page&limit — newest first. */
export const adminSubscriptionsQuerySchema = z.object({
  status: z.enum(["active", "past_due", "canceled", "ended"]).optional(),
  page: z.coerce.number().int().min(1).default(1),
  limit: pageLimit,
});
export type AdminSubscriptionsQuery = z.input<typeof adminSubscriptionsQuerySchema>;

export const adminSubscriptionRowSchema = z.object({
  id: z.number().int(),
  user: paymentUserSchema,
  provider: z.string(),
  provider_subscription_id: z.string(),
  plan_id: z.string(),
  status: z.string(),
  price_cents: z.number().int(),
  currency: z.string(),
  current_period_start: z.string(),
  current_period_end: z.string(),
  cancel_at_period_end: z.boolean(),
  created_at: z.string(),
});
export type AdminSubscriptionRow = z.infer<typeof adminSubscriptionRowSchema>;

export const adminSubscriptionListSchema = z.object({
  items: z.array(adminSubscriptionRowSchema),
  total_count: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type AdminSubscriptionList = z.infer<typeof adminSubscriptionListSchema>;

export const adminOrderIdParamSchema = z.object({ id: z.string().min(1).max(100) });

/**
 * POST /api/admin/payments/orders/:id/refund — takes back the tokens the order granted. When the
 * user has spent some, it is refused (409 tokens_spent) unless `partial_tokens` says to take back
 * only what is left.
 */
export const adminRefundBodySchema = z.object({
  reason: adminReasonField,
  partial_tokens: z.boolean().default(false),
});
export type AdminRefundBody = z.input<typeof adminRefundBodySchema>;

export const adminRefundResponseSchema = z.object({ order: adminPaymentOrderSchema });
