import { AdminLayout } from "@/components/layout/admin-layout";
import { PaymentsConsole } from "@/features/admin-payments/components/payments-console";

/** /admin/payments (decision 32). A private region: replays never record the console. */
export default function AdminPaymentsRoute() {
  return (
    <AdminLayout section="payments" title="Payments">
      <div data-private>
        <PaymentsConsole />
      </div>
    </AdminLayout>
  );
}
