import type { Gender } from "./schemas/common.ts";

/** Where the constructor's pictures are served (the server's routes/custom-traits.ts). */
export const PORTRAIT_PREVIEW_PATH = "/api/custom/previews/portrait";
export const EYE_PREVIEW_PATH = "/api/custom/previews/eyes";

/** The looks a portrait preview is drawn with; what is not given follows the ethnicity, then the category. */
export interface PreviewLook {
  ethnicity?: string | undefined;
  hair_style?: string | undefined;
  eyes_color?: string | undefined;
}

/**
 * A portrait of a character of the category with these looks, drawn by the server's renderer: the
 * picture of an ethnicity or a hair option, and the constructor's live preview of the choices made
 * so far (the same renderer draws the character once created).
 */
export function portraitPreviewUrl(gender: Gender, look: PreviewLook): string {
  const query = [`gender=${encodeURIComponent(gender)}`];
  for (const key of ["ethnicity", "hair_style", "eyes_color"] as const) {
    const value = look[key];
    if (value) query.push(`${key}=${encodeURIComponent(value)}`);
  }
  return `${PORTRAIT_PREVIEW_PATH}?${query.join("&")}`;
}

/** A swatch of an eye colour. */
export function eyePreviewUrl(eyesColor: string): string {
  return `${EYE_PREVIEW_PATH}?eyes_color=${encodeURIComponent(eyesColor)}`;
}
