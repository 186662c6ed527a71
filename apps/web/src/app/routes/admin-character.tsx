import { useParams } from "react-router";
import { AdminLayout, useAdminOperator } from "@/components/layout/admin-layout";
import { CharacterEditor } from "@/features/admin-catalog/components/character-editor";
import { CharacterHeading } from "@/features/admin-catalog/components/character-heading";

function Editor({ id }: { id: number }) {
  return <CharacterEditor key={id} id={id} canEdit={useAdminOperator().role === "admin"} />;
}

/** /admin/characters/:id: one catalog character, its pictures and profile, under its name. */
export default function AdminCharacterRoute() {
  const id = Number(useParams().id);
  return (
    <AdminLayout section="characters" title="Character" heading={<CharacterHeading key={id} id={id} />}>
      <Editor id={id} />
    </AdminLayout>
  );
}
