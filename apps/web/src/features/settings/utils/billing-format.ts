import type { Order, PaymentProviderName } from "@reverie/shared";

const dayFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "long" });
const shortDayFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "medium" });

function validDate(iso: string): Date | null {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** A calendar day in words, e.g. "March 14, 2026" (renewal and end dates); "" when not a date. */
export function formatDay(iso: string): string {
  const date = validDate(iso);
  return date ? dayFormat.format(date) : "";
}

/** A short calendar day, e.g. "Mar 14, 2026" (history and statement rows); "" when not a date. */
export function formatShortDay(iso: string): string {
  const date = validDate(iso);
  return date ? shortDayFormat.format(date) : "";
}

const ORDER_STATUS_LABELS: Record<Order["status"], string> = {
  pending: "Pending",
  paid: "Paid",
  failed: "Failed",
  canceled: "Canceled",
};

export function orderStatusLabel(status: Order["status"]): string {
  return ORDER_STATUS_LABELS[status];
}

const PROVIDER_LABELS: Record<PaymentProviderName, string> = {
  test: "Test checkout",
  stripe: "Stripe",
  verotel: "Verotel",
};

/** Who took the payment, as the user knows them from their card statement. */
export function providerLabel(provider: PaymentProviderName): string {
  return PROVIDER_LABELS[provider];
}
