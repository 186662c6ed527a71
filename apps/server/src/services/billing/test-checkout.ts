import type { Kysely } from "kysely";
import type { Database, PaymentOrderRow, SubscriptionRow } from "../../db/schema.ts";
import { BadRequestError, ConflictError } from "../../errors.ts";
import type { TestCheckoutProvider } from "../../providers/payments/test-checkout/test-checkout-provider.ts";
import type { PaymentEvent } from "../../providers/payments/types.ts";
import { JOB, type JobPayload, type JobQueue } from "../job-registry.ts";
import type { PaymentService } from "./payment-service.ts";
import { findPrice, periodEnd } from "./price-list.ts";

/** The job that carries one signed test-checkout event to the app, as a provider's webhook would. */
export type TestCheckoutEventJob = JobPayload<"test_checkout_event">;

/** The cards the test checkout knows; any other number is declined as unknown. */
export const TEST_CARDS = [
  { number: "4242 4242 4242 4242", outcome: "approved" },
  { number: "4000 0000 0000 0002", outcome: "declined" },
  { number: "4000 0000 0000 9995", outcome: "insufficient_funds" },
  { number: "4000 0000 0000 3220", outcome: "verification_required" },
] as const;
/** The one-time code the verification step accepts. */
export const TEST_VERIFICATION_CODE = "123456";

type Outcome =
  | "approved"
  | "declined"
  | "insufficient_funds"
  | "verification_required"
  | "verification_failed";

const MESSAGES: Record<Outcome, string> = {
  approved: "Payment approved.",
  declined: "Your card was declined. Try another card.",
  insufficient_funds: "Your card has insufficient funds. Try another card.",
  verification_required: "Your bank asks you to confirm this payment with the code it sent you.",
  verification_failed: "That code is not right. Check it and try again.",
};

export interface TestCardPayment {
  card_number: string;
  expiry: string;
  cvc: string;
  name: string;
  verification_code?: string | undefined;
}

export interface TestCheckoutDeps {
  db: Kysely<Database>;
  provider: TestCheckoutProvider;
  jobs: JobQueue;
  payments: PaymentService;
}

/**
 * The built-in test checkout's side of a payment (decision 22): it decides what a test card does,
 * then sends the app a signed event through a durable job, the way a real provider sends its
 * webhook after its page took the card. Nothing here credits anything: the event goes through
 * the same verification and fulfilment as any provider's.
 */
export class TestCheckout {
  readonly #deps: TestCheckoutDeps;

  constructor(deps: TestCheckoutDeps) {
    this.#deps = deps;
  }

  /** The page's view of an order of the user's, paid at the test checkout. */
  async page(userId: string, orderId: string) {
    const order = await this.#testOrder(userId, orderId);
    // paths, not PUBLIC_URL: this page is the app's own, opened by whatever address the browser used
    const back = (status: string) => `/checkout?order=${encodeURIComponent(order.id)}&status=${status}`;
    return { order, testCards: TEST_CARDS, returnUrl: back("success"), cancelUrl: back("canceled") };
  }

  async pay(
    userId: string,
    orderId: string,
    card: TestCardPayment,
  ): Promise<{ outcome: Outcome; message: string; redirectUrl: string | null }> {
    const page = await this.page(userId, orderId);
    const { order } = page;
    if (order.status === "paid") {
      return { outcome: "approved", message: "This order is paid already.", redirectUrl: page.returnUrl };
    }
    if (!this.#expiryIsFuture(card.expiry)) {
      throw new BadRequestError("This card has expired. Check the expiry date.", "card_expired");
    }
    const number = card.card_number.replace(/\s+/g, "");
    const known = TEST_CARDS.find((test) => test.number.replace(/\s+/g, "") === number);
    let outcome: Outcome = known?.outcome ?? "declined";
    if (outcome === "verification_required" && card.verification_code !== undefined) {
      outcome = card.verification_code.trim() === TEST_VERIFICATION_CODE ? "approved" : "verification_failed";
    }
    if (outcome === "approved") {
      await this.#send({
        id: `test:${order.id}:paid`,
        type: "payment_succeeded",
        orderId: order.id,
        amountCents: order.amount_cents,
        currency: order.currency,
        ...this.#subscriptionOf(order),
      });
      return { outcome, message: MESSAGES.approved, redirectUrl: page.returnUrl };
    }
    if (outcome === "declined" || outcome === "insufficient_funds") {
      await this.#send({
        id: `test:${order.id}:failed:${Date.now()}`,
        type: "payment_failed",
        orderId: order.id,
        reason: MESSAGES[outcome],
      });
    }
    return { outcome, message: MESSAGES[outcome], redirectUrl: null };
  }

  /** The renewal of a test-checkout subscription whose period ended: charged, and announced signed. */
  async renew(subscription: SubscriptionRow): Promise<void> {
    const item = findPrice(subscription.plan_id);
    if (item?.kind !== "subscription") return;
    const from = new Date(subscription.current_period_end);
    await this.#send({
      id: `test:${subscription.provider_subscription_id}:renewal:${from.toISOString()}`,
      type: "subscription_renewed",
      providerSubscriptionId: subscription.provider_subscription_id,
      currentPeriodEnd: periodEnd(item.plan, from),
      amountCents: subscription.price_cents,
      currency: subscription.currency,
    });
  }

  /** The job's side: the event arrives like a webhook, signature and all. */
  async deliver(job: TestCheckoutEventJob): Promise<void> {
    await this.#deps.payments.receiveNotification(this.#deps.provider.name, {
      rawBody: Buffer.from(job.body, "base64"),
      headers: job.headers,
      query: {},
    });
  }

  async #send(event: PaymentEvent): Promise<void> {
    const signed = this.#deps.provider.sign(event);
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(signed.headers))
      if (typeof value === "string") headers[name] = value;
    const job: TestCheckoutEventJob = { body: signed.rawBody.toString("base64"), headers };
    await this.#deps.jobs.enqueue(JOB.test_checkout_event, job);
  }

  #subscriptionOf(order: PaymentOrderRow): {
    subscription?: { providerSubscriptionId: string; currentPeriodEnd: Date };
  } {
    if (order.kind !== "subscription") return {};
    const item = findPrice(order.price_id);
    if (item?.kind !== "subscription") return {};
    return {
      subscription: {
        providerSubscriptionId: `test_sub_${order.id}`,
        currentPeriodEnd: periodEnd(item.plan, new Date()),
      },
    };
  }

  async #testOrder(userId: string, orderId: string): Promise<PaymentOrderRow> {
    const order = await this.#deps.payments.orderForUser(userId, orderId);
    if (order.provider !== this.#deps.provider.name) {
      throw new ConflictError("not_test_checkout", "This order is paid at another provider's page.");
    }
    return order;
  }

  #expiryIsFuture(expiry: string): boolean {
    const match = /^(\d{2})\s*\/\s*(\d{2})$/.exec(expiry);
    if (!match) return false;
    const month = Number(match[1]);
    const year = 2000 + Number(match[2]);
    const now = new Date();
    return year > now.getUTCFullYear() || (year === now.getUTCFullYear() && month >= now.getUTCMonth() + 1);
  }
}
