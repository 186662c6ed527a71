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

  /** Newest first, with the user's email while the account exists; `before` is an id. */
  search(filter: {
    userId?: string | undefined;
    surface?: string | undefined;
    category?: string | undefined;
    from?: string | undefined;
    to?: string | undefined;
    before?: number | undefined;
    limit: number;
  }) {
    let query = this.#db
      .selectFrom("moderation_events")
      .leftJoin("users", "users.id", "moderation_events.user_id")
      .selectAll("moderation_events")
      .select("users.email as user_email");
    if (filter.userId) query = query.where("moderation_events.user_id", "=", filter.userId);
    if (filter.surface) query = query.where("moderation_events.surface", "=", filter.surface);
    if (filter.category) query = query.where("moderation_events.category", "=", filter.category);
    if (filter.from) query = query.where("moderation_events.created_at", ">=", filter.from);
    if (filter.to) query = query.where("moderation_events.created_at", "<=", filter.to);
    if (filter.before !== undefined) query = query.where("moderation_events.id", "<", filter.before);
    return query.orderBy("moderation_events.id", "desc").limit(filter.limit).execute();
  }
}
