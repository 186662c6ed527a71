import type { Gender } from "@reverie/shared";
import { useCallback } from "react";
import { useSearchParams } from "react-router";
import { DEFAULT_GENDER } from "@/config/genders";
import { keepScroll } from "@/lib/scroll-restoration";
import { useStorageValue } from "@/lib/storage";

/**
 * The contract's genders (`genderSchema`), checked without loading zod: a gender added to the
 * contract fails to compile here until it is listed.
 */
const GENDERS: Record<Gender, true> = { male: true, female: true, anime_male: true, anime_female: true };

/** A category from the address or storage; null unless it is one of the contract's genders. */
export function parseGender(value: string | null | undefined): Gender | null {
  return value && Object.hasOwn(GENDERS, value) ? (value as Gender) : null;
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
      setSearchParams((previous) => {
        const params = new URLSearchParams(previous);
        params.set("gender", next);
        for (const key of dropParams) params.delete(key);
        return params;
      }, keepScroll);
    },
    [setSearchParams],
  );

  return [gender, setGender];
}
