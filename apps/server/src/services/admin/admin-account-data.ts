import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import { AppError, NotFoundError } from "../../errors.ts";
import { UserRepository } from "../../repositories/users.ts";
import type { AccountDeletion } from "../account-data/account-deletion.ts";
import type { DataExportRequests } from "../account-data/data-export-requests.ts";
import type { AuditActor, AuditLogService } from "./audit-log.ts";

export interface AdminAccountDataDeps {
  db: Kysely<Database>;
  exports: DataExportRequests;
  deletion: AccountDeletion;
  audit: AuditLogService;
}

/**
 * A user's data rights carried out by an operator on the user's request (decision 29): the archive
 * (emailed to the user, as when they ask themselves) and deletion, each audited in its transaction.
 */
export class AdminAccountData {
  readonly #deps: AdminAccountDataDeps;

  constructor(deps: AdminAccountDataDeps) {
    this.#deps = deps;
  }

  async startExport(actor: AuditActor, userId: string, reason: string) {
    if (!(await new UserRepository(this.#deps.db).findById(userId))) {
      throw new NotFoundError(`User ${userId} does not exist.`);
    }
    return this.#deps.exports.start(userId, (trx, exportId) =>
      this.#deps.audit
        .record(
          {
            actor,
            action: "user.export_started",
            targetType: "user",
            targetId: userId,
            before: null,
            after: { export_id: exportId },
            reason,
          },
          trx,
        )
        .then(() => undefined),
    );
  }

  async delete(actor: AuditActor & { id: string }, userId: string, reason: string): Promise<void> {
    if (actor.id === userId) {
      throw new AppError(409, "cannot_delete_yourself", "Delete your own account from Settings, not here.");
    }
    await this.#deps.deletion.deleteOnRequest(userId, async (trx) => {
      await this.#deps.audit.record(
        {
          actor,
          action: "user.deleted",
          targetType: "user",
          targetId: userId,
          before: { exists: true },
          after: { exists: false },
          reason,
        },
        trx,
      );
    });
  }
}
