import { type Expression, type ExpressionBuilder, type Kysely, type SqlBool, sql } from "kysely";
import type { Database, SessionRow, SubscriptionRow, UserRow } from "../db/schema.ts";

function likePattern(text: string): string {
  return `%${text.toLowerCase().replaceAll(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/** The users an operator looks for: part of an email or name (any case), or an exact id. */
function matches(q: string) {
  const pattern = likePattern(q);
  return (eb: ExpressionBuilder<Database, "users">): Expression<SqlBool> =>
    eb.or([
      eb("users.id", "=", q),
      sql<SqlBool>`lower(users.email) like ${pattern} escape '\\'`,
      sql<SqlBool>`lower(users.name) like ${pattern} escape '\\'`,
      sql<SqlBool>`lower(coalesce(users.first_name, '') || ' ' || coalesce(users.last_name, '')) like ${pattern} escape '\\'`,
    ]);
}

/** The admin console's reads about accounts (decision 29): search and what a user's page shows. */
export class AdminUserDirectoryRepository {
  readonly #db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.#db = db;
  }

  /** Newest accounts first. */
  async search(q: string | undefined, page: { limit: number; offset: number }) {
    let items = this.#db.selectFrom("users").selectAll();
    let total = this.#db.selectFrom("users").select((eb) => eb.fn.countAll<number>().as("count"));
    if (q) {
      items = items.where(matches(q));
      total = total.where(matches(q));
    }
    const [rows, count] = await Promise.all([
      items.orderBy("created_at", "desc").orderBy("id").limit(page.limit).offset(page.offset).execute(),
      total.executeTakeFirstOrThrow(),
    ]);
    return { rows: rows as UserRow[], total: Number(count.count) };
  }

  async chatsCount(userId: string): Promise<number> {
    const row = await this.#db
      .selectFrom("chats")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .where("user_id", "=", userId)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  /** Live sessions, newest first. */
  sessions(userId: string): Promise<SessionRow[]> {
    return this.#db
      .selectFrom("sessions")
      .selectAll()
      .where("user_id", "=", userId)
      .where("expires_at", ">", new Date().toISOString())
      .orderBy("created_at", "desc")
      .execute();
  }

  /** The newest subscription, current or not. */
  latestSubscription(userId: string): Promise<SubscriptionRow | undefined> {
    return this.#db
      .selectFrom("subscriptions")
      .selectAll()
      .where("user_id", "=", userId)
      .orderBy("id", "desc")
      .executeTakeFirst();
  }
}
