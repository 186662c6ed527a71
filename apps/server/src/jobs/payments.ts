import type { JobHandler } from "../queue/job-queue.ts";
import type { SubscriptionPeriodEndJob } from "../services/billing/payment-notices.ts";
import type { SubscriptionPeriods } from "../services/billing/subscription-periods.ts";
import type { TestCheckout, TestCheckoutEventJob } from "../services/billing/test-checkout.ts";

/** Carries a signed test-checkout event to the app, retried like a provider retries its webhook. */
export function testCheckoutEventJobHandler(testCheckout: TestCheckout): JobHandler<TestCheckoutEventJob> {
  return { maxAttempts: 8, run: (job) => testCheckout.deliver(job) };
}

/** Looks at a subscription when its paid period ends (ends it, or renews a test-checkout one). */
export function subscriptionPeriodEndJobHandler(
  periods: SubscriptionPeriods,
): JobHandler<SubscriptionPeriodEndJob> {
  return { maxAttempts: 5, run: (job) => periods.periodEnded(job) };
}
