import type { AuditEntry } from "@reverie/shared";
import type { Kysely } from "kysely";
import type { AuditLogRow, Database } from "../../db/schema.ts";
import { type AuditLogFilter, AuditLogRepository } from "../../repositories/audit-log.ts";

/** Who did it: an operator (their id and email at the time and address) or a tool ("cli"). */
export interface AuditActor {
  id: string | null;
  email: string;
  ip?: string | null | undefined;
}

/** The command line (`npm run admin:create`) as an actor. */
export const CLI_ACTOR: AuditActor = { id: null, email: "cli" };
/** The ADMIN_EMAILS setting as an actor. */
export const CONFIG_ACTOR: AuditActor = { id: null, email: "ADMIN_EMAILS" };

export interface AuditRecord {
  actor: AuditActor;
  /** `<target type>.<what happened>`, e.g. user.banned, user.tokens_adjusted */
  action: string;
  targetType: string;
  targetId: string | null;
  before?: unknown;
  after?: unknown;
  reason?: string | null | undefined;
}

function toJson(value: unknown): string | null {
  return value === undefined || value === null ? null : JSON.stringify(value);
}

function fromJson(value: string | null): unknown {
  if (value === null) return null;
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}

export function presentAuditEntry(row: AuditLogRow): AuditEntry {
  return {
    id: row.id,
    actor_id: row.actor_id,
    actor_email: row.actor_email,
    action: row.action,
    target_type: row.target_type,
    target_id: row.target_id,
    before: fromJson(row.before),
    after: fromJson(row.after),
    reason: row.reason,
    ip: row.ip,
    created_at: row.created_at,
  };
}

/**
 * Every operator action, who did it, when, and the state before and after (decision 29). `record`
 * takes the caller's transaction so an entry exists exactly when its change does. Append-only:
 * nothing here (or anywhere) updates or deletes an entry.
 */
export class AuditLogService {
  readonly #db: Kysely<Database>;

  constructor(deps: { db: Kysely<Database> }) {
    this.#db = deps.db;
  }

  async record(entry: AuditRecord, trx: Kysely<Database> = this.#db): Promise<number> {
    return new AuditLogRepository(trx).insert({
      actor_id: entry.actor.id,
      actor_email: entry.actor.email,
      action: entry.action,
      target_type: entry.targetType,
      target_id: entry.targetId,
      before: toJson(entry.before),
      after: toJson(entry.after),
      reason: entry.reason ?? null,
      ip: entry.actor.ip ?? null,
    });
  }

  /** Newest first; `next_before` pages on to older entries. */
  async list(filter: AuditLogFilter): Promise<{ items: AuditEntry[]; next_before: number | null }> {
    const rows = await new AuditLogRepository(this.#db).list(filter);
    const last = rows.at(-1);
    return {
      items: rows.map(presentAuditEntry),
      next_before: rows.length === filter.limit && last ? last.id : null,
    };
  }
}
