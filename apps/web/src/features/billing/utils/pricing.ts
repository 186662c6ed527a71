import type { Plan } from "@reverie/shared";
import { formatPrice, formatTokens } from "@/lib/format";

type PlanPeriod = Pick<Plan, "interval" | "interval_count">;

const UNITS: Record<Plan["interval"], [singular: string, plural: string]> = {
  day: ["day", "days"],
  month: ["month", "months"],
  year: ["year", "years"],
};

/** "7 days", "1 month", "3 months", "1 year". */
export function formatPeriod({ interval, interval_count }: PlanPeriod): string {
  const [singular, plural] = UNITS[interval];
  return `${interval_count} ${interval_count === 1 ? singular : plural}`;
}

/** How often a plan is billed: "every month", "every 3 months", "every 7 days", "every year". */
export function formatBillingCycle({ interval, interval_count }: PlanPeriod): string {
  const [singular, plural] = UNITS[interval];
  return interval_count === 1 ? `every ${singular}` : `every ${interval_count} ${plural}`;
}

/** Whether the plan is billed once a month, where the price per month says nothing new. */
export function isMonthly({ interval, interval_count }: PlanPeriod): boolean {
  return interval === "month" && interval_count === 1;
}

/** Plans from the shortest period to the longest (the price list lists them in its own order). */
export function sortByPeriod<T extends PlanPeriod>(plans: readonly T[]): T[] {
  const days = (plan: PlanPeriod) =>
    plan.interval_count * (plan.interval === "day" ? 1 : plan.interval === "month" ? 30 : 365);
  return [...plans].sort((a, b) => days(a) - days(b));
}

/** "$5.99/month" */
export function formatMonthlyPrice(plan: Pick<Plan, "monthly_price_cents" | "currency">): string {
  return `${formatPrice(plan.monthly_price_cents, plan.currency)}/month`;
}

/** "Save 54%" against the 1-month plan; null when there is no saving to show. */
export function formatSaving(plan: Pick<Plan, "discount_percent">): string | null {
  return plan.discount_percent > 0 ? `Save ${plan.discount_percent}%` : null;
}

/** The renewal terms in plain words, as they will be charged. */
export function renewalTerms(
  plan: Pick<Plan, "price_cents" | "currency" | "interval" | "interval_count">,
): string {
  return `Renews automatically at ${formatPrice(plan.price_cents, plan.currency)} ${formatBillingCycle(plan)} until you cancel.`;
}

/**
 * How a plan card states its price: the price per month, with what is billed for the period; a
 * plan of days leads with its own price (a week's price per month would read as the week's cost).
 */
export function planPriceLines(
  plan: Pick<Plan, "price_cents" | "monthly_price_cents" | "currency" | "interval" | "interval_count">,
): { amount: string; unit: string; detail: string } {
  const price = formatPrice(plan.price_cents, plan.currency);
  const monthly = formatPrice(plan.monthly_price_cents, plan.currency);
  if (plan.interval === "day") {
    return { amount: price, unit: `/${formatPeriod(plan)}`, detail: `About ${monthly}/month` };
  }
  if (isMonthly(plan)) return { amount: monthly, unit: "/month", detail: "Billed every month" };
  return { amount: monthly, unit: "/month", detail: `${price} billed ${formatBillingCycle(plan)}` };
}

/** What a plan brings in tokens and how often, as the server grants it: "100 tokens every month", "25 tokens every 7 days". */
export function formatTokenGrant({ tokens, interval, interval_count }: Plan["token_grant"]): string {
  return `${formatTokens(tokens)} tokens ${formatBillingCycle({ interval, interval_count })}`;
}
