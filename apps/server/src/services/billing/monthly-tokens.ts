import { findPrice, PRICE_LIST, type PriceListPlan } from "./price-list.ts";

/**
 * When a plan's tokens come (decision 37): MonthlyTokens at the start of every month a paid period
 * covers, so a year brings 100 in each of its twelve months, not 1,200 on the first day; a plan of
 * days brings its share of a month once, when its period starts (a week a quarter of a month's).
 */

export interface TokenGrant {
  /** the grant's place in its period: 0 at the period's start, then one a month */
  index: number;
  at: Date;
  tokens: number;
}

/** What the plans list says a plan brings: `tokens` every `interval_count` `interval`s. */
export interface PlanTokenGrant {
  tokens: number;
  interval: "day" | "month";
  interval_count: number;
}

/** How many whole months a plan's period covers; 0 for a plan of days. */
function monthsIn(plan: Pick<PriceListPlan, "interval" | "interval_count">): number {
  if (plan.interval === "year") return 12 * plan.interval_count;
  if (plan.interval === "month") return plan.interval_count;
  return 0;
}

/** A plan of days: its share of a month's tokens, at least a quarter of them. */
function daysShare(plan: Pick<PriceListPlan, "interval_count">): number {
  return Math.round(PRICE_LIST.premiumFeatures.MonthlyTokens * Math.max(plan.interval_count / 30, 1 / 4));
}

export function planTokenGrant(plan: Pick<PriceListPlan, "interval" | "interval_count">): PlanTokenGrant {
  return monthsIn(plan) === 0
    ? { tokens: daysShare(plan), interval: "day", interval_count: plan.interval_count }
    : { tokens: PRICE_LIST.premiumFeatures.MonthlyTokens, interval: "month", interval_count: 1 };
}

function addMonths(from: Date, months: number): Date {
  const at = new Date(from);
  at.setUTCMonth(at.getUTCMonth() + months);
  return at;
}

/** Every grant of one paid period of `planId`, in order; those at or after its end are not its. */
export function periodGrants(planId: string, periodStart: Date, periodEnd: Date): TokenGrant[] {
  const item = findPrice(planId);
  const plan = item?.kind === "subscription" ? item.plan : null;
  const months = plan ? monthsIn(plan) : 1;
  if (plan && months === 0) return [{ index: 0, at: periodStart, tokens: daysShare(plan) }];
  const grants: TokenGrant[] = [];
  for (let index = 0; index < months; index += 1) {
    const at = addMonths(periodStart, index);
    if (index > 0 && at.getTime() >= periodEnd.getTime()) break;
    grants.push({ index, at, tokens: PRICE_LIST.premiumFeatures.MonthlyTokens });
  }
  return grants;
}

/** The next grant of the period after `now`, if any: when the period job should look again. */
export function nextGrantAt(planId: string, periodStart: Date, periodEnd: Date, now: Date): Date | null {
  return (
    periodGrants(planId, periodStart, periodEnd).find((grant) => grant.at.getTime() > now.getTime())?.at ??
    null
  );
}

/** The ledger reference of a period: what a period granted whole, before grants came monthly. */
export function periodReference(subscriptionId: number, periodEnd: Date): string {
  return `monthly_tokens:${subscriptionId}:${periodEnd.toISOString()}`;
}

/** The ledger reference of one grant: unique, so each month of a subscription is granted once. */
export function grantReference(subscriptionId: number, periodEnd: Date, index: number): string {
  return `${periodReference(subscriptionId, periodEnd)}:${index}`;
}
