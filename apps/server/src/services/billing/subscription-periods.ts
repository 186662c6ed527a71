import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import type { PaymentProviders } from "../../providers/payments/index.ts";
import { SubscriptionRepository } from "../../repositories/subscriptions.ts";
import { COMPLIMENTARY_PROVIDER } from "./complimentary-plans.ts";
import type { Fulfilment } from "./fulfilment.ts";
import type { PaymentNotices, SubscriptionPeriodEndJob } from "./payment-notices.ts";
import type { PaymentService } from "./payment-service.ts";
import type { TestCheckout } from "./test-checkout.ts";

/**
 * What happens in a subscription's paid period: each month's tokens when it starts; when the
 * period ends, a canceled one ends (the user is back on
 * the free plan); one of the built-in test checkout renews, as a real provider would charge the
 * card and notify (its renewal is a signed event it sends itself); a real provider's renewal
 * arrives as its own notification, so here it only waits. Runs as a delayed job.
 */
export class SubscriptionPeriods {
  readonly #db: Kysely<Database>;
  readonly #providers: PaymentProviders;
  readonly #payments: PaymentService;
  readonly #testCheckout: TestCheckout;
  readonly #notices: PaymentNotices;
  readonly #fulfilment: Fulfilment;

  constructor(deps: {
    /** ends premium an operator gave (no provider to ask) */
    fulfilment: Fulfilment;
    db: Kysely<Database>;
    providers: PaymentProviders;
    payments: PaymentService;
    testCheckout: TestCheckout;
    notices: PaymentNotices;
  }) {
    this.#db = deps.db;
    this.#providers = deps.providers;
    this.#payments = deps.payments;
    this.#testCheckout = deps.testCheckout;
    this.#notices = deps.notices;
    this.#fulfilment = deps.fulfilment;
  }

  async periodEnded(job: SubscriptionPeriodEndJob): Promise<void> {
    const subscription = await new SubscriptionRepository(this.#db).find(job.subscriptionId);
    if (!subscription || subscription.status === "ended") return;
    const periodEnd = new Date(subscription.current_period_end);
    // renewed or changed since this job was scheduled: a newer job looks at the new period
    if (periodEnd.getTime() !== new Date(job.periodEnd).getTime()) return;
    // the months of the period begun by now get their tokens (each once, however often this runs);
    // premium an operator gave brings none
    if (subscription.provider !== COMPLIMENTARY_PROVIDER) {
      await this.#db.transaction().execute((trx) => this.#fulfilment.grantDueTokens(trx, subscription));
    }
    if (periodEnd.getTime() > Date.now()) {
      // a long period is waited out in steps, and looked at again when its next month starts
      await this.#notices.schedulePeriodEnd(subscription);
      return;
    }
    if (subscription.provider === COMPLIMENTARY_PROVIDER) {
      await this.#db.transaction().execute((trx) => this.#fulfilment.endSubscription(trx, subscription));
      return;
    }
    const provider = this.#providers.byName.get(subscription.provider);
    if (!provider) return;
    if (subscription.status === "canceled") {
      await this.#payments.applyEvent(provider, {
        id: `period-end:${subscription.id}:${periodEnd.toISOString()}`,
        type: "subscription_canceled",
        providerSubscriptionId: subscription.provider_subscription_id,
        endsAt: periodEnd,
      });
      return;
    }
    if (subscription.provider === this.#providers.test.name) {
      await this.#testCheckout.renew(subscription);
    }
  }
}
