import { useParams } from "react-router";
import { AdminLayout, useAdminOperator } from "@/components/layout/admin-layout";
import { CharacterEditor } from "@/features/admin-catalog/components/character-editor";

function Editor() {
  const id = Number(useParams().id);
  return <CharacterEditor key={id} id={id} canEdit={useAdminOperator().role === "admin"} />;
}

/** /admin/characters/:id: one catalog character, its pictures and profile. */
export default function AdminCharacterRoute() {
  return (
    <AdminLayout section="characters" title="Character">
      <Editor />
    </AdminLayout>
  );
}
