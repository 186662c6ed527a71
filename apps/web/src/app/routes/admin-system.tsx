import { AdminLayout } from "@/components/layout/admin-layout";
import { SystemConsole } from "@/features/admin-system/components/system-console";

/** /admin/system (decision 32). A private region: replays never record the console (nor a replay in it). */
export default function AdminSystemRoute() {
  return (
    <AdminLayout section="system" title="System">
      <div data-private>
        <SystemConsole />
      </div>
    </AdminLayout>
  );
}
