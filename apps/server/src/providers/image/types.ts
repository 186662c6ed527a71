import type { Gender } from "@reverie/shared";
import type { ComponentStatus } from "../../lib/health-check.ts";
import type { RawImage } from "../../media/image-encoding.ts";
import type { ArtStyle, CharacterLook, Prop, SceneId, TimeOfDay } from "./procedural/index.ts";

/** Who is in the picture: the parts of the character card a picture is drawn from. */
export interface ImageSubject {
  name: string;
  age: number;
  gender: Gender;
  tagline: string;
}

/** One picture of a character, asked for in a chat. */
export interface ImageRequest {
  character: ImageSubject;
  /** what the character looks like (hair, eyes, outfit, favourite place) */
  look: CharacterLook;
  /** the user's message that asked for the picture */
  request: string;
  /** where the picture is set */
  scene: SceneId;
  /** the light of day the request asks for (parsePictureDetails); the scene's own when absent */
  time?: TimeOfDay | null;
  /** what the request asks the character to hold */
  props?: readonly Prop[];
  style: ArtStyle;
  /** the same request and seed give the same picture where the provider allows it */
  seed: string;
  width: number;
  height: number;
  signal?: AbortSignal;
}

/** An encoded image (PNG, JPEG, WebP: anything sharp reads) or raw pixels. */
export type GeneratedImage = Buffer | RawImage;

/** A failure making a picture; `retryable` says whether the same request may succeed later. */
export class ImageProviderError extends Error {
  readonly retryable: boolean;

  constructor(message: string, options: { retryable: boolean; cause?: unknown }) {
    super(message, { cause: options.cause });
    this.name = "ImageProviderError";
    this.retryable = options.retryable;
  }
}

/**
 * What a provider's pictures are: photographs (a text-to-image model makes the realistic style
 * as a photo) or illustrations (the offline renderer draws both styles).
 */
export type ImageMedium = "photographs" | "illustrations";

/** Makes pictures of characters. */
export interface ImageProvider {
  readonly name: string;
  readonly medium: ImageMedium;
  generate(request: ImageRequest): Promise<GeneratedImage>;
  check(): Promise<ComponentStatus>;
}
