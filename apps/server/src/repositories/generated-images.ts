import type { Kysely } from "kysely";
import type { Database, MediaRow } from "../db/schema.ts";

/** A picture made for a user: a `chat_image` media row with an owner (never in the public gallery). */
export interface NewGeneratedImage {
  /** unique per request and picture, so a retried job stores each picture once */
  slug: string;
  character_id: number;
  owner_id: string;
  file_key: string;
  thumbnail_key: string;
  width: number;
  height: number;
  /** the picture's place in its request */
  position: number;
  prompt: string;
  style: "realistic" | "anime";
}

/** Generated pictures, each seen by its owner only. */
export class GeneratedImageRepository {
  readonly #db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.#db = db;
  }

  /** Stores the picture, or nothing when one with its slug is stored already (undefined). */
  async insertOnce(image: NewGeneratedImage): Promise<MediaRow | undefined> {
    return this.#db
      .insertInto("media")
      .values({
        ...image,
        kind: "chat_image",
        // nothing is locked: the "preview" is the picture's own (private) thumbnail
        preview_key: image.thumbnail_key,
        bundle_id: null,
        video_duration: null,
      })
      .onConflict((conflict) => conflict.column("slug").doNothing())
      .returningAll()
      .executeTakeFirst();
  }

  /** The stored pictures among these slugs, in position order. */
  async findBySlugs(slugs: readonly string[]): Promise<MediaRow[]> {
    if (slugs.length === 0) return [];
    return this.#db
      .selectFrom("media")
      .selectAll()
      .where("slug", "in", [...slugs])
      .where("owner_id", "is not", null)
      .orderBy("position")
      .execute();
  }

  /** The owner's pictures, newest first; of one character when given. */
  async listForOwner(ownerId: string, characterId?: number): Promise<MediaRow[]> {
    let query = this.#db.selectFrom("media").selectAll().where("owner_id", "=", ownerId);
    if (characterId !== undefined) query = query.where("character_id", "=", characterId);
    return query.orderBy("id", "desc").execute();
  }

  async findForOwner(id: number, ownerId: string): Promise<MediaRow | undefined> {
    return this.#db
      .selectFrom("media")
      .selectAll()
      .where("id", "=", id)
      .where("owner_id", "=", ownerId)
      .executeTakeFirst();
  }

  /** Deletes the owner's picture: the deleted row, or undefined when there was none. */
  async deleteForOwner(id: number, ownerId: string): Promise<MediaRow | undefined> {
    return this.#db
      .deleteFrom("media")
      .where("id", "=", id)
      .where("owner_id", "=", ownerId)
      .returningAll()
      .executeTakeFirst();
  }
}
