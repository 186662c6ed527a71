import {
  dataExportExpiryJobHandler,
  dataExportJobHandler,
  safetyRecordsPurgeJobHandler,
} from "../jobs/account-data.ts";
import { AccountDeletion } from "../services/account-data/account-deletion.ts";
import { DataExportBuilder } from "../services/account-data/data-export-builder.ts";
import { DataExportExpiry } from "../services/account-data/data-export-expiry.ts";
import { DataExportRequests } from "../services/account-data/data-export-requests.ts";
import { SafetyRecordsPurge } from "../services/account-data/safety-records-purge.ts";
import type { JobHandlers } from "../services/job-registry.ts";
import type { BillingDomain } from "./billing.ts";
import type { Core } from "./core.ts";
import type { Infrastructure } from "./infrastructure.ts";

/** A user's own data: "download my data" (archives behind signed links) and account deletion. */
export function wireAccountData(infra: Infrastructure, core: Core, billing: BillingDomain) {
  const { db, jobs, rateLimiter, privateMedia: signer } = core;
  const { storage, email, config, bus, log } = infra;
  const exports = new DataExportRequests({ db, jobs, rateLimiter, signer });
  const deletion = new AccountDeletion({
    db,
    storage,
    payments: billing.payments,
    jobs,
    bus,
    email,
    publicUrl: config.publicUrl,
    log,
    rateLimiter,
  });
  const builder = new DataExportBuilder({ db, storage, signer, jobs, email, publicUrl: config.publicUrl });
  const handlers = {
    data_export: dataExportJobHandler(builder),
    data_export_expiry: dataExportExpiryJobHandler(new DataExportExpiry({ db, storage })),
    safety_records_purge: safetyRecordsPurgeJobHandler(new SafetyRecordsPurge(db)),
  } satisfies Partial<JobHandlers>;
  return { accountData: { exports, deletion }, handlers };
}

export type AccountDataDomain = ReturnType<typeof wireAccountData>;
