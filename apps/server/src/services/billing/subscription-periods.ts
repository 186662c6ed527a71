import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import type { PaymentProviders } from "../../providers/payments/index.ts";
import { SubscriptionRepository } from "../../repositories/subscriptions.ts";
import { COMPLIMENTARY_PROVIDER } from "./complimentary-plans.ts";
import type { Fulfilment } from "./fulfilment.ts";
import type { PaymentNotices, SubscriptionPeriodEndJob } from "./payment-notices.ts";
import type { PaymentService } from "./payment-service.ts";
import type { TestCheckout } from "./test-checkout.ts";

export interface SubscriptionPeriodsDeps {
  /** ends premium an operator gave (no provider to ask) */
  fulfilment: Fulfilment;
  db: Kysely<Database>;
  providers: PaymentProviders;
  payments: PaymentService;
  testCheckout: TestCheckout;
  notices: PaymentNotices;
}

/**
 * What happens in a subscription's paid period: each month's tokens when it starts; when the
 * period ends, a canceled one ends (the user is back on
 * the free plan); one of the built-in test checkout renews, as a real provider would charge the
 * card and notify (its renewal is a signed event it sends itself); a real provider's renewal
 * arrives as its own notification, so here it only waits. Runs as a delayed job.
 */
export class SubscriptionPeriods {
  readonly #deps: SubscriptionPeriodsDeps;

  constructor(deps: SubscriptionPeriodsDeps) {
    this.#deps = deps;
  }

  async periodEnded(job: SubscriptionPeriodEndJob): Promise<void> {
    const subscription = await new SubscriptionRepository(this.#deps.db).find(job.subscriptionId);
    if (!subscription || subscription.status === "ended") return;
    const periodEnd = new Date(subscription.current_period_end);
    // renewed or changed since this job was scheduled: a newer job looks at the new period
    if (periodEnd.getTime() !== new Date(job.periodEnd).getTime()) return;
    // the months of the period begun by now get their tokens (each once, however often this runs);
    // premium an operator gave brings none
    if (subscription.provider !== COMPLIMENTARY_PROVIDER) {
      await this.#deps.db
        .transaction()
        .execute((trx) => this.#deps.fulfilment.grantDueTokens(trx, subscription));
    }
    if (periodEnd.getTime() > Date.now()) {
      // a long period is waited out in steps, and looked at again when its next month starts
      await this.#deps.notices.schedulePeriodEnd(subscription);
      return;
    }
    if (subscription.provider === COMPLIMENTARY_PROVIDER) {
      await this.#deps.db
        .transaction()
        .execute((trx) => this.#deps.fulfilment.endSubscription(trx, subscription));
      return;
    }
    const provider = this.#deps.providers.byName.get(subscription.provider);
    if (!provider) return;
    if (subscription.status === "canceled") {
      await this.#deps.payments.applyEvent(provider, {
        id: `period-end:${subscription.id}:${periodEnd.toISOString()}`,
        type: "subscription_canceled",
        providerSubscriptionId: subscription.provider_subscription_id,
        endsAt: periodEnd,
      });
      return;
    }
    if (subscription.provider === this.#deps.providers.test.name) {
      await this.#deps.testCheckout.renew(subscription);
    }
  }
}
