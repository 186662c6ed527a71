import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import type { MediaStorage } from "../../media/storage.ts";
import { DataExportRepository } from "../../repositories/data-exports.ts";
import type { JobPayload } from "../job-registry.ts";

export type DataExportExpiryJob = JobPayload<"data_export_expiry">;

/** An archive's lifetime is over: its file goes, the row says expired. */
export class DataExportExpiry {
  readonly #db: Kysely<Database>;
  readonly #storage: MediaStorage;

  constructor(deps: { db: Kysely<Database>; storage: MediaStorage }) {
    this.#db = deps.db;
    this.#storage = deps.storage;
  }

  async expire(job: DataExportExpiryJob): Promise<void> {
    const exports = new DataExportRepository(this.#db);
    const row = await exports.find(job.exportId);
    if (!row) return;
    if (row.file_key) await this.#storage.remove([row.file_key]);
    await exports.setStatus(row.id, "expired");
  }
}
