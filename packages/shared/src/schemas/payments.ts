import { z } from "zod";
import { isSameOriginPath } from "../same-origin-path.ts";
import { userSchema } from "./auth.ts";

/**
 * Payments (decision 22). The browser names what to buy by price id and never sends an amount: the
 * server prices it from its price list and credits only what a provider confirmed.
 */

export const PAYMENT_PROVIDERS = ["test", "stripe", "verotel"] as const;
export const paymentProviderSchema = z.enum(PAYMENT_PROVIDERS);
export type PaymentProviderName = z.infer<typeof paymentProviderSchema>;

export const priceIdSchema = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[a-z0-9_]+$/, "a price id is lowercase letters, digits and _")
  .describe("a token package (tokens_350) or a plan (premium_1_month)");

/** POST /api/stripe/create-session and GET /api/user/payment_popup: start paying for one price. */
export const checkoutRequestSchema = z
  .object({
    price_id: priceIdSchema,
    /** where the user returns to after paying (a path of this app, e.g. /chat/3); /checkout by default */
    return_path: z.string().max(200).refine(isSameOriginPath, "a path of this app").optional(),
  })
  .strict();
export type CheckoutRequest = z.infer<typeof checkoutRequestSchema>;

export const checkoutSessionSchema = z.object({
  order_id: z.string().describe("our order; the return page confirms it with PATCH /api/user/payment"),
  url: z.string().describe("the provider's payment page (the built-in test checkout by default)"),
  provider: paymentProviderSchema,
});
export type CheckoutSession = z.infer<typeof checkoutSessionSchema>;

/** GET /api/user/payment_popup?price_id — the spec's popup flow answers only the url. */
export const paymentPopupQuerySchema = checkoutRequestSchema;
export const paymentUrlSchema = z.object({ url: z.string() });

export const ORDER_STATUSES = ["pending", "paid", "failed", "canceled"] as const;
export const orderStatusSchema = z.enum(ORDER_STATUSES);

export const orderSchema = z.object({
  id: z.string(),
  kind: z.enum(["tokens", "subscription"]),
  price_id: z.string(),
  /** what the order buys, as the price list names it ("350 tokens", "Premium, 3 months") */
  description: z.string(),
  tokens: z.number().int().nullable().describe("tokens credited by a token package; null for a plan"),
  amount_cents: z.number().int(),
  currency: z.string(),
  status: orderStatusSchema,
  provider: paymentProviderSchema,
  /** why a failed order failed, in the provider's words made plain ("Your card was declined.") */
  failure_reason: z.string().nullable(),
  /** the page of this app the buyer came from (a chat), to go back to once paid */
  return_path: z.string().nullable(),
  created_at: z.string(),
});
export type Order = z.infer<typeof orderSchema>;

/**
 * PATCH /api/user/payment — "I am back from the checkout": names the order only. The server asks
 * the provider (or its own records) and answers the order and the user as they are now; a body
 * with token counts or a plan is refused (400).
 */
export const paymentReturnSchema = z.object({ order_id: z.string().min(1).max(64) }).strict();
export const paymentReturnResponseSchema = z.object({ order: orderSchema, user: userSchema });

/** GET /api/subscriptions/tokens */
export const currentTokensSchema = z.object({ current_tokens: z.number().int().min(0) });

export const SUBSCRIPTION_STATUSES = ["active", "past_due", "canceled", "ended"] as const;
export const subscriptionSchema = z.object({
  plan_id: z.string(),
  plan_name: z.string(),
  status: z.enum(SUBSCRIPTION_STATUSES),
  provider: paymentProviderSchema,
  price_cents: z.number().int(),
  currency: z.string(),
  current_period_end: z.string().describe("the renewal date, or the end of access once canceled"),
  cancel_at_period_end: z.boolean(),
});
export type Subscription = z.infer<typeof subscriptionSchema>;

/** GET /api/payment/subscription — the user's subscription, if any; POST /api/payment/cancel answers it too. */
export const subscriptionResponseSchema = z.object({ subscription: subscriptionSchema.nullable() });

/** POST /api/payment/update?price_id — change plan or card: the provider's page for it. */
export const paymentUpdateQuerySchema = z.object({ price_id: priceIdSchema.optional() }).strict();

/** GET /api/payment/history */
export const paymentHistorySchema = z.object({ orders: z.array(orderSchema) });

/** One line of the token statement: what a change of the balance was for. */
export const ledgerEntrySchema = z.object({
  id: z.number().int(),
  delta: z.number().int(),
  balance_after: z.number().int(),
  reason: z.string().describe("message, unlock, bundle, purchase, monthly_tokens, refund, grant…"),
  description: z.string().describe("the reason in words, e.g. 'Unlocked a photo from Mia'"),
  created_at: z.string(),
});
export type LedgerEntry = z.infer<typeof ledgerEntrySchema>;

/** GET /api/user/ledger?page&limit — newest first */
export const ledgerQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export const ledgerResponseSchema = z.object({
  items: z.array(ledgerEntrySchema),
  total_count: z.number().int(),
});

/** POST /api/bundles/{id}/payment */
export const bundlePaymentResponseSchema = z.object({
  current_tokens: z.number().int().min(0),
  bundle_id: z.number().int(),
  already_owned: z.boolean().describe("true when it was bought before: nothing was charged this time"),
});

/** The built-in test checkout's page (GET /api/test-checkout/{order_id}). */
export const testCheckoutOrderSchema = z.object({
  order: orderSchema,
  /** the card numbers this checkout knows, for the page to show */
  test_cards: z.array(z.object({ number: z.string(), outcome: z.string() })),
  return_url: z.string(),
  cancel_url: z.string(),
});

/** POST /api/test-checkout/{order_id}/pay */
export const testCheckoutPaySchema = z
  .object({
    card_number: z.string().regex(/^[0-9 ]{12,23}$/, "Enter the card number."),
    expiry: z.string().regex(/^(0[1-9]|1[0-2])\s*\/\s*\d{2}$/, "Enter the expiry as MM/YY."),
    cvc: z.string().regex(/^\d{3,4}$/, "Enter the 3- or 4-digit security code."),
    name: z.string().trim().min(1, "Enter the name on the card.").max(100),
    /** the one-time code of the extra verification step, when the card asked for one */
    verification_code: z.string().max(12).optional(),
  })
  .strict();

export const testCheckoutResultSchema = z.object({
  outcome: z.enum([
    "approved",
    "declined",
    "insufficient_funds",
    "verification_required",
    "verification_failed",
  ]),
  message: z.string(),
  /** where to go next: the app's return page once approved */
  redirect_url: z.string().nullable(),
});
