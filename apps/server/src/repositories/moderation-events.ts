import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";

/** How much of the deciding words is kept for moderators. */
export const EVIDENCE_MAX_LENGTH = 500;

/** The evidence as stored: at most EVIDENCE_MAX_LENGTH characters (never half an emoji), null when empty. */
function clipEvidence(evidence: string | null | undefined): string | null {
  if (!evidence?.trim()) return null;
  if (evidence.length <= EVIDENCE_MAX_LENGTH) return evidence;
  let clipped = evidence.slice(0, EVIDENCE_MAX_LENGTH);
  // a surrogate pair cut in two would leave a lone high surrogate at the end
  if (/[\uD800-\uDBFF]$/.test(clipped)) clipped = clipped.slice(0, -1);
  return clipped;
}

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
    /** the words that decided the refusal, as written; clipped to EVIDENCE_MAX_LENGTH */
    evidence?: string | null;
  }) {
    await this.#db
      .insertInto("moderation_events")
      .values({
        user_id: event.userId,
        surface: event.surface,
        category: event.category,
        classifier: event.classifier,
        excerpt: event.excerpt,
        evidence: clipEvidence(event.evidence),
      })
      .execute();
  }

  list(limit: number) {
    return this.#db.selectFrom("moderation_events").selectAll().orderBy("id", "desc").limit(limit).execute();
  }

  /** Newest first, with the user's email while the account exists; `before` is an id. Rows carry `evidence`. */
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
