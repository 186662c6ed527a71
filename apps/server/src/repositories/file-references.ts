import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";

/** Which stored files rows still name: media, characters' avatars and covers, bundle covers, chat media. */
export class FileReferenceRepository {
  readonly #db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.#db = db;
  }

  /** The keys among `keys` that some row names (seeded files may be shared by several rows). */
  async keysInUse(keys: readonly string[]): Promise<Set<string>> {
    const named = new Set<string>();
    if (keys.length === 0) return named;
    const unique = [...new Set(keys)];
    const media = await this.#db
      .selectFrom("media")
      .select(["file_key", "preview_key", "thumbnail_key"])
      .where((eb) =>
        eb.or([
          eb("file_key", "in", unique),
          eb("preview_key", "in", unique),
          eb("thumbnail_key", "in", unique),
        ]),
      )
      .execute();
    for (const row of media)
      for (const key of [row.file_key, row.preview_key, row.thumbnail_key]) named.add(key);
    const characters = await this.#db
      .selectFrom("characters")
      .select(["avatar_key", "cover_key"])
      .where((eb) => eb.or([eb("avatar_key", "in", unique), eb("cover_key", "in", unique)]))
      .execute();
    for (const row of characters) named.add(row.avatar_key).add(row.cover_key);
    const bundles = await this.#db
      .selectFrom("bundles")
      .select("cover_key")
      .where("cover_key", "in", unique)
      .execute();
    for (const row of bundles) named.add(row.cover_key);
    const messages = await this.#db
      .selectFrom("messages")
      .select("media_key")
      .where("media_key", "in", unique)
      .execute();
    for (const row of messages) if (row.media_key) named.add(row.media_key);
    return named;
  }
}
