import { type Gender, genderSchema } from "@reverie/shared";
import { useCallback } from "react";
import { useSearchParams } from "react-router";
import { DEFAULT_GENDER } from "@/config/genders";
import { useStorageValue } from "@/lib/storage";

export function parseGender(value: string | null | undefined): Gender | null {
  const parsed = genderSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/**
 * The category to show: the `gender` query wins, else the stored interest choice
 * (`isStartedChoosing`), else female. The setter writes the query (dropping `dropParams`, e.g. filters
 * that belong to the previous category).
 */
export function useGenderPreference(): [Gender, (gender: Gender, dropParams?: string[]) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const stored = useStorageValue("genderChoice");
  const gender = parseGender(searchParams.get("gender")) ?? parseGender(stored) ?? DEFAULT_GENDER;

  const setGender = useCallback(
    (next: Gender, dropParams: string[] = []) => {
      setSearchParams(
        (previous) => {
          const params = new URLSearchParams(previous);
          params.set("gender", next);
          for (const key of dropParams) params.delete(key);
          return params;
        },
        { preventScrollReset: true },
      );
    },
    [setSearchParams],
  );

  return [gender, setGender];
}
