import type { Insertable, Kysely, Selectable } from "kysely";
import type { CharacterRow, Database, ImageRequestsTable } from "../db/schema.ts";

export type ImageRequestRow = Selectable<ImageRequestsTable>;

/** Requests for pictures of a character (/generate_image), paid per picture. */
export class ImageRequestRepository {
  readonly #db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.#db = db;
  }

  /** Whether the user may ask for pictures of the character: a catalog one, or one of the user's own. */
  async canPicture(characterId: number, userId: string): Promise<boolean> {
    const row = await this.#db
      .selectFrom("characters")
      .select("id")
      .where("id", "=", characterId)
      // a catalog character an admin hid makes no new pictures; the user's own always may
      .where((eb) =>
        eb.or([
          eb.and([eb("owner_id", "is", null), eb("hidden_at", "is", null)]),
          eb("owner_id", "=", userId),
        ]),
      )
      .executeTakeFirst();
    return row !== undefined;
  }

  async insert(
    request: Omit<Insertable<ImageRequestsTable>, "id" | "status" | "created_at">,
  ): Promise<ImageRequestRow> {
    return this.#db.insertInto("image_requests").values(request).returningAll().executeTakeFirstOrThrow();
  }

  /** The request and the character it shows; undefined once either is deleted. */
  async findWithCharacter(
    id: number,
  ): Promise<{ request: ImageRequestRow; character: CharacterRow } | undefined> {
    const request = await this.#db
      .selectFrom("image_requests")
      .selectAll()
      .where("id", "=", id)
      .executeTakeFirst();
    if (!request) return undefined;
    const character = await this.#db
      .selectFrom("characters")
      .selectAll()
      .where("id", "=", request.character_id)
      .executeTakeFirst();
    return character && { request, character };
  }

  /** Ends a pending request as done or failed: false when it had ended before. */
  async finish(id: number, status: "done" | "failed"): Promise<boolean> {
    const result = await this.#db
      .updateTable("image_requests")
      .set({ status })
      .where("id", "=", id)
      .where("status", "=", "pending")
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }
}
