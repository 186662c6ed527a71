import { ArrowLeft, Eye, EyeOff } from "lucide-react";
import { Link } from "react-router";
import { Chip } from "@/components/ui/chip";
import { ErrorState } from "@/components/ui/error-state";
import { Notice } from "@/components/ui/notice";
import { SectionHeading } from "@/components/ui/section-heading";
import { Skeleton } from "@/components/ui/skeleton";
import { genderLabel } from "@/config/genders";
import { paths } from "@/config/paths";
import { errorMessage } from "@/lib/api-client";
import { pluralize } from "@/lib/format";
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
  // a failed refetch keeps what is on screen (and a half-chosen upload) rather than replacing it
  if (character.isError && !character.data)
    return <ErrorState error={character.error} onRetry={() => void character.refetch()} />;
  const data = character.data;
  return (
    <div className="space-y-8" data-private data-testid="admin-character-editor">
      {character.isError ? (
        <Notice tone="warning">
          Could not refresh this character ({errorMessage(character.error)}); showing what was loaded.
        </Notice>
      ) : null}
      <Link
        to={paths.adminCharacters}
        className="inline-flex items-center gap-1 text-sm text-ink-300 hover:text-ink-100"
      >
        <ArrowLeft className="size-4" aria-hidden="true" /> Characters
      </Link>
      <div className="flex flex-wrap items-center gap-2 text-sm" data-testid="admin-character-summary">
        <Chip>
          {data.age} · {genderLabel(data.gender)}
        </Chip>
        <Chip
          icon={
            data.hidden ? (
              <EyeOff className="size-3.5" aria-hidden="true" />
            ) : (
              <Eye className="size-3.5" aria-hidden="true" />
            )
          }
          className={data.hidden ? "border-amber-300/30 text-amber-200" : undefined}
        >
          {data.hidden ? "Hidden from the public catalog" : "In the public catalog"}
        </Chip>
        <Chip>
          {pluralize(data.photo_count, "photo")}, {pluralize(data.video_count, "video")}
        </Chip>
      </div>
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
