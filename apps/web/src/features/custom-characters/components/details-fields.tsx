import { CUSTOM_LIMITS } from "@reverie/shared";
import { TextField } from "@/components/ui/text-field";
import type { BuilderDraft } from "../utils/builder-draft";
import { DescriptionField } from "./description-field";

type Details = Pick<BuilderDraft, "name" | "age" | "description">;

/** Name, age (a number, 18 or more) and description: the builder's details step and the edit form. */
export function DetailsFields({
  value,
  onChange,
  errors,
}: {
  value: Details;
  onChange: (details: Partial<Details>) => void;
  /** by field: name, age, description (the description's may be the server's refusal) */
  errors: Partial<Record<keyof Details, string>>;
}) {
  return (
    <div className="space-y-5">
      <div className="grid gap-5 sm:grid-cols-[minmax(0,1fr)_9rem]">
        <TextField
          label="Name"
          value={value.name}
          onChange={(event) => onChange({ name: event.target.value })}
          maxLength={CUSTOM_LIMITS.nameMaxLength}
          autoComplete="off"
          error={errors.name}
          data-testid="character-name"
        />
        <TextField
          label="Age"
          type="number"
          inputMode="numeric"
          min={CUSTOM_LIMITS.minAge}
          max={CUSTOM_LIMITS.maxAge}
          step={1}
          value={value.age}
          onChange={(event) => onChange({ age: event.target.value })}
          error={errors.age}
          hint={`${CUSTOM_LIMITS.minAge} or older`}
          data-testid="character-age"
        />
      </div>
      <DescriptionField
        value={value.description}
        onChange={(description) => onChange({ description })}
        error={errors.description}
      />
    </div>
  );
}
