import type { AdminCharacter, AdminCharacterCreateBody, Gender } from "@reverie/shared";
import { type FormEvent, useState } from "react";
import { Button } from "@/components/ui/button";
import { Notice } from "@/components/ui/notice";
import { SelectField } from "@/components/ui/select";
import { TextField } from "@/components/ui/text-field";
import { GENDER_TABS } from "@/config/genders";
import { errorMessage } from "@/lib/api-client";

type Fields = Omit<Required<AdminCharacterCreateBody>, "reason">;

const EMPTY: Fields = {
  name: "",
  age: 21,
  gender: "female",
  tagline: "",
  description: "",
  personality: "",
  hobbies: "",
  relationship: "",
  first_msg: "",
  user_first_msg_help: "",
};

const LONG_FIELDS = [
  { key: "description", label: "Bio" },
  { key: "first_msg", label: "Greeting" },
] as const;
const SHORT_FIELDS = [
  { key: "tagline", label: "Tagline" },
  { key: "personality", label: "Personality" },
  { key: "hobbies", label: "Hobbies (comma-separated)" },
  { key: "relationship", label: "Relationship" },
  { key: "user_first_msg_help", label: "Suggested first reply" },
] as const;

/**
 * A catalog character's fields, for a new one or an edit (only the fields that changed are
 * sent). The age is checked again by the server, which refuses anyone under 18.
 */
export function CharacterForm({
  character,
  pending,
  error,
  submitLabel,
  onSubmit,
}: {
  character?: AdminCharacter;
  pending: boolean;
  error: unknown;
  submitLabel: string;
  onSubmit: (fields: Partial<Fields>) => Promise<unknown>;
}) {
  const initial: Fields = character ? { ...EMPTY, ...pickFields(character) } : EMPTY;
  const [fields, setFields] = useState<Fields>(initial);
  const set = <K extends keyof Fields>(key: K, value: Fields[K]) =>
    setFields((current) => ({ ...current, [key]: value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const changed = character
      ? Object.fromEntries(
          Object.entries(fields).filter(([key, value]) => initial[key as keyof Fields] !== value),
        )
      : fields;
    await onSubmit(changed).catch(() => undefined);
  }

  return (
    <form onSubmit={(event) => void submit(event)} className="space-y-3" data-testid="admin-character-form">
      <div className="grid gap-3 sm:grid-cols-3">
        <TextField
          label="Name"
          value={fields.name}
          onChange={(event) => set("name", event.target.value)}
          required
          maxLength={40}
        />
        <TextField
          label="Age"
          type="number"
          min={18}
          max={99}
          value={fields.age}
          onChange={(event) => set("age", Number(event.target.value))}
          required
        />
        <SelectField
          label="Category"
          value={fields.gender}
          onChange={(event) => set("gender", event.target.value as Gender)}
        >
          {GENDER_TABS.map((tab) => (
            <option key={tab.value} value={tab.value}>
              {tab.label}
            </option>
          ))}
        </SelectField>
      </div>
      {SHORT_FIELDS.map((field) => (
        <TextField
          key={field.key}
          label={field.label}
          value={fields[field.key]}
          onChange={(event) => set(field.key, event.target.value)}
          required={field.key === "tagline" || field.key === "personality"}
        />
      ))}
      {LONG_FIELDS.map((field) => (
        <label key={field.key} className="block space-y-1.5 text-sm text-ink-200">
          <span>{field.label}</span>
          <textarea
            value={fields[field.key]}
            onChange={(event) => set(field.key, event.target.value)}
            required
            rows={3}
            className="w-full rounded-xl border border-white/10 bg-ink-800 px-3 py-2 text-ink-100"
          />
        </label>
      ))}
      {error ? <Notice tone="error">{errorMessage(error)}</Notice> : null}
      <Button type="submit" loading={pending} data-testid="admin-character-save">
        {submitLabel}
      </Button>
    </form>
  );
}

function pickFields(character: AdminCharacter): Fields {
  return {
    name: character.name,
    age: character.age,
    gender: character.gender,
    tagline: character.tagline,
    description: character.description,
    personality: character.personality,
    hobbies: character.hobbies,
    relationship: character.relationship,
    first_msg: character.first_msg,
    user_first_msg_help: character.user_first_msg_help,
  };
}
