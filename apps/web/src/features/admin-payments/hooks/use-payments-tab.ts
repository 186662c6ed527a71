import { useTabParam } from "@/hooks/use-tab-param";

export const PAYMENT_TABS = [
  { value: "events", label: "Events" },
  { value: "failures", label: "Orders" },
  { value: "subscriptions", label: "Subscriptions" },
] as const;
export type PaymentTab = (typeof PAYMENT_TABS)[number]["value"];

/** The Payments screen's tab, events by default. */
export function usePaymentsTab() {
  return useTabParam(PAYMENT_TABS);
}
