import { portraitPreviewUrl } from "@reverie/shared";
import type { BuilderDraft } from "./builder-draft";

/**
 * The live preview's portrait of the choices so far, drawn by the server's renderer (the one that
 * draws the character once created): the chosen ethnicity, hair and eyes, the ethnicity's common
 * hair and eyes where none are chosen yet. Null until a category is picked.
 */
export function previewPortraitUrl(draft: Pick<BuilderDraft, "gender" | "traits">): string | null {
  if (!draft.gender) return null;
  return portraitPreviewUrl(draft.gender, {
    ethnicity: draft.traits.ethnicity?.[0],
    hair_style: draft.traits.hair_style?.[0],
    eyes_color: draft.traits.eyes_color?.[0],
  });
}
