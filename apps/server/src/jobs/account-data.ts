import type { JobHandler } from "../queue/job-queue.ts";
import type { DataExportBuilder } from "../services/account-data/data-export-builder.ts";
import type { DataExportExpiry, DataExportExpiryJob } from "../services/account-data/data-export-expiry.ts";
import type { DataExportJob } from "../services/account-data/data-export-requests.ts";
import type {
  SafetyRecordsPurge,
  SafetyRecordsPurgeJob,
} from "../services/account-data/safety-records-purge.ts";

/** Builds the archive of a user's data, emails its link; after the last failure it says failed. */
export function dataExportJobHandler(builder: DataExportBuilder): JobHandler<DataExportJob> {
  return { maxAttempts: 3, run: (job) => builder.build(job), onFailed: (job) => builder.failed(job) };
}

/** Removes an archive once its link expired. */
export function dataExportExpiryJobHandler(expiry: DataExportExpiry): JobHandler<DataExportExpiryJob> {
  return { maxAttempts: 5, run: (job) => expiry.expire(job) };
}

/** Deletes a deleted account's anonymised moderation events after their retention. */
export function safetyRecordsPurgeJobHandler(purge: SafetyRecordsPurge): JobHandler<SafetyRecordsPurgeJob> {
  return { maxAttempts: 5, run: (job) => purge.purge(job) };
}
