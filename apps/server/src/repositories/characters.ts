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

/** Characters with their photo and video counts: the select the catalog and the admin console share. */
export function selectCharactersWithCounts(db: Kysely<Database>) {
  return db
    .selectFrom("characters")
    .selectAll("characters")
    .select((eb) => [
      mediaCount(eb, PHOTO_KINDS).as("photo_count"),
      mediaCount(eb, VIDEO_KINDS).as("video_count"),
    ]);
}

type CharactersWithCountsQuery = ReturnType<typeof selectCharactersWithCounts>;

/** A query's characters (of one category, if given) in catalog order: category, position, id. */
export async function listInCatalogOrder(
  query: CharactersWithCountsQuery,
  gender?: Gender,
): Promise<CharacterWithCounts[]> {
  const rows = await (gender ? query.where("characters.gender", "=", gender) : query)
    .orderBy("characters.gender")
    .orderBy("characters.position")
    .orderBy("characters.id")
    .execute();
  return rows.map(withNumericCounts);
}

/** A query's character of this id, if it has one. */
export async function findWithCounts(
  query: CharactersWithCountsQuery,
  id: number,
): Promise<CharacterWithCounts | undefined> {
  const row = await query.where("characters.id", "=", id).executeTakeFirst();
  return row ? withNumericCounts(row) : undefined;
}

export class CharacterRepository {
  readonly #db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.#db = db;
  }

  #withCounts() {
    return selectCharactersWithCounts(this.#db);
  }

  /**
   * The public catalog: a user's own characters (those with an owner) are never part of it, nor
   * the ones an admin hid.
   */
  #catalog() {
    return this.#withCounts()
      .where("characters.owner_id", "is", null)
      .where("characters.hidden_at", "is", null);
  }

  async list(filter: { gender?: Gender | undefined }): Promise<CharacterWithCounts[]> {
    return listInCatalogOrder(this.#catalog(), filter.gender);
  }

  /** A catalog character; undefined for a user's own one. */
  async findById(id: number): Promise<CharacterWithCounts | undefined> {
    return findWithCounts(this.#catalog(), id);
  }

  /**
   * A character the user may chat with: one of the user's own, or a catalog one; a catalog one an
   * admin hid only in a chat the user already had with it (no new chats with it, and its history
   * stays the user's).
   */
  async findAvailableTo(id: number, userId: string): Promise<CharacterWithCounts | undefined> {
    const row = await this.#withCounts()
      .where("characters.id", "=", id)
      .where((eb) =>
        eb.or([
          eb("characters.owner_id", "=", userId),
          eb.and([
            eb("characters.owner_id", "is", null),
            eb.or([
              eb("characters.hidden_at", "is", null),
              eb.exists(
                eb
                  .selectFrom("chats")
                  .select("chats.id")
                  .whereRef("chats.character_id", "=", "characters.id")
                  .where("chats.user_id", "=", userId),
              ),
            ]),
          ]),
        ]),
      )
      .executeTakeFirst();
    return row ? withNumericCounts(row) : undefined;
  }

  /** Whether a catalog character has this id (a user's own one does not count). */
  async exists(id: number): Promise<boolean> {
    const row = await this.#db
      .selectFrom("characters")
      .select("id")
      .where("id", "=", id)
      .where("owner_id", "is", null)
      .where("hidden_at", "is", null)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Whether an admin hid this character from the public catalog. */
  async isHidden(id: number): Promise<boolean> {
    const row = await this.#db
      .selectFrom("characters")
      .select("hidden_at")
      .where("id", "=", id)
      .executeTakeFirst();
    return row !== undefined && row.hidden_at !== null;
  }
}
