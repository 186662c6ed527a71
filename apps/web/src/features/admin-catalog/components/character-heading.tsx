import { useDocumentTitle } from "@/hooks/use-document-title";
import { useAdminCharacter } from "../api/get-character";

/** The editor's page heading and tab title: the character's name once it is known. */
export function CharacterHeading({ id }: { id: number }) {
  const character = useAdminCharacter(id);
  const name = character.data?.name;
  useDocumentTitle(name ? `${name} · Admin` : "Character · Admin");
  return <span data-testid="admin-character-name">{name ?? "Character"}</span>;
}
