import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import { AccountDataRepository } from "../../repositories/account-data.ts";
import type { JobPayload } from "../job-registry.ts";

/**
 * A deleted account's moderation events are kept, without the user, this long: long enough to
 * answer a report or an authority's request about refused content, then they go.
 */
export const SAFETY_RECORDS_RETENTION_MS = 90 * 24 * 60 * 60 * 1000;

export type SafetyRecordsPurgeJob = JobPayload<"safety_records_purge">;

/** Deletes the anonymised moderation events of a deleted account once their 90 days are over. */
export class SafetyRecordsPurge {
  readonly #db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.#db = db;
  }

  purge(job: SafetyRecordsPurgeJob): Promise<void> {
    return new AccountDataRepository(this.#db).deleteModerationEvents(job.moderationEventIds);
  }
}
