import type { Gender } from "@reverie/shared";
import { Select } from "@/components/ui/select";
import { Tabs } from "@/components/ui/tabs";
import { useGalleryModels } from "../api/get-gallery-models";

export type KindFilter = "all" | "photo" | "video";

const KIND_TABS = [
  { value: "all", label: "All" },
  { value: "photo", label: "Photos" },
  { value: "video", label: "Videos" },
] as const;

/** Kind tabs (All / Photos / Videos) and the character filter. */
export function GalleryFilters({
  gender,
  kind,
  onKindChange,
  modelId,
  onModelChange,
}: {
  gender: Gender;
  kind: KindFilter;
  onKindChange: (kind: KindFilter) => void;
  modelId: number | null;
  onModelChange: (modelId: number | null) => void;
}) {
  const models = useGalleryModels(gender);
  return (
    <div className="flex flex-wrap items-center gap-3">
      <Tabs
        items={KIND_TABS}
        value={kind}
        onChange={onKindChange}
        label="Media type"
        size="sm"
        testId="kind-tabs"
      />
      <Select
        value={modelId ?? ""}
        onChange={(event) => onModelChange(event.target.value ? Number(event.target.value) : null)}
        disabled={models.isPending}
        className="w-56 max-w-full"
        data-testid="model-filter"
        aria-label="Character"
      >
        <option value="">All characters</option>
        {(models.data?.items ?? []).map((model) => (
          <option key={model.id} value={model.id}>
            {model.name} · {model.media_count}
          </option>
        ))}
      </Select>
    </div>
  );
}
