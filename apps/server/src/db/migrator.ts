import { type Migration, Migrator } from "kysely";
import type { DatabaseHandle } from "./database.ts";
import * as catalog from "./migrations/0001_catalog.ts";
import * as emailOutbox from "./migrations/0002_email_outbox.ts";
import * as accounts from "./migrations/0003_accounts.ts";
import * as chats from "./migrations/0004_chats.ts";
import * as jobs from "./migrations/0005_jobs.ts";
import * as moderation from "./migrations/0006_moderation.ts";
import * as voice from "./migrations/0007_voice.ts";
import * as replyTo from "./migrations/0008_reply_to.ts";
import * as payments from "./migrations/0009_payments.ts";
import * as customCharacters from "./migrations/0010_custom_characters.ts";
import * as analytics from "./migrations/0011_analytics.ts";
import * as dataExports from "./migrations/0012_data_exports.ts";
import * as sessionReplays from "./migrations/0013_session_replays.ts";
import * as attribution from "./migrations/0014_attribution.ts";
import * as admin from "./migrations/0015_admin.ts";
import * as paymentRefunds from "./migrations/0016_payment_refunds.ts";
import * as adminCatalog from "./migrations/0017_admin_catalog.ts";
import * as moderationEvidence from "./migrations/0018_moderation_evidence.ts";
import * as privatePhotoCaption from "./migrations/0019_private_photo_caption.ts";
import * as jobBootsAndNotices from "./migrations/0020_job_boots_and_notices.ts";
import * as characterMemory from "./migrations/0021_character_memory.ts";
import * as characterCanon from "./migrations/0022_character_canon.ts";
import * as llmUsage from "./migrations/0024_llm_usage.ts";
import * as memoryForgetting from "./migrations/0025_memory_forgetting.ts";

/** Every migration, in order. Listed explicitly so no file-system scan is needed at run time. */
const migrations: Record<string, Migration> = {
  "0001_catalog": catalog,
  "0002_email_outbox": emailOutbox,
  "0003_accounts": accounts,
  "0004_chats": chats,
  "0005_jobs": jobs,
  "0006_moderation": moderation,
  "0007_voice": voice,
  "0008_reply_to": replyTo,
  "0009_payments": payments,
  "0010_custom_characters": customCharacters,
  "0011_analytics": analytics,
  "0012_data_exports": dataExports,
  "0013_session_replays": sessionReplays,
  "0014_attribution": attribution,
  "0015_admin": admin,
  "0016_payment_refunds": paymentRefunds,
  "0017_admin_catalog": adminCatalog,
  "0018_moderation_evidence": moderationEvidence,
  "0019_private_photo_caption": privatePhotoCaption,
  "0020_job_boots_and_notices": jobBootsAndNotices,
  "0021_character_memory": characterMemory,
  "0022_character_canon": characterCanon,
  "0024_llm_usage": llmUsage,
  "0025_memory_forgetting": memoryForgetting,
};

/** Postgres: "schema … does not exist" (invalid_schema_name). */
const INVALID_SCHEMA_NAME = "3F000";
const ATTEMPTS = 5;

export async function migrateToLatest(database: DatabaseHandle): Promise<string[]> {
  const migrator = new Migrator({
    db: database.db,
    provider: { getMigrations: async () => migrations },
    // Kysely looks for its own tables across every schema unless told which one is ours
    ...(database.schema ? { migrationTableSchema: database.schema } : {}),
  });
  for (let attempt = 1; ; attempt++) {
    const { error, results } = await migrator.migrateToLatest();
    if (!error) {
      return (results ?? [])
        .filter((result) => result.status === "Success")
        .map((result) => result.migrationName);
    }
    // Kysely's check for its own tables reads every schema of the database: another schema dropped
    // meanwhile (a test file's or a bench's, in the same database) fails it, and a new try passes
    if (!otherSchemaDropped(error, database.schema) || attempt === ATTEMPTS)
      throw error instanceof Error ? error : new Error(String(error));
    await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
  }
}

function otherSchemaDropped(error: unknown, ours: string | undefined): boolean {
  if (!(error instanceof Error) || (error as { code?: unknown }).code !== INVALID_SCHEMA_NAME) return false;
  return ours === undefined || !error.message.includes(`"${ours}"`);
}
