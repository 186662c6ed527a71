import type { Gender } from "@reverie/shared";
import { useState } from "react";
import { useNavigate } from "react-router";
import { SectionHeading } from "@/components/ui/section-heading";
import { Tabs } from "@/components/ui/tabs";
import { GENDER_TABS } from "@/config/genders";
import { paths } from "@/config/paths";
import { useCreateCharacter } from "../api/create-character";
import { BundlePrices } from "./bundle-prices";
import { CharacterForm } from "./character-form";
import { CharacterList } from "./character-list";

/** The Characters screen: a category's characters, a new one, and the bundles' and packs' prices. */
export function CatalogOverview({ canEdit }: { canEdit: boolean }) {
  const [gender, setGender] = useState<Gender>("female");
  const [creating, setCreating] = useState(false);
  const create = useCreateCharacter();
  const navigate = useNavigate();

  return (
    <div className="space-y-8" data-private>
      <Tabs items={GENDER_TABS} value={gender} onChange={setGender} label="Category" size="sm" />
      <section className="space-y-3">
        <div className="flex items-center justify-between gap-3">
          <SectionHeading title="Characters" />
          {canEdit ? (
            <button
              type="button"
              className="text-sm text-coral-200 hover:underline"
              onClick={() => setCreating((open) => !open)}
              data-testid="admin-character-new"
            >
              {creating ? "Cancel" : "New character"}
            </button>
          ) : null}
        </div>
        {creating ? (
          <CharacterForm
            pending={create.isPending}
            error={create.error}
            submitLabel="Create"
            onSubmit={async (fields) => {
              const created = await create.mutateAsync({ ...(fields as Required<typeof fields>) });
              void navigate(`${paths.adminCharacters}/${created.id}`);
            }}
          />
        ) : null}
        <CharacterList gender={gender} canEdit={canEdit} />
      </section>
      <section className="space-y-3">
        <SectionHeading title="Bundles" />
        <BundlePrices gender={gender} kind="bundle" canEdit={canEdit} />
      </section>
      <section className="space-y-3">
        <SectionHeading title="Packs" />
        <BundlePrices gender={gender} kind="pack" canEdit={canEdit} />
      </section>
    </div>
  );
}
