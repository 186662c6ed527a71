import { randomUUID } from "node:crypto";
import { DELETE_ACCOUNT_WORD, type DeleteAccountBody } from "@reverie/shared";
import type { Kysely } from "kysely";
import { verifyPassword } from "../../auth/password-hashing.ts";
import type { Database } from "../../db/schema.ts";
import { accountDeletedEmail } from "../../emails/templates.ts";
import { AppError, NotFoundError, UnauthorizedError } from "../../errors.ts";
import { chatMediaFiles } from "../../media/chat-media.ts";
import type { MediaStorage } from "../../media/storage.ts";
import type { EmailSender } from "../../providers/email/index.ts";
import type { EventBus } from "../../realtime/bus.ts";
import { AccountDataRepository } from "../../repositories/account-data.ts";
import { DataExportRepository } from "../../repositories/data-exports.ts";
import { UserRepository } from "../../repositories/users.ts";
import type { PaymentService } from "../billing/payment-service.ts";
import { JOB, type JobQueue } from "../job-registry.ts";
import { passwordCheckKey, RATE_LIMITS, type RateLimiter } from "../rate-limiter.ts";
import { SAFETY_RECORDS_RETENTION_MS, type SafetyRecordsPurgeJob } from "./safety-records-purge.ts";

type Log = { error(obj: object, msg: string): void; warn(obj: object, msg: string): void };

export interface AccountDeletionDeps {
  db: Kysely<Database>;
  storage: MediaStorage;
  payments: PaymentService;
  jobs: JobQueue;
  bus: EventBus;
  email: EmailSender;
  publicUrl: string;
  log: Log;
  rateLimiter: RateLimiter;
}

/**
 * "Delete my account". Everything about the user goes in one transaction, except what the law
 * makes us keep, which is moved to a tombstone account with no name, email or way to sign in:
 * the token ledger and payment records (accounting and tax) and, for 90 days, moderation events
 * (safety). Then the files go, every socket closes and a last email confirms.
 * What is kept and why: the privacy policy and docs/decisions/0025-account-export-and-deletion.md.
 */
export class AccountDeletion {
  readonly #deps: AccountDeletionDeps;

  constructor(deps: AccountDeletionDeps) {
    this.#deps = deps;
  }

  async delete(userId: string, confirmation: DeleteAccountBody): Promise<void> {
    const user = await new UserRepository(this.#deps.db).findById(userId);
    if (!user) throw new UnauthorizedError();
    await this.#confirm(
      userId,
      await new AccountDataRepository(this.#deps.db).passwordHash(userId),
      confirmation,
    );
    await this.#erase(user);
  }

  /**
   * Deletion the user asked for through support, carried out by an operator in the admin console
   * (who confirmed it there): the same erasure, and `record` writes the audit entry in its transaction.
   */
  async deleteOnRequest(userId: string, record: (trx: Kysely<Database>) => Promise<void>): Promise<void> {
    const user = await new UserRepository(this.#deps.db).findById(userId);
    if (!user) throw new NotFoundError(`User ${userId} does not exist.`);
    await this.#erase(user, record);
  }

  async #erase(
    user: { id: string; email: string; analytics_id: string | null },
    record?: (trx: Kysely<Database>) => Promise<void>,
  ): Promise<void> {
    const userId = user.id;
    const data = new AccountDataRepository(this.#deps.db);
    await this.#stopRenewals(userId);
    const files = await data.files(userId);
    const exportFiles = await new DataExportRepository(this.#deps.db).fileKeysOf(userId);
    await this.#deps.db.transaction().execute(async (trx) => {
      const records = new AccountDataRepository(trx);
      if (await records.hasAccountingRecords(userId)) {
        const tombstoneId = `deleted-${randomUUID()}`;
        await records.insertTombstone(tombstoneId);
        await records.anonymiseAccountingRecords(userId, tombstoneId);
      }
      await record?.(trx);
      const moderationEventIds = await records.anonymiseModerationEvents(userId);
      await records.deletePersonalRows({ id: userId, email: user.email, analyticsId: user.analytics_id });
      if (moderationEventIds.length > 0) {
        await this.#deps.jobs.enqueue(
          JOB.safety_records_purge,
          { moderationEventIds } satisfies SafetyRecordsPurgeJob,
          { db: trx, delayMs: SAFETY_RECORDS_RETENTION_MS },
        );
      }
    });
    const keys = [
      ...files.chatMedia.flatMap(chatMediaFiles),
      ...files.voices,
      ...files.characterFiles,
      ...exportFiles,
    ];
    await this.#deps.storage.remove(keys).catch((error: unknown) => {
      this.#deps.log.error({ err: error, userId }, "could not remove the files of a deleted account");
    });
    await this.#deps.bus.publishSessionsChanged(userId);
    const email = accountDeletedEmail({
      privacyLink: new URL("/privacy_policy", this.#deps.publicUrl).toString(),
    });
    await this.#deps.email
      .send({ to: user.email, kind: "account_deleted", ...email })
      .catch((error: unknown) => {
        this.#deps.log.error({ err: error, userId }, "could not send the account deletion email");
      });
  }

  /**
   * The password when the account has one (wrong ones counted with the password change's, and
   * refused past the limit); otherwise the word DELETE typed out.
   */
  async #confirm(
    userId: string,
    passwordHash: string | null,
    confirmation: DeleteAccountBody,
  ): Promise<void> {
    if (passwordHash) {
      const key = passwordCheckKey(userId);
      await this.#deps.rateLimiter.consume(key, RATE_LIMITS.passwordCheckPerAccount);
      const password = confirmation.password ?? "";
      if (!password || !(await verifyPassword({ hash: passwordHash, password })))
        throw new AppError(403, "invalid_password", "That password is not right.");
      await this.#deps.rateLimiter.reset(key);
      return;
    }
    if (confirmation.confirmation !== DELETE_ACCOUNT_WORD)
      throw new AppError(403, "confirmation_required", `Type ${DELETE_ACCOUNT_WORD} to delete your account.`);
  }

  /** A subscription at a provider must not charge a deleted account: canceled first, best effort. */
  async #stopRenewals(userId: string): Promise<void> {
    await this.#deps.payments.cancel(userId).catch((error: unknown) => {
      if (error instanceof NotFoundError) return;
      this.#deps.log.warn(
        { err: error, userId },
        "could not cancel the subscription of an account being deleted",
      );
    });
  }
}
