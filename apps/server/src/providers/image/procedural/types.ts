import type { Seed } from "../../../lib/seeded-random.ts";

export type ArtStyle = "realistic" | "anime";

export const SCENE_IDS = [
  "studio",
  "city_night",
  "beach_sunset",
  "beach_day",
  "cafe",
  "forest",
  "neon_street",
  "library",
  "rooftop",
  "snowy_cabin",
  "garden",
  "sakura",
  "bridge",
  "bedroom",
] as const;
export type SceneId = (typeof SCENE_IDS)[number];

export const TIMES_OF_DAY = ["day", "sunset", "night"] as const;
export type TimeOfDay = (typeof TIMES_OF_DAY)[number];

/** Things the renderer can put in the character's hands. */
export const PROPS = ["violin", "guitar", "book", "cup", "umbrella", "flowers"] as const;
export type Prop = (typeof PROPS)[number];

export type Build = "feminine" | "masculine";

export const HAIR_STYLES = [
  // longer styles
  "long",
  "wavy",
  "bob",
  "ponytail",
  "bun",
  "curly",
  "pixie",
  // shorter styles
  "short",
  "buzz",
  "quiff",
  "curly_short",
  "medium",
  "spiky",
] as const;
export type HairStyle = (typeof HAIR_STYLES)[number];

export const OUTFIT_STYLES = [
  "tee",
  "vneck",
  "shirt",
  "blazer",
  "turtleneck",
  "hoodie",
  "sweater",
  "scoop",
  "jacket",
  "cardigan",
] as const;
export type OutfitStyle = (typeof OUTFIT_STYLES)[number];

/** The colours a character's everyday outfit is drawn from, when nothing asks for another. */
export const OUTFIT_COLORS = [
  "#b8283a",
  "#1f5f4a",
  "#3fa8b8",
  "#d9a13a",
  "#5f7a6a",
  "#2b3a67",
  "#e9dcc9",
  "#6b2030",
  "#333840",
] as const;

export const ACCESSORIES = ["necklace", "earrings", "glasses", "scarf"] as const;
export type Accessory = (typeof ACCESSORIES)[number];

export type FacialHair = "none" | "stubble" | "beard";

/** What a character looks like; drives every picture of them. Colours are "#rrggbb". */
export interface CharacterLook {
  build: Build;
  skin: string;
  hair: { style: HairStyle; color: string /** optional streak / tips colour */; accent?: string };
  eyes: string;
  /** lip tint; derived from the skin when absent */
  lips?: string;
  outfit: { style: OutfitStyle; primary: string; secondary: string; accent?: string };
  accessories?: readonly Accessory[];
  facialHair?: FacialHair;
  favoriteScene: SceneId;
  /**
   * Words a text-to-image prompt adds about the person ("East Asian", "athletic build"): a custom
   * character's ethnicity and figure. The procedural renderer draws from the colours instead.
   */
  descriptors?: readonly string[];
}

export type Framing = "close" | "portrait" | "half";
export type Expression = "smile" | "soft" | "laugh" | "smirk";
export const GESTURES = ["none", "wave", "cheek"] as const;
/** A hand in the picture: none, raised in a wave beside the head, or resting by the chin. */
export type Gesture = (typeof GESTURES)[number];

export interface Pose {
  framing: Framing;
  /** horizontal placement, -1 (left) … 1 (right) */
  offset: number;
  /** head tilt in degrees */
  tilt: number;
  /** head turn, -1 … 1: shifts the features for a slight three-quarter view */
  turn: number;
  expression: Expression;
  /** none unless asked for: the catalog's art is drawn without */
  gesture: Gesture;
}

export interface RenderCharacterOptions {
  look: CharacterLook;
  scene: SceneId;
  style: ArtStyle;
  seed: Seed;
  width: number;
  height: number;
  /** anything not given is chosen from the seed */
  pose?: Partial<Pose>;
  /** the light of day asked for; the scene's own when absent */
  time?: TimeOfDay;
  /** what the character holds */
  props?: readonly Prop[];
  /** WebP quality, default 84 */
  quality?: number;
}

/** How a scene lights the figure. */
export interface Lighting {
  /** the side the key light comes from: -1 left, 1 right */
  side: -1 | 1;
  key: string;
  rim: string;
  /** 0 … 1 */
  rimStrength: number;
  shadow: string;
  /** how strongly the scene tints the figure, 0 … 1 */
  ambient: number;
}
