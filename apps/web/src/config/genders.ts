import type { Gender } from "@reverie/shared";

/** Category tabs, in display order (spec: male, female, anime_male, anime_female). */
export const GENDER_TABS: ReadonlyArray<{ value: Gender; label: string }> = [
  { value: "female", label: "Girls" },
  { value: "male", label: "Guys" },
  { value: "anime_female", label: "Anime girls" },
  { value: "anime_male", label: "Anime guys" },
];

export const DEFAULT_GENDER: Gender = "female";

export function genderLabel(gender: Gender): string {
  return GENDER_TABS.find((tab) => tab.value === gender)?.label ?? "Girls";
}
