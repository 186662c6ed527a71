import { loadAuthSecret } from "../auth/secret.ts";
import { PrivateMediaSigner } from "../media/private-urls.ts";
import { createJobQueue } from "../queue/create-job-queue.ts";
import { BundleRepository } from "../repositories/bundles.ts";
import { CharacterRepository } from "../repositories/characters.ts";
import { MediaRepository } from "../repositories/media.ts";
import { ModerationEventRepository } from "../repositories/moderation-events.ts";
import { RateLimitRepository } from "../repositories/rate-limits.ts";
import { UserRepository } from "../repositories/users.ts";
import { AuditLogService } from "../services/admin/audit-log.ts";
import { BillingService } from "../services/billing/billing-service.ts";
import { IngestBudget } from "../services/ingest-budget.ts";
import { JOB_PAYLOADS } from "../services/job-registry.ts";
import { ModerationService } from "../services/moderation.ts";
import { Presenter } from "../services/presenters.ts";
import { RateLimiter } from "../services/rate-limiter.ts";
import type { Infrastructure } from "./infrastructure.ts";

/**
 * What several domains share, each built once: the job queue, the signer of private media links
 * (chat pictures, bought bundles and data exports alike), the presenter, the rate limiter and the
 * anonymous-ingest budget (one counter table), billing (every charge and refund), moderation and
 * the audit log.
 */
export function wireCore(infra: Infrastructure) {
  const { db } = infra.database;
  const secret = loadAuthSecret(infra.config.auth.secret, infra.config.dataDir);
  const privateMedia = new PrivateMediaSigner(secret);
  const rateLimits = new RateLimitRepository(db);
  return {
    db,
    /** the auth secret: sessions, signed media links, the test checkout's signatures */
    secret,
    privateMedia,
    presenter: new Presenter(infra.storage, privateMedia),
    rateLimiter: new RateLimiter(rateLimits),
    // what anonymous browsers may make us store, per address and in all (decision 0040)
    ingestBudget: new IngestBudget(rateLimits, infra.config.ingest),
    users: new UserRepository(db),
    characters: new CharacterRepository(db),
    bundles: new BundleRepository(db),
    media: new MediaRepository(db),
    billing: new BillingService({ db }),
    audit: new AuditLogService({ db }),
    moderation: new ModerationService({
      classifier: infra.moderation,
      events: new ModerationEventRepository(db),
      log: infra.log,
    }),
    jobs: createJobQueue({
      config: infra.config,
      database: infra.database,
      kinds: JOB_PAYLOADS,
      log: infra.log,
    }),
  };
}

export type Core = ReturnType<typeof wireCore>;
