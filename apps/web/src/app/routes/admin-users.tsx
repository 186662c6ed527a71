import { AdminLayout } from "@/components/layout/admin-layout";
import { UserSearch } from "@/features/admin-users/components/user-search";

/** /admin/users: find an account. */
export default function AdminUsersRoute() {
  return (
    <AdminLayout section="users" title="Users">
      <UserSearch />
    </AdminLayout>
  );
}
