import { adPostbackJobHandler } from "../jobs/ad-postback.ts";
import { analyticsForwardJobHandler } from "../jobs/analytics.ts";
import { HttpAdPostbackSender } from "../providers/ad-postback/http-ad-postback.ts";
import { AnalyticsService } from "../services/analytics.ts";
import { AttributionService } from "../services/attribution.ts";
import type { JobHandlers } from "../services/job-registry.ts";
import { SessionReplayService } from "../services/session-replays.ts";
import type { Core } from "./core.ts";
import type { Infrastructure } from "./infrastructure.ts";

/** Product analytics, ad attribution (leads, postbacks) and session replays. */
export function wireAnalytics(infra: Infrastructure, core: Core) {
  const { db, jobs, rateLimiter, ingestBudget: budget } = core;
  const { postbackUrl } = infra.config.attribution;
  const attribution = new AttributionService({
    db,
    jobs,
    postback: postbackUrl ? new HttpAdPostbackSender(postbackUrl) : null,
    log: infra.log,
  });
  const analytics = new AnalyticsService({
    db,
    rateLimiter,
    budget,
    jobs,
    forwardUrl: infra.config.analytics.forwardUrl,
  });
  const sessionReplays = new SessionReplayService({
    db,
    rateLimiter,
    budget,
    enabled: infra.config.remoteConfig.replay_enabled,
  });
  const handlers = {
    ad_postback: adPostbackJobHandler(attribution),
    analytics_forward: analyticsForwardJobHandler(analytics),
  } satisfies Partial<JobHandlers>;
  return { attribution, analytics, sessionReplays, handlers };
}

export type AnalyticsDomain = ReturnType<typeof wireAnalytics>;
