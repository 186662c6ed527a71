import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";

export class ModerationEventRepository {
  readonly #db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.#db = db;
  }

  async record(event: {
    userId: string | null;
    surface: string;
    category: string;
    classifier: string;
    excerpt: string;
  }) {
    await this.#db
      .insertInto("moderation_events")
      .values({
        user_id: event.userId,
        surface: event.surface,
        category: event.category,
        classifier: event.classifier,
        excerpt: event.excerpt,
      })
      .execute();
  }

  list(limit: number) {
    return this.#db.selectFrom("moderation_events").selectAll().orderBy("id", "desc").limit(limit).execute();
  }
}
