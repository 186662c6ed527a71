import { AdminLayout, useAdminOperator } from "@/components/layout/admin-layout";
import { CatalogOverview } from "@/features/admin-catalog/components/catalog-overview";

function Overview() {
  return <CatalogOverview canEdit={useAdminOperator().role === "admin"} />;
}

/** /admin/characters: the public catalog (moderators read; admins create, hide, reorder, price). */
export default function AdminCharactersRoute() {
  return (
    <AdminLayout section="characters" title="Characters">
      <Overview />
    </AdminLayout>
  );
}
