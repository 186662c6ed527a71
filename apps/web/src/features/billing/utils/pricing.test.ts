import { describe, expect, it } from "vitest";
import {
  formatBillingCycle,
  formatMonthlyPrice,
  formatPeriod,
  formatSaving,
  formatTokenGrant,
  isMonthly,
  planPriceLines,
  renewalTerms,
  sortByPeriod,
} from "./pricing";

const month = { interval: "month", interval_count: 1 } as const;
const quarter = { interval: "month", interval_count: 3 } as const;
const year = { interval: "year", interval_count: 1 } as const;
const week = { interval: "day", interval_count: 7 } as const;

describe("plan periods", () => {
  it("names the period in words", () => {
    expect(formatPeriod(month)).toBe("1 month");
    expect(formatPeriod(quarter)).toBe("3 months");
    expect(formatPeriod(year)).toBe("1 year");
    expect(formatPeriod(week)).toBe("7 days");
  });

  it("names the billing cycle", () => {
    expect(formatBillingCycle(month)).toBe("every month");
    expect(formatBillingCycle(quarter)).toBe("every 3 months");
    expect(formatBillingCycle(year)).toBe("every year");
    expect(formatBillingCycle(week)).toBe("every 7 days");
  });

  it("knows which plan is billed monthly", () => {
    expect(isMonthly(month)).toBe(true);
    expect(isMonthly(quarter)).toBe(false);
    expect(isMonthly({ interval: "day", interval_count: 30 })).toBe(false);
  });

  it("sorts plans from the shortest period to the longest, whatever the price list's order", () => {
    const plans = [
      { id: "m", ...month },
      { id: "q", ...quarter },
      { id: "y", ...year },
      { id: "w", ...week },
    ];
    expect(sortByPeriod(plans).map((plan) => plan.id)).toEqual(["w", "m", "q", "y"]);
    expect(plans.map((plan) => plan.id)).toEqual(["m", "q", "y", "w"]);
  });
});

describe("plan prices", () => {
  it("shows the price per month", () => {
    expect(formatMonthlyPrice({ monthly_price_cents: 599, currency: "usd" })).toBe("$5.99/month");
  });

  it("shows the saving only when there is one", () => {
    expect(formatSaving({ discount_percent: 54 })).toBe("Save 54%");
    expect(formatSaving({ discount_percent: 0 })).toBeNull();
  });

  it("states the renewal with the amount and the cycle", () => {
    expect(renewalTerms({ price_cents: 7188, currency: "usd", ...year })).toBe(
      "Renews automatically at $71.88 every year until you cancel.",
    );
    expect(renewalTerms({ price_cents: 2997, currency: "usd", ...quarter })).toBe(
      "Renews automatically at $29.97 every 3 months until you cancel.",
    );
  });
});

describe("planPriceLines", () => {
  it("leads with the price per month and says what is billed", () => {
    expect(planPriceLines({ price_cents: 7188, monthly_price_cents: 599, currency: "usd", ...year })).toEqual(
      {
        amount: "$5.99",
        unit: "/month",
        detail: "$71.88 billed every year",
      },
    );
    expect(
      planPriceLines({ price_cents: 1299, monthly_price_cents: 1299, currency: "usd", ...month }),
    ).toEqual({
      amount: "$12.99",
      unit: "/month",
      detail: "Billed every month",
    });
  });

  it("leads with the period's own price for a plan of days", () => {
    expect(planPriceLines({ price_cents: 499, monthly_price_cents: 2138, currency: "usd", ...week })).toEqual(
      {
        amount: "$4.99",
        unit: "/7 days",
        detail: "About $21.38/month",
      },
    );
  });
});

describe("formatTokenGrant", () => {
  it("says how many tokens a plan brings and how often, as the server grants them", () => {
    expect(formatTokenGrant({ tokens: 100, interval: "month", interval_count: 1 })).toBe(
      "100 tokens every month",
    );
    expect(formatTokenGrant({ tokens: 25, interval: "day", interval_count: 7 })).toBe(
      "25 tokens every 7 days",
    );
  });
});
