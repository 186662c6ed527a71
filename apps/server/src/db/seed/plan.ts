import type { Gender, MediaKind } from "@reverie/shared";
import { privatePosterKeyOf } from "../../media/bundle-media.ts";
import { SIZES, VIDEO } from "../../media/sizes.ts";
import type { VideoEffect } from "../../media/video.ts";
import type { ArtStyle, CharacterLook, Pose, SceneId } from "../../providers/image/procedural/index.ts";
import { CHARACTERS, type CharacterSeed, PACKS, type PackSeed } from "./characters.ts";

/**
 * The catalog as a plan: every row with its storage keys, and for every file how to render it.
 * Pure data (no I/O), so the rows can be written without rendering anything and tests can
 * check the plan directly.
 */

/** One file to write: the original, a sharp still (thumbnail / poster) or a blurred still. */
export interface PlannedOutput {
  key: string;
  variant: "original" | "still" | "blurred";
  width: number;
  height: number;
}

export interface ImageRender {
  type: "image";
  look: CharacterLook;
  style: ArtStyle;
  scene: SceneId;
  seed: string;
  pose: Partial<Pose>;
  width: number;
  height: number;
}

export interface VideoRender {
  type: "video";
  look: CharacterLook;
  style: ArtStyle;
  scene: SceneId;
  seed: string;
  pose: Partial<Pose>;
  width: number;
  height: number;
  fps: number;
  durationSeconds: number;
  effect: VideoEffect;
}

/** A picture or video and every file made from it. */
export interface PlannedAsset {
  render: ImageRender | VideoRender;
  outputs: PlannedOutput[];
}

export interface PlannedMedia {
  slug: string;
  kind: MediaKind;
  characterSlug: string;
  file_key: string;
  preview_key: string;
  thumbnail_key: string;
  width: number;
  height: number;
  video_duration: number | null;
  position: number;
  asset: PlannedAsset;
}

export interface PlannedBundle {
  slug: string;
  kind: "bundle" | "pack";
  characterSlug: string | null;
  gender: Gender;
  title: string;
  description: string;
  price_tokens: number;
  cover_key: string;
  position: number;
  media: PlannedMedia[];
}

export interface PlannedCharacter {
  seed: CharacterSeed;
  position: number;
  avatar_key: string;
  cover_key: string;
  /** avatar and cover */
  portraits: PlannedAsset[];
  /** free photos and video */
  media: PlannedMedia[];
  bundle: PlannedBundle;
}

export interface CatalogPlan {
  characters: PlannedCharacter[];
  packs: PlannedBundle[];
}

export function styleOf(gender: Gender): ArtStyle {
  return gender === "anime_female" || gender === "anime_male" ? "anime" : "realistic";
}

// varied framing and placement, so a gallery never looks like copies of one picture
const PHOTO_POSES: Partial<Pose>[] = [
  { framing: "portrait", offset: 0.45, expression: "smile" },
  { framing: "half", offset: -0.6, expression: "soft" },
  { framing: "close", offset: 0.35, expression: "laugh" },
  { framing: "portrait", offset: -0.5, expression: "smirk" },
  { framing: "half", offset: 0.5, expression: "smile" },
  { framing: "close", offset: -0.35, expression: "soft" },
];
const BUNDLE_POSES: Partial<Pose>[] = [
  { framing: "half", offset: 0.45, expression: "soft" },
  { framing: "close", offset: -0.3, expression: "smile" },
  { framing: "portrait", offset: -0.55, expression: "smirk" },
  { framing: "half", offset: 0, expression: "laugh" },
  { framing: "close", offset: 0.3, expression: "smile" },
];

function freeImage(render: ImageRender, file: string, still: string): PlannedAsset {
  return {
    render,
    outputs: [
      { key: file, variant: "original", width: render.width, height: render.height },
      { key: still, variant: "still", ...SIZES.thumbnail },
    ],
  };
}

function lockedImage(render: ImageRender, file: string, preview: string, thumbnail: string): PlannedAsset {
  return {
    render,
    outputs: [
      { key: file, variant: "original", width: render.width, height: render.height },
      { key: preview, variant: "blurred", ...SIZES.lockedPreview },
      { key: thumbnail, variant: "blurred", ...SIZES.lockedThumbnail },
    ],
  };
}

function lockedSet(
  bundleSlug: string,
  characterFor: (index: number) => CharacterSeed,
  scenes: readonly SceneId[],
  count: number,
  video: { scene: SceneId; effect: VideoEffect } | null,
): PlannedMedia[] {
  const media: PlannedMedia[] = [];
  for (let index = 0; index < count; index++) {
    const number = index + 1;
    const character = characterFor(index);
    const render: ImageRender = {
      type: "image",
      look: character.look,
      style: styleOf(character.gender),
      scene: scenes[index % scenes.length] as SceneId,
      seed: `${bundleSlug}:${number}`,
      pose: BUNDLE_POSES[index % BUNDLE_POSES.length] as Partial<Pose>,
      ...SIZES.photo,
    };
    const file = `private/bundles/${bundleSlug}/${number}.webp`;
    const preview = `public/previews/${bundleSlug}/${number}.webp`;
    const thumbnail = `public/previews/${bundleSlug}/${number}.thumb.webp`;
    media.push({
      slug: `${bundleSlug}-${number}`,
      kind: "bundle_image",
      characterSlug: character.slug,
      file_key: file,
      preview_key: preview,
      thumbnail_key: thumbnail,
      ...SIZES.photo,
      video_duration: null,
      position: index,
      asset: lockedImage(render, file, preview, thumbnail),
    });
  }
  if (video) {
    const character = characterFor(count);
    const render: VideoRender = {
      type: "video",
      look: character.look,
      style: styleOf(character.gender),
      scene: video.scene,
      seed: `${bundleSlug}:video-1`,
      pose: { framing: "portrait", offset: 0, expression: "smile" },
      ...SIZES.video,
      fps: VIDEO.fps,
      durationSeconds: VIDEO.bundleSeconds,
      effect: video.effect,
    };
    const file = `private/bundles/${bundleSlug}/video-1.webm`;
    const preview = `public/previews/${bundleSlug}/video-1.webp`;
    const thumbnail = `public/previews/${bundleSlug}/video-1.thumb.webp`;
    media.push({
      slug: `${bundleSlug}-video-1`,
      kind: "bundle_video",
      characterSlug: character.slug,
      file_key: file,
      preview_key: preview,
      thumbnail_key: thumbnail,
      ...SIZES.video,
      video_duration: VIDEO.bundleSeconds,
      position: count,
      asset: {
        render,
        outputs: [
          { key: file, variant: "original", ...SIZES.video },
          // the sharp still its buyer sees (a photo's is the photo itself)
          { key: privatePosterKeyOf(file), variant: "still", ...SIZES.video },
          { key: preview, variant: "blurred", ...SIZES.lockedPreview },
          { key: thumbnail, variant: "blurred", ...SIZES.lockedThumbnail },
        ],
      },
    });
  }
  return media;
}

function planCharacter(seed: CharacterSeed, position: number): PlannedCharacter {
  const style = styleOf(seed.gender);
  const dir = `public/characters/${seed.slug}`;
  const avatar_key = `${dir}/avatar.webp`;
  const cover_key = `${dir}/cover.webp`;
  const portraits: PlannedAsset[] = [
    {
      render: {
        type: "image",
        look: seed.look,
        style,
        scene: seed.look.favoriteScene,
        seed: `${seed.slug}:avatar`,
        pose: { framing: "close", offset: 0, tilt: 2, turn: 0.15, expression: "smile" },
        ...SIZES.avatar,
      },
      outputs: [{ key: avatar_key, variant: "original", ...SIZES.avatar }],
    },
    {
      render: {
        type: "image",
        look: seed.look,
        style,
        scene: seed.look.favoriteScene,
        seed: `${seed.slug}:cover`,
        pose: { framing: "portrait", offset: 0, expression: "soft" },
        ...SIZES.cover,
      },
      outputs: [{ key: cover_key, variant: "original", ...SIZES.cover }],
    },
  ];

  const media: PlannedMedia[] = seed.gallery.map((scene, index) => {
    const number = index + 1;
    const file = `${dir}/photo-${number}.webp`;
    const still = `${dir}/photo-${number}.thumb.webp`;
    return {
      slug: `${seed.slug}-photo-${number}`,
      kind: "photo",
      characterSlug: seed.slug,
      file_key: file,
      preview_key: still,
      thumbnail_key: still,
      ...SIZES.photo,
      video_duration: null,
      position: index,
      asset: freeImage(
        {
          type: "image",
          look: seed.look,
          style,
          scene,
          seed: `${seed.slug}:photo-${number}`,
          pose: PHOTO_POSES[index % PHOTO_POSES.length] as Partial<Pose>,
          ...SIZES.photo,
        },
        file,
        still,
      ),
    };
  });
  const videoFile = `${dir}/video-1.webm`;
  const poster = `${dir}/video-1.poster.webp`;
  media.push({
    slug: `${seed.slug}-video-1`,
    kind: "video",
    characterSlug: seed.slug,
    file_key: videoFile,
    preview_key: poster,
    thumbnail_key: poster,
    ...SIZES.video,
    video_duration: VIDEO.freeSeconds,
    position: media.length,
    asset: {
      render: {
        type: "video",
        look: seed.look,
        style,
        scene: seed.video.scene,
        seed: `${seed.slug}:video-1`,
        pose: { framing: "portrait", offset: 0, expression: "smile" },
        ...SIZES.video,
        fps: VIDEO.fps,
        durationSeconds: VIDEO.freeSeconds,
        effect: seed.video.effect,
      },
      outputs: [
        { key: videoFile, variant: "original", ...SIZES.video },
        { key: poster, variant: "still", ...SIZES.video },
      ],
    },
  });

  const bundleSlug = `${seed.slug}-${seed.bundle.theme}`;
  const bundleMedia = lockedSet(bundleSlug, () => seed, seed.bundle.scenes, seed.bundle.scenes.length, {
    scene: seed.bundle.videoScene,
    effect: seed.video.effect === "bokeh" ? "light_sweep" : "bokeh",
  });
  return {
    seed,
    position,
    avatar_key,
    cover_key,
    portraits,
    media,
    bundle: {
      slug: bundleSlug,
      kind: "bundle",
      characterSlug: seed.slug,
      gender: seed.gender,
      title: seed.bundle.title,
      description: seed.bundle.description,
      price_tokens: seed.bundle.price,
      cover_key: (bundleMedia[0] as PlannedMedia).preview_key,
      position: 0,
      media: bundleMedia,
    },
  };
}

function planPack(pack: PackSeed, characters: readonly CharacterSeed[], position: number): PlannedBundle {
  const cast = characters.filter((character) => character.gender === pack.gender);
  if (cast.length === 0) throw new Error(`pack ${pack.slug} has no characters of gender ${pack.gender}`);
  const media = lockedSet(
    pack.slug,
    (index) => cast[index % cast.length] as CharacterSeed,
    pack.scenes,
    pack.count,
    null,
  );
  return {
    slug: pack.slug,
    kind: "pack",
    characterSlug: null,
    gender: pack.gender,
    title: pack.title,
    description: pack.description,
    price_tokens: pack.price,
    cover_key: (media[0] as PlannedMedia).preview_key,
    position,
    media,
  };
}

export function buildCatalogPlan(
  characters: readonly CharacterSeed[] = CHARACTERS,
  packs: readonly PackSeed[] = PACKS,
): CatalogPlan {
  const perGender = new Map<Gender, number>();
  const planned = characters.map((seed) => {
    const position = perGender.get(seed.gender) ?? 0;
    perGender.set(seed.gender, position + 1);
    return planCharacter(seed, position);
  });
  const packsPerGender = new Map<Gender, number>();
  const plannedPacks = packs.map((pack) => {
    const position = packsPerGender.get(pack.gender) ?? 0;
    packsPerGender.set(pack.gender, position + 1);
    return planPack(pack, characters, position);
  });
  return { characters: planned, packs: plannedPacks };
}

/** Every asset of the plan, in a good rendering order (videos interleaved with stills). */
export function planAssets(plan: CatalogPlan): PlannedAsset[] {
  const assets: PlannedAsset[] = [];
  for (const character of plan.characters) {
    assets.push(...character.portraits);
    for (const media of character.media) assets.push(media.asset);
    for (const media of character.bundle.media) assets.push(media.asset);
  }
  for (const pack of plan.packs) for (const media of pack.media) assets.push(media.asset);
  return assets;
}
