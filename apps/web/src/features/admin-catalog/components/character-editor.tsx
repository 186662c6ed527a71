import { Link } from "react-router";
import { ErrorState } from "@/components/ui/error-state";
import { SectionHeading } from "@/components/ui/section-heading";
import { Skeleton } from "@/components/ui/skeleton";
import { paths } from "@/config/paths";
import { useAdminCharacter } from "../api/get-character";
import { useUpdateCharacter } from "../api/update-character";
import { BundleContents } from "./bundle-contents";
import { CharacterForm } from "./character-form";
import { CharacterUploads } from "./character-uploads";

/** One catalog character: its fields, portrait, gallery photos and bundles. */
export function CharacterEditor({ id, canEdit }: { id: number; canEdit: boolean }) {
  const character = useAdminCharacter(id);
  const update = useUpdateCharacter(id);
  if (character.isPending) return <Skeleton className="h-96 w-full rounded-2xl" />;
  if (character.isError)
    return <ErrorState error={character.error} onRetry={() => void character.refetch()} />;
  const data = character.data;
  return (
    <div className="space-y-8" data-private data-testid="admin-character-editor">
      <Link to={paths.adminCharacters} className="text-sm text-ink-400 hover:text-ink-100">
        ← All characters
      </Link>
      <p className="text-sm text-ink-300">
        {data.hidden ? "Hidden from the public catalog." : "In the public catalog."} {data.photo_count}{" "}
        photos, {data.video_count} videos.
      </p>
      <section className="space-y-3">
        <SectionHeading title="Pictures" />
        <CharacterUploads character={data} canEdit={canEdit} />
      </section>
      {canEdit ? (
        <section className="space-y-3">
          <SectionHeading title="Profile" />
          <CharacterForm
            key={`${data.id}-${data.name}-${data.age}`}
            character={data}
            pending={update.isPending}
            error={update.error}
            submitLabel="Save changes"
            onSubmit={(fields) => update.mutateAsync(fields)}
          />
        </section>
      ) : null}
      <section className="space-y-3">
        <SectionHeading title="Bundles" />
        <BundleContents character={data} canEdit={canEdit} />
      </section>
    </div>
  );
}
