import { useParams } from "react-router";
import { AdminLayout, useAdminOperator } from "@/components/layout/admin-layout";
import { AuditLogList } from "@/features/admin-audit/components/audit-log-list";
import { UserDetail } from "@/features/admin-users/components/user-detail";

function UserPage() {
  const { id = "" } = useParams();
  const operator = useAdminOperator();
  return (
    <>
      <UserDetail key={id} userId={id} operator={operator} />
      <section aria-labelledby="admin-user-history" className="space-y-2">
        <h2 id="admin-user-history" className="font-display text-lg text-ink-100">
          History
        </h2>
        <AuditLogList key={id} targetType="user" targetId={id} />
      </section>
    </>
  );
}

/** /admin/users/:id: one account, what an operator may change about it, and what operators changed. */
export default function AdminUserRoute() {
  return (
    <AdminLayout section="users" title="User">
      <UserPage />
    </AdminLayout>
  );
}
