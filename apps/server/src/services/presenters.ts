import type { Bundle, GalleryItem, MediaItem, Message, Model, ModelSummary } from "@reverie/shared";
import type { MediaRow, MessageRow } from "../db/schema.ts";
import { privatePosterKeyOf } from "../media/bundle-media.ts";
import { previewKeyOf } from "../media/chat-media.ts";
import type { PrivateMediaSigner } from "../media/private-urls.ts";
import { isPublicKey, type MediaStorage } from "../media/storage.ts";
import type { BundleWithCounts } from "../repositories/bundles.ts";
import type { CharacterWithCounts } from "../repositories/characters.ts";
import type { MediaWithCharacter } from "../repositories/media.ts";

/** A visitor's, or a user's who bought no bundle: every bundle item shows locked. */
export const NOTHING_OWNED: ReadonlySet<number> = new Set();

/** Turns rows into the API shapes of @reverie/shared; the only place storage keys become URLs. */
/**
 * A character's profile as the catalog shows it and the admin console edits it (the columns under
 * their own names, `hobbies` as written), in the order every view of a character lists them.
 */
export function characterProfileOf(row: CharacterWithCounts) {
  return {
    name: row.name,
    age: row.age,
    gender: row.gender,
    tagline: row.tagline,
    description: row.description,
    personality: row.personality,
    hobbies: row.hobbies,
    relationship: row.relationship,
    first_msg: row.first_msg,
    user_first_msg_help: row.user_first_msg_help,
  };
}

export class Presenter {
  readonly #storage: MediaStorage;
  readonly #privateMedia: PrivateMediaSigner;

  constructor(storage: MediaStorage, privateMedia: PrivateMediaSigner) {
    this.#storage = storage;
    this.#privateMedia = privateMedia;
  }

  #url(key: string): string {
    const url = this.#storage.publicUrl(key);
    if (url === null) throw new Error(`storage key ${key} is private and has no public URL`);
    return url;
  }

  /**
   * A character's portrait: catalog art is public; a user's own character's is private, shown to
   * its owner (the only one its answers reach) by a signed, expiring link; none ("") while the
   * first portrait is still being drawn.
   */
  #portraitUrl(key: string): string {
    if (key === "") return "";
    return isPublicKey(key) ? this.#url(key) : this.#privateMedia.url(key);
  }

  /** A catalog file's address for the admin console: public files by URL, private ones signed. */
  fileUrl(key: string): string {
    return this.#portraitUrl(key);
  }

  model(row: CharacterWithCounts): Model {
    return {
      id: row.id,
      ...characterProfileOf(row),
      // in the profile's place, as a list
      hobbies: row.hobbies
        .split(",")
        .map((hobby) => hobby.trim())
        .filter(Boolean),
      avatar_url: this.#portraitUrl(row.avatar_key),
      cover_url: this.#portraitUrl(row.cover_key),
      photo_count: row.photo_count,
      video_count: row.video_count,
    };
  }

  modelSummary(character: MediaWithCharacter["character"]): ModelSummary {
    // accepts any row with these columns: a character row or the character joined to a media row
    return {
      id: character.id,
      name: character.name,
      age: character.age,
      gender: character.gender,
      tagline: character.tagline,
      avatar_url: this.#portraitUrl(character.avatar_key),
    };
  }

  /**
   * A gallery item: a bundle's items stay locked (their blurred preview) until the viewer bought
   * the bundle; then the file itself, by a signed, expiring URL.
   */
  media(row: MediaWithCharacter, owned: ReadonlySet<number> = NOTHING_OWNED): MediaItem {
    const inBundle = row.bundle_id !== null;
    const locked = inBundle && !owned.has(row.bundle_id as number);
    return {
      id: row.id,
      kind: row.kind,
      model_id: row.character_id,
      bundle_id: row.bundle_id,
      url: locked
        ? this.#url(row.preview_key)
        : inBundle
          ? this.#privateMedia.url(row.file_key)
          : this.#url(row.file_key),
      thumbnail_url: locked || !inBundle ? this.#url(row.thumbnail_key) : this.#unlockedStillUrl(row),
      width: row.width,
      height: row.height,
      video_duration: row.video_duration,
      locked,
      price_tokens: locked ? row.bundle_price_tokens : null,
    };
  }

  /**
   * A bought bundle item's sharp still (its row's thumbnail is the blurred stand-in): a photo is
   * its own still, a video has a private poster beside it.
   */
  #unlockedStillUrl(row: Pick<MediaRow, "kind" | "file_key">): string {
    return this.#privateMedia.url(
      row.kind === "bundle_video" ? privatePosterKeyOf(row.file_key) : row.file_key,
    );
  }

  galleryItem(row: MediaWithCharacter, owned: ReadonlySet<number> = NOTHING_OWNED): GalleryItem {
    return { ...this.media(row, owned), model: this.modelSummary(row.character) };
  }

  bundle(
    row: BundleWithCounts,
    items: readonly MediaWithCharacter[],
    owned: ReadonlySet<number> = NOTHING_OWNED,
  ): Bundle {
    return {
      id: row.id,
      kind: row.kind,
      model_id: row.character_id,
      gender: row.gender,
      title: row.title,
      description: row.description,
      price_tokens: row.price_tokens,
      cover_url: this.#bundleCoverUrl(row, items, owned),
      photo_count: row.photo_count,
      video_count: row.video_count,
      items: items.map((item) => this.media(item, owned)),
    };
  }

  /**
   * A bundle's cover: a blurred item preview (or the character's cover) while locked; its buyer
   * sees that item sharp. None ("") for a new bundle of a character whose portrait is not uploaded yet.
   */
  #bundleCoverUrl(
    row: BundleWithCounts,
    items: readonly MediaWithCharacter[],
    owned: ReadonlySet<number>,
  ): string {
    if (row.cover_key === "") return "";
    const coverItem = owned.has(row.id)
      ? items.find((item) => item.preview_key === row.cover_key)
      : undefined;
    return coverItem ? this.#unlockedStillUrl(coverItem) : this.#url(row.cover_key);
  }

  /**
   * A message's picture or video: public media by their URL; private media while locked by their
   * blurred public preview only, once unlocked by a signed, expiring URL.
   */
  #messageMedia(row: MessageRow): string | null {
    const key = row.media_key;
    if (!key) return null;
    if (isPublicKey(key)) return this.#storage.publicUrl(key);
    if (row.locked) return this.#storage.publicUrl(previewKeyOf(key));
    return this.#privateMedia.url(key);
  }

  message(row: MessageRow, characterId: number): Message {
    const mediaUrl = this.#messageMedia(row);
    return {
      id: row.id,
      chat_id: row.chat_id,
      model_id: characterId,
      from: row.sender,
      type: row.type,
      text: row.text,
      image_url: mediaUrl,
      images_urls: mediaUrl ? [mediaUrl] : [],
      video_duration: row.video_duration === null ? null : Number(row.video_duration),
      locked: Boolean(row.locked),
      price_tokens: row.price_tokens,
      send_at: row.created_at,
    };
  }
}
