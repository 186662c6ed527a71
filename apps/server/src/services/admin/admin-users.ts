import type { AdminUserDetail, AdminUserList, AdminUserSummary } from "@reverie/shared";
import type { Kysely } from "kysely";
import type { Database, SubscriptionRow, UserRow } from "../../db/schema.ts";
import { NotFoundError } from "../../errors.ts";
import { AdminUserDirectoryRepository } from "../../repositories/admin-user-directory.ts";
import { UserRepository } from "../../repositories/users.ts";
import type { BillingService } from "../billing/billing-service.ts";

/** How many of the newest ledger rows a user's page shows. */
const LEDGER_ROWS = 20;

function presentSummary(row: UserRow): AdminUserSummary {
  const name = [row.first_name, row.last_name].filter(Boolean).join(" ") || row.name || null;
  return {
    id: row.id,
    email: row.email,
    name,
    plan: row.plan,
    tokens: row.tokens,
    free_msgs: row.free_msgs,
    role: row.role,
    banned: row.banned_at !== null,
    created_at: new Date(row.created_at).toISOString(),
  };
}

function presentSubscription(row: SubscriptionRow): AdminUserDetail["subscription"] {
  return {
    id: row.id,
    provider: row.provider,
    plan_id: row.plan_id,
    status: row.status,
    current_period_end: new Date(row.current_period_end).toISOString(),
    cancel_at_period_end: Boolean(row.cancel_at_period_end),
  };
}

/** What the console's Users screen reads (decision 29): search, and one user's page. */
export class AdminUsers {
  readonly #db: Kysely<Database>;
  readonly #billing: BillingService;

  constructor(deps: { db: Kysely<Database>; billing: BillingService }) {
    this.#db = deps.db;
    this.#billing = deps.billing;
  }

  async search(query: { q?: string | undefined; page: number; limit: number }): Promise<AdminUserList> {
    const { rows, total } = await new AdminUserDirectoryRepository(this.#db).search(query.q || undefined, {
      limit: query.limit,
      offset: (query.page - 1) * query.limit,
    });
    return { items: rows.map(presentSummary), total_count: total, page: query.page, limit: query.limit };
  }

  async detail(userId: string): Promise<AdminUserDetail> {
    const row = await new UserRepository(this.#db).findById(userId);
    if (!row) throw new NotFoundError(`User ${userId} does not exist.`);
    const directory = new AdminUserDirectoryRepository(this.#db);
    const [chats, sessions, subscription, ledger] = await Promise.all([
      directory.chatsCount(userId),
      directory.sessions(userId),
      directory.latestSubscription(userId),
      this.#billing.statementFor(userId, { page: 1, limit: LEDGER_ROWS }),
    ]);
    return {
      ...presentSummary(row),
      first_name: row.first_name,
      last_name: row.last_name,
      email_verified: Boolean(row.email_verified),
      banned_at: row.banned_at ? new Date(row.banned_at).toISOString() : null,
      ban_reason: row.ban_reason,
      payment_failed: Boolean(row.payment_failed),
      chats_count: chats,
      subscription: subscription ? presentSubscription(subscription) : null,
      ledger: ledger.items,
      sessions: sessions.map((session) => ({
        id: session.id,
        created_at: new Date(session.created_at).toISOString(),
        expires_at: new Date(session.expires_at).toISOString(),
        ip_address: session.ip_address,
        user_agent: session.user_agent,
      })),
    };
  }
}
