import type { Gender } from "@reverie/shared";
import { type Kysely, sql } from "kysely";
import type { CharacterRow, Database, MediaRow } from "../db/schema.ts";

/** Media kinds that appear in the public gallery; chat images stay in their chats. */
const GALLERY_KINDS = {
  all: ["photo", "video", "bundle_image", "bundle_video"],
  photo: ["photo", "bundle_image"],
  video: ["video", "bundle_video"],
} as const;

export type GalleryKind = keyof typeof GALLERY_KINDS;

export interface GalleryFilter {
  gender?: Gender | undefined;
  characterId?: number | undefined;
  kind?: GalleryKind | undefined;
  /** free media only (no bundle items) */
  freeOnly?: boolean;
}

export type MediaWithCharacter = MediaRow & {
  bundle_price_tokens: number | null;
  character: Pick<CharacterRow, "id" | "name" | "age" | "gender" | "tagline" | "avatar_key">;
};

export class MediaRepository {
  readonly #db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.#db = db;
  }

  #gallery(filter: GalleryFilter) {
    let query = this.#db
      .selectFrom("media")
      .innerJoin("characters", "characters.id", "media.character_id")
      .where("media.kind", "in", [...GALLERY_KINDS[filter.kind ?? "all"]])
      // a user's generated pictures are theirs alone, whatever their kind
      .where("media.owner_id", "is", null)
      .where("characters.hidden_at", "is", null);
    if (filter.gender) query = query.where("characters.gender", "=", filter.gender);
    if (filter.characterId !== undefined) query = query.where("media.character_id", "=", filter.characterId);
    if (filter.freeOnly) query = query.where("media.bundle_id", "is", null);
    return query;
  }

  #withCharacter() {
    return this.#db
      .selectFrom("media")
      .innerJoin("characters", "characters.id", "media.character_id")
      .leftJoin("bundles", "bundles.id", "media.bundle_id")
      .selectAll("media")
      .select([
        "bundles.price_tokens as bundle_price_tokens",
        "characters.name as character_name",
        "characters.age as character_age",
        "characters.gender as character_gender",
        "characters.tagline as character_tagline",
        "characters.avatar_key as character_avatar_key",
      ]);
  }

  async listGallery(
    filter: GalleryFilter,
    page: { limit: number; offset: number },
  ): Promise<MediaWithCharacter[]> {
    // Each character's n-th item before anyone's (n+1)-th: the gallery interleaves characters
    // instead of showing one character at a time.
    const ranked = this.#gallery(filter).select([
      "media.id",
      "characters.position as character_position",
      sql<number>`row_number() over (partition by media.character_id order by media.position, media.id)`.as(
        "rank",
      ),
    ]);
    const ids = await this.#db
      .selectFrom(ranked.as("ranked"))
      .select("ranked.id")
      .orderBy("ranked.rank")
      .orderBy("ranked.character_position")
      .orderBy("ranked.id")
      .limit(page.limit)
      .offset(page.offset)
      .execute();
    return this.findManyById(ids.map((row) => row.id));
  }

  async countGallery(filter: GalleryFilter): Promise<number> {
    const row = await this.#gallery(filter)
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  async findById(id: number): Promise<MediaWithCharacter | undefined> {
    const [row] = await this.findManyById([id]);
    return row;
  }

  /** Rows in the order of the given ids. */
  async findManyById(ids: readonly number[]): Promise<MediaWithCharacter[]> {
    if (ids.length === 0) return [];
    const rows = await this.#withCharacter()
      .where("media.id", "in", [...ids])
      .execute();
    const byId = new Map(rows.map((row) => [row.id, withCharacter(row)]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  }

  async listByBundle(
    bundleId: number,
    filter: { gender?: Gender | undefined } = {},
  ): Promise<MediaWithCharacter[]> {
    let query = this.#withCharacter().where("media.bundle_id", "=", bundleId);
    if (filter.gender) query = query.where("characters.gender", "=", filter.gender);
    const rows = await query.orderBy("media.position").orderBy("media.id").execute();
    return rows.map(withCharacter);
  }

  /** The first `perBundle` items of each bundle, for previews. */
  async previewsForBundles(
    bundleIds: readonly number[],
    perBundle: number,
  ): Promise<Map<number, MediaWithCharacter[]>> {
    const previews = new Map<number, MediaWithCharacter[]>();
    if (bundleIds.length === 0) return previews;
    const rows = await this.#withCharacter()
      .where("media.bundle_id", "in", [...bundleIds])
      .orderBy("media.bundle_id")
      .orderBy("media.position")
      .orderBy("media.id")
      .execute();
    for (const row of rows) {
      const bundleId = row.bundle_id as number;
      const list = previews.get(bundleId) ?? [];
      if (list.length < perBundle) list.push(withCharacter(row));
      previews.set(bundleId, list);
    }
    return previews;
  }
}

type JoinedRow = MediaRow & {
  bundle_price_tokens: number | null;
  character_name: string;
  character_age: number;
  character_gender: Gender;
  character_tagline: string;
  character_avatar_key: string;
};

function withCharacter(row: JoinedRow): MediaWithCharacter {
  const {
    character_name,
    character_age,
    character_gender,
    character_tagline,
    character_avatar_key,
    ...media
  } = row;
  return {
    ...media,
    video_duration: media.video_duration === null ? null : Number(media.video_duration),
    character: {
      id: media.character_id,
      name: character_name,
      age: character_age,
      gender: character_gender,
      tagline: character_tagline,
      avatar_key: character_avatar_key,
    },
  };
}
