import type { SubscriptionRow, UserRow } from "../../db/schema.ts";
import { paymentReceiptEmail, renewalFailedEmail } from "../../emails/templates.ts";
import type { EmailSender } from "../../providers/email/index.ts";
import { JOB, type JobPayload, type JobQueue } from "../job-registry.ts";
import type { FulfilmentOutcome } from "./fulfilment.ts";
import { nextGrantAt } from "./monthly-tokens.ts";
import { findPrice } from "./price-list.ts";

/** The job that looks at a subscription when its period ends (subscription-periods.ts). */
export type SubscriptionPeriodEndJob = JobPayload<"subscription_period_end">;

/** The longest a delayed job waits before it looks again (some queues cap delays; a year plan waits in steps). */
const MAX_DELAY_MS = 7 * 24 * 60 * 60 * 1000;

export interface PaymentNoticesDeps {
  email: EmailSender;
  jobs: JobQueue;
  publicUrl: string;
}

/**
 * What follows an applied payment besides the balance: the receipt or the failed-renewal email,
 * and the job that looks at the subscription when its period ends.
 */
export class PaymentNotices {
  readonly #deps: PaymentNoticesDeps;

  constructor(deps: PaymentNoticesDeps) {
    this.#deps = deps;
  }

  async afterPayment(outcome: FulfilmentOutcome & { kind: "applied" }, user: UserRow): Promise<void> {
    const settingsLink = new URL("/settings", this.#deps.publicUrl).toString();
    const { order, subscription } = outcome;
    if ((outcome.change === "tokens_added" || outcome.change === "subscription_started") && order) {
      const receipt = paymentReceiptEmail({
        description: order.description,
        amountCents: order.amount_cents,
        currency: order.currency,
        orderId: order.id,
        paidAt: new Date(),
        tokens: order.tokens ?? undefined,
        renewsAt: subscription ? new Date(subscription.current_period_end) : undefined,
        settingsLink,
      });
      await this.#deps.email.send({ to: user.email, kind: "payment_receipt", ...receipt });
    }
    if (outcome.change === "subscription_renewed" && subscription) {
      const item = findPrice(subscription.plan_id);
      const receipt = paymentReceiptEmail({
        description: item?.description ?? "Reverie Premium",
        amountCents: subscription.price_cents,
        currency: subscription.currency,
        orderId: `${subscription.provider_subscription_id}/${subscription.current_period_start}`,
        paidAt: new Date(),
        renewsAt: new Date(subscription.current_period_end),
        settingsLink,
      });
      await this.#deps.email.send({ to: user.email, kind: "payment_receipt", ...receipt });
    }
    if (outcome.change === "renewal_failed" && subscription) {
      const item = findPrice(subscription.plan_id);
      const notice = renewalFailedEmail({
        planName: item?.kind === "subscription" ? `Premium ${item.plan.name}` : "Premium",
        updateLink: settingsLink,
      });
      await this.#deps.email.send({ to: user.email, kind: "payment_failed", ...notice });
    }
    if (
      subscription &&
      (outcome.change === "subscription_started" ||
        outcome.change === "subscription_renewed" ||
        outcome.change === "subscription_canceled")
    ) {
      await this.schedulePeriodEnd(subscription);
    }
  }

  /** The period job, for the period's end or, sooner, the start of its next month (its tokens). */
  async schedulePeriodEnd(
    subscription: Pick<SubscriptionRow, "id" | "plan_id" | "current_period_start" | "current_period_end">,
  ): Promise<void> {
    const periodEnd = subscription.current_period_end;
    const now = new Date();
    const nextGrant = nextGrantAt(
      subscription.plan_id,
      new Date(subscription.current_period_start),
      new Date(periodEnd),
      now,
    );
    const wakeAt = Math.min(new Date(periodEnd).getTime(), nextGrant?.getTime() ?? Number.POSITIVE_INFINITY);
    const wait = wakeAt - now.getTime();
    const job: SubscriptionPeriodEndJob = { subscriptionId: subscription.id, periodEnd };
    await this.#deps.jobs.enqueue(JOB.subscription_period_end, job, {
      delayMs: Math.min(Math.max(wait, 0), MAX_DELAY_MS),
    });
  }
}
