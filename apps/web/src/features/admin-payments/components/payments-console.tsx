import { Tabs } from "@/components/ui/tabs";
import { PAYMENT_TABS, usePaymentsTab } from "../hooks/use-payments-tab";
import { PaymentEventsList } from "./payment-events-list";
import { PaymentOrdersList } from "./payment-orders-list";
import { SubscriptionsList } from "./subscriptions-list";

/** The console's Payments screen: provider events, orders (failures first; refunds), subscriptions. */
export function PaymentsConsole() {
  const { tab, setTab } = usePaymentsTab();
  return (
    <div className="space-y-4" data-testid="admin-payments">
      <Tabs
        label="Payments"
        items={PAYMENT_TABS}
        value={tab}
        onChange={setTab}
        testId="admin-payments-tabs"
      />
      {tab === "events" ? <PaymentEventsList /> : null}
      {tab === "failures" ? <PaymentOrdersList /> : null}
      {tab === "subscriptions" ? <SubscriptionsList /> : null}
    </div>
  );
}
