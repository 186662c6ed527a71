import type { Gender } from "@reverie/shared";
import type { ExpressionBuilder, Kysely } from "kysely";
import type { CharacterRow, Database } from "../db/schema.ts";
import { withNumericCounts } from "./numbers.ts";

export type CharacterWithCounts = CharacterRow & { photo_count: number; video_count: number };

const PHOTO_KINDS = ["photo", "bundle_image"] as const;
const VIDEO_KINDS = ["video", "bundle_video"] as const;

function mediaCount(eb: ExpressionBuilder<Database, "characters">, kinds: readonly string[]) {
  return eb
    .selectFrom("media")
    .whereRef("media.character_id", "=", "characters.id")
    .where("media.kind", "in", kinds as never)
    .select((inner) => inner.fn.countAll<number>().as("count"));
}

export class CharacterRepository {
  readonly #db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.#db = db;
  }

  #withCounts() {
    return this.#db
      .selectFrom("characters")
      .selectAll("characters")
      .select((eb) => [
        mediaCount(eb, PHOTO_KINDS).as("photo_count"),
        mediaCount(eb, VIDEO_KINDS).as("video_count"),
      ]);
  }

  async list(filter: { gender?: Gender | undefined }): Promise<CharacterWithCounts[]> {
    let query = this.#withCounts();
    if (filter.gender) query = query.where("characters.gender", "=", filter.gender);
    const rows = await query
      .orderBy("characters.gender")
      .orderBy("characters.position")
      .orderBy("characters.id")
      .execute();
    return rows.map(withNumericCounts);
  }

  async findById(id: number): Promise<CharacterWithCounts | undefined> {
    const row = await this.#withCounts().where("characters.id", "=", id).executeTakeFirst();
    return row ? withNumericCounts(row) : undefined;
  }

  async exists(id: number): Promise<boolean> {
    const row = await this.#db.selectFrom("characters").select("id").where("id", "=", id).executeTakeFirst();
    return row !== undefined;
  }
}
