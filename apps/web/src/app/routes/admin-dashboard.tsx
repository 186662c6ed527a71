import { AdminLayout } from "@/components/layout/admin-layout";
import { Dashboard } from "@/features/admin-dashboard/components/dashboard";

/** /admin: the console's Dashboard (decision 32). A private region: replays never record the console. */
export default function AdminDashboardRoute() {
  return (
    <AdminLayout section="dashboard" title="Dashboard">
      <div data-private>
        <Dashboard />
      </div>
    </AdminLayout>
  );
}
