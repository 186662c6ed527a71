/** The constructor's picture addresses live in the shared package: the web app's live preview builds them too. */
export {
  EYE_PREVIEW_PATH,
  eyePreviewUrl,
  PORTRAIT_PREVIEW_PATH,
  type PreviewLook,
  portraitPreviewUrl,
} from "@reverie/shared";
