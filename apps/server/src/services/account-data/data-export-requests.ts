import { randomBytes } from "node:crypto";
import type { DataExport } from "@reverie/shared";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import { NotFoundError } from "../../errors.ts";
import type { PrivateMediaSigner } from "../../media/private-urls.ts";
import { DataExportRepository } from "../../repositories/data-exports.ts";
import { JOB, type JobPayload, type JobQueue } from "../job-registry.ts";
import type { RateLimiter, RateLimitRule } from "../rate-limiter.ts";

/** Building an archive reads every row of the account: a few a day are plenty. */
export const DATA_EXPORTS_PER_DAY: RateLimitRule = { limit: 3, windowMs: 24 * 60 * 60 * 1000 };

export type DataExportJob = JobPayload<"data_export">;

export interface DataExportRequestsDeps {
  db: Kysely<Database>;
  jobs: JobQueue;
  rateLimiter: RateLimiter;
  signer: PrivateMediaSigner;
}

/** "Download my data": asks for an archive, then follows it until its signed link is ready. */
export class DataExportRequests {
  readonly #deps: DataExportRequestsDeps;

  constructor(deps: DataExportRequestsDeps) {
    this.#deps = deps;
  }

  /** Starts an archive, or answers with the one already being built (one at a time per user). */
  async start(
    userId: string,
    /** an operator's request (admin console) writes its audit entry in the same transaction */
    record?: (trx: Kysely<Database>, exportId: string) => Promise<void>,
  ): Promise<{ export_id: string }> {
    const exports = new DataExportRepository(this.#deps.db);
    const pending = await exports.pendingFor(userId);
    if (pending) return { export_id: pending.id };
    await this.#deps.rateLimiter.consume(`data-export:${userId}`, DATA_EXPORTS_PER_DAY);
    const exportId = randomBytes(16).toString("hex");
    await this.#deps.db.transaction().execute(async (trx) => {
      await new DataExportRepository(trx).insert(exportId, userId);
      await record?.(trx, exportId);
      await this.#deps.jobs.enqueue(JOB.data_export, { exportId } satisfies DataExportJob, { db: trx });
    });
    return { export_id: exportId };
  }

  /** The archive's state; another user's, or an unknown id, is a 404. */
  async status(userId: string, exportId: string): Promise<DataExport> {
    const row = await new DataExportRepository(this.#deps.db).find(exportId);
    if (!row || row.user_id !== userId) throw new NotFoundError(`There is no export ${exportId}.`);
    const expiresAt = row.expires_at ? new Date(row.expires_at) : null;
    const live = row.status === "ready" && row.file_key && expiresAt && expiresAt.getTime() > Date.now();
    return {
      export_id: row.id,
      status: row.status === "ready" && !live ? "expired" : row.status,
      url: live && row.file_key && expiresAt ? this.#deps.signer.urlUntil(row.file_key, expiresAt) : null,
      expires_at: expiresAt ? expiresAt.toISOString() : null,
    };
  }
}
