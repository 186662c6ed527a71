import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import { AppError, NotFoundError } from "../../errors.ts";
import type { EventBus } from "../../realtime/bus.ts";
import { UserAccessRepository } from "../../repositories/user-access.ts";
import { UserRepository } from "../../repositories/users.ts";
import type { AuditActor, AuditLogService } from "./audit-log.ts";

export interface UserBansDeps {
  db: Kysely<Database>;
  audit: AuditLogService;
  bus: EventBus;
}

/**
 * Banning and unbanning accounts (decision 29). A ban ends every session in its transaction (the
 * tokens stop working at once) and then tells every instance, which closes the user's sockets;
 * anything that slips through (a sign-in racing the ban) is refused with 401 account_banned.
 */
export class UserBans {
  readonly #deps: UserBansDeps;

  constructor(deps: UserBansDeps) {
    this.#deps = deps;
  }

  async ban(actor: AuditActor & { id: string }, userId: string, reason: string): Promise<void> {
    if (actor.id === userId)
      throw new AppError(409, "cannot_ban_yourself", "You cannot ban your own account.");
    await this.#deps.db.transaction().execute(async (trx) => {
      const access = new UserAccessRepository(trx);
      const user = await access.find(userId);
      if (!user) throw new NotFoundError(`User ${userId} does not exist.`);
      if (user.banned_at) throw new AppError(409, "already_banned", "This account is banned already.");
      const bannedAt = new Date().toISOString();
      await access.setBan(userId, { at: bannedAt, reason });
      const ended = await new UserRepository(trx).deleteSessions(userId);
      await this.#deps.audit.record(
        {
          actor,
          action: "user.banned",
          targetType: "user",
          targetId: userId,
          before: { banned_at: null },
          after: { banned_at: bannedAt, ban_reason: reason, sessions_ended: ended },
          reason,
        },
        trx,
      );
    });
    await this.#deps.bus.publishSessionsChanged(userId);
  }

  async unban(actor: AuditActor, userId: string, reason: string | undefined): Promise<void> {
    await this.#deps.db.transaction().execute(async (trx) => {
      const access = new UserAccessRepository(trx);
      const user = await access.find(userId);
      if (!user) throw new NotFoundError(`User ${userId} does not exist.`);
      if (!user.banned_at) throw new AppError(409, "not_banned", "This account is not banned.");
      await access.setBan(userId, null);
      await this.#deps.audit.record(
        {
          actor,
          action: "user.unbanned",
          targetType: "user",
          targetId: userId,
          before: { banned_at: user.banned_at, ban_reason: user.ban_reason },
          after: { banned_at: null },
          reason: reason ?? null,
        },
        trx,
      );
    });
  }
}
