import type { Gender } from "@reverie/shared";
import type { ImageStyle } from "../api/request-images";

export const IMAGE_STYLES: ReadonlyArray<{ value: ImageStyle; label: string }> = [
  { value: "realistic", label: "Realistic" },
  { value: "anime", label: "Anime" },
];

/** The style a character is drawn in unless the user picks the other: anime for the anime categories. */
export function styleForCategory(gender: Gender): ImageStyle {
  return gender.startsWith("anime") ? "anime" : "realistic";
}
