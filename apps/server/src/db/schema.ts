import type { Gender, MediaKind } from "@reverie/shared";
import type { Generated, Insertable, Selectable, Updateable } from "kysely";

/**
 * Table types for Kysely. Timestamps are ISO 8601 strings on both dialects
 * (Postgres timestamptz values are parsed to ISO strings in database.ts).
 */
export interface CharactersTable {
  id: Generated<number>;
  slug: string;
  name: string;
  age: number;
  gender: Gender;
  tagline: string;
  description: string;
  personality: string;
  /** comma-separated, as the spec's custom-model payload sends them */
  hobbies: string;
  relationship: string;
  first_msg: string;
  user_first_msg_help: string;
  avatar_key: string;
  cover_key: string;
  position: number;
  created_at: Generated<string>;
}

export interface BundlesTable {
  id: Generated<number>;
  slug: string;
  kind: "bundle" | "pack";
  /** null for packs, which span a whole gender category */
  character_id: number | null;
  gender: Gender;
  title: string;
  description: string;
  price_tokens: number;
  cover_key: string;
  position: number;
  created_at: Generated<string>;
}

export interface MediaTable {
  id: Generated<number>;
  slug: string;
  character_id: number;
  /** media in a bundle are locked until the bundle is bought */
  bundle_id: number | null;
  kind: MediaKind;
  /** storage key of the full file; keys under private/ are never served statically */
  file_key: string;
  /** storage key of a blurred still, always public (shown while locked) */
  preview_key: string;
  /** storage key of a still (poster frame for videos); blurred when locked */
  thumbnail_key: string;
  width: number;
  height: number;
  /** seconds; videos only */
  video_duration: number | null;
  position: number;
  created_at: Generated<string>;
}

export interface Database {
  characters: CharactersTable;
  bundles: BundlesTable;
  media: MediaTable;
}

export type CharacterRow = Selectable<CharactersTable>;
export type NewCharacter = Insertable<CharactersTable>;
export type CharacterUpdate = Updateable<CharactersTable>;
export type BundleRow = Selectable<BundlesTable>;
export type NewBundle = Insertable<BundlesTable>;
export type MediaRow = Selectable<MediaTable>;
export type NewMedia = Insertable<MediaTable>;
