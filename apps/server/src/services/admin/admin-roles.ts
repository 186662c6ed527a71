import type { Role } from "@reverie/shared";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import { AppError, NotFoundError } from "../../errors.ts";
import { UserAccessRepository } from "../../repositories/user-access.ts";
import { type AuditActor, type AuditLogService, CLI_ACTOR, CONFIG_ACTOR } from "./audit-log.ts";

export class NoSuchAccountError extends Error {
  constructor(email: string) {
    super(`No account uses ${email}. Sign up with it first, then run this again.`);
    this.name = "NoSuchAccountError";
  }
}

/**
 * Who is a moderator or an admin (decision 0029): the first admin by the command line or by
 * ADMIN_EMAILS, later ones by an admin in the console. Every change is audited in its transaction.
 */
export class AdminRoles {
  readonly #db: Kysely<Database>;
  readonly #audit: AuditLogService;
  readonly #configuredAdmins: ReadonlySet<string>;

  constructor(deps: { db: Kysely<Database>; audit: AuditLogService; adminEmails?: readonly string[] }) {
    this.#db = deps.db;
    this.#audit = deps.audit;
    this.#configuredAdmins = new Set((deps.adminEmails ?? []).map((email) => email.toLowerCase()));
  }

  async #setRole(
    trx: Kysely<Database>,
    user: { id: string; role: Role },
    role: Role,
    actor: AuditActor,
    reason?: string,
  ): Promise<void> {
    await new UserAccessRepository(trx).setRole(user.id, role);
    await this.#audit.record(
      {
        actor,
        action: "user.role_changed",
        targetType: "user",
        targetId: user.id,
        before: { role: user.role },
        after: { role },
        reason: reason ?? null,
      },
      trx,
    );
  }

  /** `npm run admin:create -- email`: the account becomes an admin. False when it already was. */
  async makeAdminByEmail(email: string): Promise<{ userId: string; changed: boolean }> {
    return this.#db.transaction().execute(async (trx) => {
      const [user] = await new UserAccessRepository(trx).findByEmails([email.trim().toLowerCase()]);
      if (!user) throw new NoSuchAccountError(email);
      if (user.role === "admin") return { userId: user.id, changed: false };
      await this.#setRole(trx, user, "admin", CLI_ACTOR, "npm run admin:create");
      return { userId: user.id, changed: true };
    });
  }

  /**
   * At start: the accounts of ADMIN_EMAILS that exist and whose address is proven become admins
   * (whoever signs up first with a listed address is not its owner until the emailed link says
   * so). How many changed.
   */
  async promoteConfiguredAdmins(): Promise<number> {
    if (this.#configuredAdmins.size === 0) return 0;
    return this.#db.transaction().execute(async (trx) => {
      const users = await new UserAccessRepository(trx).findByEmails([...this.#configuredAdmins]);
      const promoted = users.filter((user) => user.role !== "admin" && user.emailVerified);
      for (const user of promoted) await this.#setRole(trx, user, "admin", CONFIG_ACTOR, "ADMIN_EMAILS");
      return promoted.length;
    });
  }

  /**
   * At sign-up with a proven address (a provider's verified email), or when the emailed link
   * proves it: an account of ADMIN_EMAILS becomes an admin.
   */
  async promoteIfConfigured(user: { id: string; email: string; emailVerified: boolean }): Promise<void> {
    if (!user.emailVerified || !this.#configuredAdmins.has(user.email.toLowerCase())) return;
    await this.#db.transaction().execute(async (trx) => {
      const [current] = await new UserAccessRepository(trx).findByEmails([user.email.toLowerCase()]);
      if (!current || current.role === "admin") return;
      await this.#setRole(trx, current, "admin", CONFIG_ACTOR, "ADMIN_EMAILS");
    });
  }

  /** An admin changes someone's role in the console; nobody demotes themselves (the last admin stays). */
  async changeRole(actor: AuditActor & { id: string }, userId: string, role: Role, reason?: string) {
    if (actor.id === userId && role !== "admin") {
      throw new AppError(409, "cannot_demote_yourself", "You cannot take away your own admin role.");
    }
    return this.#db.transaction().execute(async (trx) => {
      const user = await new UserAccessRepository(trx).find(userId);
      if (!user) throw new NotFoundError(`User ${userId} does not exist.`);
      if (user.role !== role) await this.#setRole(trx, user, role, actor, reason);
      return { id: user.id, role };
    });
  }
}
