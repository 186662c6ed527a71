import type { Gender } from "@reverie/shared";

/** Where the constructor's pictures are served (routes/custom-traits.ts). */
export const PORTRAIT_PREVIEW_PATH = "/api/custom/previews/portrait";
export const EYE_PREVIEW_PATH = "/api/custom/previews/eyes";

/** The looks a portrait preview is drawn with; what is not given is the category's first option. */
export interface PreviewLook {
  ethnicity?: string | undefined;
  hair_style?: string | undefined;
  eyes_color?: string | undefined;
}

/**
 * A portrait of a character of the category with these looks: the picture of an ethnicity or a
 * hair option, and the constructor's live preview of the choices made so far.
 */
export function portraitPreviewUrl(gender: Gender, look: PreviewLook): string {
  const query = new URLSearchParams({ gender });
  for (const key of ["ethnicity", "hair_style", "eyes_color"] as const) {
    const value = look[key];
    if (value) query.set(key, value);
  }
  return `${PORTRAIT_PREVIEW_PATH}?${query}`;
}

/** A swatch of an eye colour. */
export function eyePreviewUrl(eyesColor: string): string {
  return `${EYE_PREVIEW_PATH}?${new URLSearchParams({ eyes_color: eyesColor })}`;
}
