import type { Gender } from "@reverie/shared";
import type { Insertable, Kysely, Updateable } from "kysely";
import type { BundlesTable, CharactersTable, Database, MediaRow, MediaTable } from "../db/schema.ts";
import { type BundleWithCounts, selectBundlesWithCounts } from "./bundles.ts";
import {
  type CharacterWithCounts,
  findWithCounts,
  listInCatalogOrder,
  selectCharactersWithCounts,
} from "./characters.ts";
import { withNumericCounts } from "./numbers.ts";

const GALLERY_KINDS = ["photo", "video", "bundle_image", "bundle_video"] as const;

/**
 * The public catalog as the admin console sees it: hidden characters included, users' own
 * characters never. Writes take the caller's transaction (construct with it).
 */
export class AdminCatalogRepository {
  readonly #db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.#db = db;
  }

  #characters() {
    return selectCharactersWithCounts(this.#db).where("characters.owner_id", "is", null);
  }

  async listCharacters(gender?: Gender): Promise<CharacterWithCounts[]> {
    return listInCatalogOrder(this.#characters(), gender);
  }

  async findCharacter(id: number): Promise<CharacterWithCounts | undefined> {
    return findWithCounts(this.#characters(), id);
  }

  /** The position after the last character of a category. */
  async nextPosition(gender: Gender): Promise<number> {
    const row = await this.#db
      .selectFrom("characters")
      .select((eb) => eb.fn.max("position").as("last"))
      .where("owner_id", "is", null)
      .where("gender", "=", gender)
      .executeTakeFirst();
    return row?.last === null || row?.last === undefined ? 0 : Number(row.last) + 1;
  }

  async insertCharacter(values: Insertable<CharactersTable>): Promise<number> {
    const row = await this.#db
      .insertInto("characters")
      .values(values)
      .returning("id")
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async updateCharacter(id: number, values: Updateable<CharactersTable>): Promise<void> {
    await this.#db
      .updateTable("characters")
      .set(values)
      .where("id", "=", id)
      .where("owner_id", "is", null)
      .execute();
  }

  /** The ids of a category's catalog characters, in their current order. */
  async idsInOrder(gender: Gender): Promise<number[]> {
    const rows = await this.#db
      .selectFrom("characters")
      .select("id")
      .where("owner_id", "is", null)
      .where("gender", "=", gender)
      .orderBy("position")
      .orderBy("id")
      .execute();
    return rows.map((row) => row.id);
  }

  async setPosition(id: number, position: number): Promise<void> {
    await this.#db.updateTable("characters").set({ position }).where("id", "=", id).execute();
  }

  /** A character's gallery media (not chat pictures, not users' generated ones), in order. */
  listMedia(characterId: number) {
    return this.#db
      .selectFrom("media")
      .selectAll()
      .where("character_id", "=", characterId)
      .where("owner_id", "is", null)
      .where("kind", "in", GALLERY_KINDS)
      .orderBy("position")
      .orderBy("id")
      .execute();
  }

  async nextMediaPosition(characterId: number): Promise<number> {
    const row = await this.#db
      .selectFrom("media")
      .select((eb) => eb.fn.max("position").as("last"))
      .where("character_id", "=", characterId)
      .executeTakeFirst();
    return row?.last === null || row?.last === undefined ? 0 : Number(row.last) + 1;
  }

  async insertMedia(values: Insertable<MediaTable>): Promise<number> {
    const row = await this.#db.insertInto("media").values(values).returning("id").executeTakeFirstOrThrow();
    return row.id;
  }

  #bundles() {
    return selectBundlesWithCounts(this.#db);
  }

  async listBundles(filter: {
    gender?: Gender | undefined;
    kind?: "bundle" | "pack" | undefined;
    characterId?: number | undefined;
  }): Promise<BundleWithCounts[]> {
    let query = this.#bundles();
    if (filter.gender) query = query.where("bundles.gender", "=", filter.gender);
    if (filter.kind) query = query.where("bundles.kind", "=", filter.kind);
    if (filter.characterId !== undefined)
      query = query.where("bundles.character_id", "=", filter.characterId);
    const rows = await query
      .orderBy("bundles.gender")
      .orderBy("bundles.kind")
      .orderBy("bundles.position")
      .orderBy("bundles.id")
      .execute();
    return rows.map(withNumericCounts);
  }

  async findBundle(id: number): Promise<BundleWithCounts | undefined> {
    const row = await this.#bundles().where("bundles.id", "=", id).executeTakeFirst();
    return row ? withNumericCounts(row) : undefined;
  }

  async updateBundle(id: number, values: Updateable<BundlesTable>): Promise<void> {
    await this.#db.updateTable("bundles").set(values).where("id", "=", id).execute();
  }

  /** The position after the last bundle of a category. */
  async nextBundlePosition(gender: Gender): Promise<number> {
    const row = await this.#db
      .selectFrom("bundles")
      .select((eb) => eb.fn.max("position").as("last"))
      .where("gender", "=", gender)
      .where("kind", "=", "bundle")
      .executeTakeFirst();
    return row?.last === null || row?.last === undefined ? 0 : Number(row.last) + 1;
  }

  async insertBundle(values: Insertable<BundlesTable>): Promise<number> {
    const row = await this.#db.insertInto("bundles").values(values).returning("id").executeTakeFirstOrThrow();
    return row.id;
  }

  /** A catalog character's gallery item (never a chat picture or a user's own). */
  findGalleryMedia(id: number): Promise<MediaRow | undefined> {
    return this.#db
      .selectFrom("media")
      .selectAll()
      .where("id", "=", id)
      .where("owner_id", "is", null)
      .where("kind", "in", GALLERY_KINDS)
      .executeTakeFirst();
  }

  async bundleHasItems(bundleId: number): Promise<boolean> {
    const row = await this.#db
      .selectFrom("media")
      .select("id")
      .where("bundle_id", "=", bundleId)
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** The preview of the bundle's first item other than the leaving one, in the bundle's order. */
  async firstItemPreviewExcept(
    bundleId: number,
    leaving: { previewKey: string; id?: number | undefined },
  ): Promise<string | undefined> {
    let query = this.#db
      .selectFrom("media")
      .select("preview_key")
      .where("bundle_id", "=", bundleId)
      .where("preview_key", "!=", leaving.previewKey);
    if (leaving.id !== undefined) query = query.where("id", "!=", leaving.id);
    const row = await query.orderBy("position").orderBy("id").limit(1).executeTakeFirst();
    return row?.preview_key;
  }

  async updateMedia(id: number, values: Updateable<MediaTable>): Promise<void> {
    await this.#db.updateTable("media").set(values).where("id", "=", id).execute();
  }

  async deleteMedia(id: number): Promise<void> {
    await this.#db.deleteFrom("media").where("id", "=", id).execute();
  }
}
