import { AdminLayout } from "@/components/layout/admin-layout";
import { AuditLogList } from "@/features/admin-audit/components/audit-log-list";

/** /admin/audit: every operator action, who, what, when, before and after. */
export default function AdminAuditRoute() {
  return (
    <AdminLayout section="audit" title="Audit log">
      <AuditLogList />
    </AdminLayout>
  );
}
