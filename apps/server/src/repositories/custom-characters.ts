import type { Gender } from "@reverie/shared";
import type { Kysely } from "kysely";
import type { CharacterRow, CharacterUpdate, Database, NewCharacter } from "../db/schema.ts";

/** A user's own character with how many pictures were generated of it. */
export type OwnedCharacter = CharacterRow & { owner_id: string; picture_count: number };

function withPictureCount(
  row: CharacterRow & { picture_count: number | string | bigint | null },
): OwnedCharacter {
  return { ...row, owner_id: row.owner_id as string, picture_count: Number(row.picture_count) };
}

/**
 * Characters users built or imported: `characters` rows with an owner. Every read and write here
 * names the owner, so one user's call never reaches another's character.
 */
export class CustomCharacterRepository {
  readonly #db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.#db = db;
  }

  #owned(ownerId: string) {
    return this.#db
      .selectFrom("characters")
      .selectAll("characters")
      .select((eb) =>
        eb
          .selectFrom("media")
          .whereRef("media.character_id", "=", "characters.id")
          .where("media.owner_id", "=", ownerId)
          .select((inner) => inner.fn.countAll<number>().as("count"))
          .as("picture_count"),
      )
      .where("characters.owner_id", "=", ownerId);
  }

  async insert(values: NewCharacter & { owner_id: string }): Promise<OwnedCharacter> {
    const row = await this.#db
      .insertInto("characters")
      .values(values)
      .returningAll()
      .executeTakeFirstOrThrow();
    return { ...row, owner_id: values.owner_id, picture_count: 0 };
  }

  /** The owner's characters, newest first. */
  async list(ownerId: string, gender?: Gender): Promise<OwnedCharacter[]> {
    let query = this.#owned(ownerId);
    if (gender) query = query.where("characters.gender", "=", gender);
    const rows = await query
      .orderBy("characters.created_at", "desc")
      .orderBy("characters.id", "desc")
      .execute();
    return rows.map(withPictureCount);
  }

  async find(id: number, ownerId: string): Promise<OwnedCharacter | undefined> {
    const row = await this.#owned(ownerId).where("characters.id", "=", id).executeTakeFirst();
    return row ? withPictureCount(row) : undefined;
  }

  /** Changes the owner's character; false when it is not (any longer) theirs. */
  async update(id: number, ownerId: string, changes: CharacterUpdate): Promise<boolean> {
    const result = await this.#db
      .updateTable("characters")
      .set(changes)
      .where("id", "=", id)
      .where("owner_id", "=", ownerId)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Deletes the character; its chats, messages, pictures and image requests go with it (cascades). */
  async delete(id: number, ownerId: string): Promise<boolean> {
    const result = await this.#db
      .deleteFrom("characters")
      .where("id", "=", id)
      .where("owner_id", "=", ownerId)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /**
   * Holds the owner's row until the transaction ends, so two creations at once count the month's
   * allowance one after the other (a write takes the row lock on Postgres; SQLite has one writer).
   */
  async lockOwner(ownerId: string): Promise<void> {
    await this.#db
      .updateTable("users")
      .set((eb) => ({ tokens: eb.ref("tokens") }))
      .where("id", "=", ownerId)
      .execute();
  }

  /** The chats with the character, whose messages' files are removed with it. */
  async chatIds(characterId: number): Promise<number[]> {
    const rows = await this.#db
      .selectFrom("chats")
      .select("id")
      .where("character_id", "=", characterId)
      .execute();
    return rows.map((row) => row.id);
  }

  /** The files of the pictures generated of the character. */
  async pictureFiles(characterId: number): Promise<string[]> {
    const rows = await this.#db
      .selectFrom("media")
      .select(["file_key", "preview_key", "thumbnail_key"])
      .where("character_id", "=", characterId)
      .execute();
    return [...new Set(rows.flatMap((row) => [row.file_key, row.preview_key, row.thumbnail_key]))];
  }
}
