import type { Gender, ImageStyles } from "@reverie/shared";
import type { ImageStyle } from "../api/request-images";

export type StyleOffer = ImageStyles["styles"][number];

/** The style a character is drawn in unless the user picks the other: anime for the anime categories. */
export function styleForCategory(gender: Gender): ImageStyle {
  return gender.startsWith("anime") ? "anime" : "realistic";
}

/** The styles offered when the server could not be asked, named for neither photos nor drawings. */
export const FALLBACK_STYLES: readonly StyleOffer[] = [
  { value: "realistic", label: "Lifelike", description: "The character as they look" },
  { value: "anime", label: "Anime", description: "Drawn in anime style" },
];

/** A style's name as the server offers it; a plain word until the server has said. */
export function styleLabel(styles: readonly StyleOffer[] | undefined, value: ImageStyle): string {
  return (styles ?? FALLBACK_STYLES).find((style) => style.value === value)?.label ?? value;
}

/**
 * What the style choice says about the pictures: nothing where the server makes photographs, a
 * plain note where it draws illustrations (so nobody pays for a "photo" and gets a drawing).
 */
export function mediumNote(medium: ImageStyles["medium"] | undefined): string | null {
  return medium === "illustrations" ? "Pictures here are drawn as illustrations, not photos." : null;
}
