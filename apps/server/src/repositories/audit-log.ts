import type { Kysely } from "kysely";
import type { AuditLogRow, Database } from "../db/schema.ts";

export interface NewAuditEntry {
  actor_id: string | null;
  actor_email: string;
  action: string;
  target_type: string;
  target_id: string | null;
  /** JSON */
  before: string | null;
  /** JSON */
  after: string | null;
  reason: string | null;
  ip: string | null;
}

export interface AuditLogFilter {
  actorId?: string | undefined;
  targetType?: string | undefined;
  targetId?: string | undefined;
  /** only entries older than this id (the next page) */
  before?: number | undefined;
  limit: number;
}

/**
 * The audit log (decision 0029): insert and read, nothing else. There is deliberately no update or
 * delete here, and the database refuses both.
 */
export class AuditLogRepository {
  readonly #db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.#db = db;
  }

  async insert(entry: NewAuditEntry): Promise<number> {
    const row = await this.#db
      .insertInto("audit_log")
      .values({ ...entry, created_at: new Date().toISOString() })
      .returning("id")
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /** Newest first. */
  list(filter: AuditLogFilter): Promise<AuditLogRow[]> {
    let query = this.#db.selectFrom("audit_log").selectAll();
    if (filter.actorId !== undefined) query = query.where("actor_id", "=", filter.actorId);
    if (filter.targetType !== undefined) query = query.where("target_type", "=", filter.targetType);
    if (filter.targetId !== undefined) query = query.where("target_id", "=", filter.targetId);
    if (filter.before !== undefined) query = query.where("id", "<", filter.before);
    return query.orderBy("id", "desc").limit(filter.limit).execute();
  }
}
