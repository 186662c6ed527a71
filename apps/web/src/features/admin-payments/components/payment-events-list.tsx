import { Receipt } from "lucide-react";
import { CursorPager, DataTable, useCursorPages } from "@/components/ui/data-table";
import { formatPrice } from "@/lib/format";
import { usePaymentEvents } from "../api/get-payment-events";
import { PaymentUser } from "./payment-user";
import { RecordRow } from "./record-row";
import { StatusBadge } from "./status-badge";

/** Provider events as they arrived, newest first, with the order's or subscription's status now. */
export function PaymentEventsList() {
  const pages = useCursorPages<number>();
  const events = usePaymentEvents(pages.cursor);
  return (
    <DataTable
      query={events}
      testId="admin-payment-events"
      empty={{
        icon: <Receipt className="size-6" aria-hidden="true" />,
        title: "No provider events yet",
        description: "Payments, failures, renewals and cancellations appear here as providers report them.",
        testId: "admin-payment-events-empty",
      }}
      rowKey={(event) => event.id}
      row={(event) => (
        <RecordRow
          testId="admin-payment-event"
          title={event.type.replaceAll("_", " ")}
          badge={<StatusBadge status={event.status} />}
          at={event.created_at}
          details={
            <>
              <p>
                {event.provider}
                {event.amount_cents !== null && event.currency
                  ? ` · ${formatPrice(event.amount_cents, event.currency)}`
                  : ""}
                {event.order_id ? ` · order ${event.order_id}` : ""}
              </p>
              <p>
                <PaymentUser user={event.user} />
              </p>
            </>
          }
        />
      )}
      footer={(data) => <CursorPager pages={pages} next={data.next_before} />}
    />
  );
}
