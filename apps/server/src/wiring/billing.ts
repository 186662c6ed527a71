import { subscriptionPeriodEndJobHandler, testCheckoutEventJobHandler } from "../jobs/payments.ts";
import { createPaymentProviders } from "../providers/payments/index.ts";
import { BundlePurchases } from "../services/billing/bundle-purchases.ts";
import { Fulfilment } from "../services/billing/fulfilment.ts";
import { PaymentNotices } from "../services/billing/payment-notices.ts";
import { PaymentService } from "../services/billing/payment-service.ts";
import { SubscriptionPeriods } from "../services/billing/subscription-periods.ts";
import { TestCheckout } from "../services/billing/test-checkout.ts";
import type { JobHandlers } from "../services/job-registry.ts";
import type { AnalyticsDomain } from "./analytics.ts";
import type { Core } from "./core.ts";
import type { Infrastructure } from "./infrastructure.ts";

/**
 * Payments: the providers, checkout and their notifications, fulfilment of paid orders (a paid
 * order also reports its conversion to attribution), subscription periods, the test checkout and
 * bundles bought with tokens. The balance rules themselves are the core's BillingService.
 */
export function wireBilling(infra: Infrastructure, core: Core, analytics: AnalyticsDomain) {
  const { db, billing, jobs } = core;
  const { config, bus, log } = infra;
  const providers = createPaymentProviders(config, core.secret);
  const notices = new PaymentNotices({ email: infra.email, jobs, publicUrl: config.publicUrl });
  const fulfilment = new Fulfilment({
    db,
    billing,
    onOrderPaid: (trx, order) => analytics.attribution.orderPaid(trx, order),
  });
  const payments = new PaymentService({
    db,
    providers,
    fulfilment,
    bus,
    notices,
    publicUrl: config.publicUrl,
    log,
  });
  const testCheckout = new TestCheckout({ db, provider: providers.test, jobs, payments });
  const periods = new SubscriptionPeriods({ db, providers, payments, testCheckout, notices, fulfilment });
  const handlers = {
    test_checkout_event: testCheckoutEventJobHandler(testCheckout),
    subscription_period_end: subscriptionPeriodEndJobHandler(periods),
  } satisfies Partial<JobHandlers>;
  return {
    billing,
    paymentProviders: providers,
    notices,
    fulfilment,
    payments,
    testCheckout,
    bundlePurchases: new BundlePurchases({ db, billing }),
    handlers,
  };
}

export type BillingDomain = ReturnType<typeof wireBilling>;
