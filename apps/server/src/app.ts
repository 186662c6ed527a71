import { readFileSync } from "node:fs";
import Fastify, { type FastifyServerOptions } from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import { type AppConfig, productionWarnings } from "./config.ts";
import { type DatabaseHandle, pingDatabase } from "./db/database.ts";
import type { HealthCheck } from "./lib/health-check.ts";
import type { MediaStorage } from "./media/storage.ts";
import { guardBody } from "./plugins/body-guards.ts";
import { registerCompression } from "./plugins/compression.ts";
import { frameworkErrorHandler, registerErrorHandler } from "./plugins/error-handler.ts";
import { createLocality } from "./plugins/loopback-only.ts";
import { registerOpenApi } from "./plugins/openapi.ts";
import { registerPublicCache } from "./plugins/public-cache.ts";
import { withRedactedRequests } from "./plugins/request-logging.ts";
import { createSecurityHeaders } from "./plugins/security-headers.ts";
import { registerWebApp } from "./plugins/web-app.ts";
import { emailHealthCheck } from "./providers/email/index.ts";
import { createImageProvider, imageHealthCheck } from "./providers/image/index.ts";
import type { ImageProvider } from "./providers/image/types.ts";
import { createLlmProvider, llmHealthCheck } from "./providers/llm/index.ts";
import type { LlmProvider } from "./providers/llm/types.ts";
import { createModerationClassifier, moderationHealthCheck } from "./providers/moderation/index.ts";
import { createTtsProvider, ttsHealthCheck } from "./providers/tts/index.ts";
import type { TtsProvider } from "./providers/tts/types.ts";
import type { EventBus } from "./realtime/bus.ts";
import { createEventBus } from "./realtime/redis-bus.ts";
import { registerRealtime } from "./realtime/socket.ts";
import { accountDataRoutes } from "./routes/account-data.ts";
import { adminBundleContentRoutes } from "./routes/admin/admin-bundle-contents.ts";
import { adminCatalogRoutes } from "./routes/admin/admin-catalog.ts";
import { adminCatalogUploadRoutes } from "./routes/admin/admin-catalog-uploads.ts";
import { adminDashboardRoutes } from "./routes/admin/admin-dashboard.ts";
import { adminMeRoutes } from "./routes/admin/admin-me.ts";
import { adminModerationRoutes } from "./routes/admin/admin-moderation.ts";
import { adminPaymentRoutes } from "./routes/admin/admin-payments.ts";
import { adminSystemRoutes } from "./routes/admin/admin-system.ts";
import { adminUserRoutes } from "./routes/admin/admin-users.ts";
import { auditLogRoutes } from "./routes/admin/audit-log.ts";
import { analyticsRoutes } from "./routes/analytics.ts";
import { anonymousChatRoutes } from "./routes/anonymous-chats.ts";
import { attributionRoutes } from "./routes/attribution.ts";
import { authRoutes } from "./routes/auth.ts";
import { bundleRoutes } from "./routes/bundles.ts";
import { chatGreetingRoutes } from "./routes/chat-greetings.ts";
import { chatRoutes } from "./routes/chats.ts";
import { customCardRoutes } from "./routes/custom-cards.ts";
import { customImageRoutes } from "./routes/custom-images.ts";
import { customModelRoutes } from "./routes/custom-models.ts";
import { customTraitRoutes } from "./routes/custom-traits.ts";
import { devMailboxRoutes } from "./routes/dev-mailbox.ts";
import { galleryRoutes } from "./routes/gallery.ts";
import { healthRoutes } from "./routes/health.ts";
import { privateMediaRoutes } from "./routes/media-private.ts";
import { memoryRoutes } from "./routes/memory.ts";
import { messageReportRoutes } from "./routes/message-reports.ts";
import { modelRoutes } from "./routes/models.ts";
import { paymentNotificationRoutes } from "./routes/payment-notifications.ts";
import { paymentRoutes } from "./routes/payments.ts";
import { remoteConfigRoutes } from "./routes/remote-config.ts";
import { sessionReplayRoutes } from "./routes/session-replays.ts";
import { subscriptionRoutes } from "./routes/subscriptions.ts";
import { testCheckoutRoutes } from "./routes/test-checkout.ts";
import { userRoutes } from "./routes/user.ts";
import { activeProviders, SystemStatus } from "./services/admin/system-status.ts";
import type { CatalogService } from "./services/catalog.ts";
import { createEmailSender } from "./services/email/create-email-sender.ts";
import { sharedFor } from "./services/health.ts";
import { createServices } from "./services/index.ts";
import { RetentionSweeper } from "./services/retention-sweeper.ts";

export interface AppDependencies {
  config: AppConfig;
  database: DatabaseHandle;
  storage: MediaStorage;
  /** where socket events travel; in-process unless given (Redis for scale-out) */
  bus?: EventBus;
  /** the chat model; from the configuration unless given */
  llm?: LlmProvider;
  /** text to speech for voice messages; from the configuration unless given */
  tts?: TtsProvider;
  /** pictures sent in chats; from the configuration unless given */
  images?: ImageProvider;
}

/** How long one health check's answer serves the probes that follow it. */
const HEALTH_CHECK_SHARED_MS = 1000;

const packageJson = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as {
  version: string;
};
export const APP_VERSION = packageJson.version;

declare module "fastify" {
  interface FastifyInstance {
    /** the catalog, whose catalogChanged() invalidates cached answers after an edit */
    catalog: CatalogService;
  }
}

/** TRUST_PROXY as Fastify takes it: a hop count trusts that many proxies nearest the server. */
function trustedProxies(setting: AppConfig["trustProxy"]) {
  return typeof setting === "number" ? (_address: string, hop: number) => hop < setting : setting;
}

/** Builds the whole HTTP app without listening, so tests can drive it with app.inject. */
export async function buildApp(
  deps: AppDependencies,
  options: { logger?: FastifyServerOptions["logger"] } = {},
) {
  const securityHeaders = createSecurityHeaders({ publicUrl: deps.config.publicUrl });
  // answers for this machine only judge the client as the proxy rules do
  const locality = createLocality(deps.config.trustProxy);
  const app = Fastify({
    logger: withRedactedRequests(options.logger ?? { level: deps.config.logLevel }),
    // X-Forwarded-* count only from the configured proxy; otherwise the socket's peer is the client
    trustProxy: trustedProxies(deps.config.trustProxy),
    // answers Fastify gives before any hook (a URL it cannot decode) keep the API's shape and headers
    frameworkErrors: frameworkErrorHandler(securityHeaders),
  });
  app.addHook("onRequest", securityHeaders);
  app.addHook("preValidation", guardBody);
  await registerCompression(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);

  if (deps.config.apiDocs) await registerOpenApi(app, APP_VERSION);

  const email = createEmailSender({ config: deps.config, db: deps.database.db, log: app.log });
  app.addHook("onClose", async () => email.close?.());
  const bus = deps.bus ?? (await createEventBus(deps.config.redisUrl, deps.config.jobQueue.prefix));
  const llm = deps.llm ?? createLlmProvider(deps.config.llm);
  const tts = deps.tts ?? createTtsProvider(deps.config.tts);
  const images = deps.images ?? createImageProvider(deps.config.image);
  const moderation = createModerationClassifier(deps.config.moderation);
  const warnings = productionWarnings(deps.config);
  for (const [kind, warning] of Object.entries(warnings))
    app.log.warn({ provider: kind }, `${kind}: ${warning}`);
  const services = createServices({ ...deps, email, bus, llm, tts, images, moderation, log: app.log });
  app.decorate("catalog", services.catalog);
  if (deps.config.jobsInProcess) app.addHook("onReady", async () => services.jobs.start());
  // ADMIN_EMAILS whose accounts exist become admins at every start (new ones at sign-up)
  app.addHook("onReady", async () => {
    const promoted = await services.admin.roles.promoteConfiguredAdmins();
    if (promoted > 0) app.log.info({ promoted }, "ADMIN_EMAILS accounts made admins");
  });
  // replays and analytics events are deleted once their retention ends (the privacy policy says 30 days)
  const retention = new RetentionSweeper({
    replays: services.sessionReplays,
    analytics: services.analytics,
    log: app.log,
  });
  app.addHook("onReady", async () => retention.start());
  app.addHook("onClose", async () => retention.stop());
  // waits for jobs running here, and closes the queue's connections (BullMQ) in every instance
  app.addHook("onClose", async () => services.jobs.stop());
  // after the jobs stopped; a provider handed in belongs to the caller
  if (!deps.tts) app.addHook("onClose", async () => tts.close?.());
  const databaseCheck = sharedFor(
    {
      name: "database",
      check: async () => {
        await pingDatabase(deps.database.db);
        return { status: "ok", detail: deps.database.describe };
      },
    },
    HEALTH_CHECK_SHARED_MS,
  );
  const redisCheck = services.jobs.check?.bind(services.jobs);
  const providerChecks: HealthCheck[] = (
    [
      imageHealthCheck(images),
      emailHealthCheck(email),
      llmHealthCheck(llm),
      ttsHealthCheck(tts),
      moderationHealthCheck(moderation),
      {
        name: "media_storage",
        // writes, reads back and deletes a probe file
        check: async () =>
          deps.storage.check
            ? deps.storage.check()
            : { status: "ok", detail: `disk ${deps.config.mediaDir}` },
      },
      // BullMQ's Redis: while it is down replies wait in the table (decision 39)
      ...(redisCheck ? [{ name: "redis", check: redisCheck }] : []),
    ] satisfies HealthCheck[]
  ).map((check) => sharedFor(check, HEALTH_CHECK_SHARED_MS));

  await app.register(
    async (api) => {
      registerPublicCache(api, { catalogVersion: () => services.catalog.version });
      await api.register(healthRoutes, {
        locality,
        version: APP_VERSION,
        dialect: deps.database.dialect,
        database: databaseCheck,
        providers: providerChecks,
      });
      await api.register(remoteConfigRoutes, { remoteConfig: deps.config.remoteConfig });
      await api.register(modelRoutes, { services });
      await api.register(galleryRoutes, { services });
      await api.register(bundleRoutes, { services });
      await api.register(anonymousChatRoutes, { services });
      await api.register(subscriptionRoutes);
      await api.register(paymentRoutes, {
        accounts: services.accounts,
        payments: services.payments,
        billing: services.billing,
      });
      if (deps.config.payments.testCheckout)
        await api.register(testCheckoutRoutes, {
          accounts: services.accounts,
          testCheckout: services.testCheckout,
        });
      await api.register(paymentNotificationRoutes, { payments: services.payments });
      await api.register(authRoutes, { accounts: services.accounts, auth: services.auth });
      await api.register(userRoutes, { accounts: services.accounts });
      await api.register(accountDataRoutes, { accounts: services.accounts, ...services.accountData });
      await api.register(analyticsRoutes, { accounts: services.accounts, analytics: services.analytics });
      await api.register(attributionRoutes, {
        accounts: services.accounts,
        attribution: services.attribution,
      });
      await api.register(sessionReplayRoutes, {
        accounts: services.accounts,
        replays: services.sessionReplays,
      });
      await api.register(chatRoutes, {
        accounts: services.accounts,
        chats: services.chats,
        voice: services.voice,
      });
      await api.register(memoryRoutes, { accounts: services.accounts, memory: services.memory });
      await api.register(chatGreetingRoutes, { accounts: services.accounts, greetings: services.greetings });
      await api.register(messageReportRoutes, {
        accounts: services.accounts,
        reports: services.messageReports,
      });
      await api.register(customTraitRoutes, { previews: services.traitPreviews });
      await api.register(customModelRoutes, {
        accounts: services.accounts,
        customCharacters: services.customCharacters,
      });
      await api.register(customCardRoutes, {
        accounts: services.accounts,
        customCharacters: services.customCharacters,
      });
      await api.register(customImageRoutes, {
        accounts: services.accounts,
        customImages: services.customImages,
      });
      // the admin console (decision 0029): every route behind requireRole
      const { admin } = services;
      await api.register(adminMeRoutes, { accounts: services.accounts });
      await api.register(auditLogRoutes, { accounts: services.accounts, audit: admin.audit });
      await api.register(adminUserRoutes, {
        accounts: services.accounts,
        users: admin.users,
        billing: admin.billing,
        bans: admin.bans,
        roles: admin.roles,
        accountData: admin.accountData,
      });
      await api.register(adminDashboardRoutes, {
        accounts: services.accounts,
        dashboard: admin.dashboard,
      });
      await api.register(adminPaymentRoutes, {
        accounts: services.accounts,
        records: admin.paymentRecords,
        refunds: admin.refunds,
      });
      await api.register(adminSystemRoutes, {
        accounts: services.accounts,
        // the same health checks as /api/health, shared with it
        system: new SystemStatus({
          version: APP_VERSION,
          dialect: deps.database.dialect,
          database: databaseCheck,
          checks: providerChecks,
          active: activeProviders(deps.config),
          warnings,
          payments: services.paymentProviders,
          jobs: services.jobs,
          audit: admin.audit,
          llmUsage: admin.llmUsage,
        }),
        replays: admin.replays,
      });
      await api.register(adminCatalogRoutes, { accounts: services.accounts, catalog: admin.catalog });
      await api.register(adminCatalogUploadRoutes, { accounts: services.accounts, uploads: admin.uploads });
      await api.register(adminBundleContentRoutes, { accounts: services.accounts, contents: admin.contents });
      await api.register(adminModerationRoutes, {
        accounts: services.accounts,
        moderation: admin.moderation,
        evaluation: admin.evaluation,
      });
    },
    { prefix: "/api" },
  );

  app.addHook("onClose", async () => bus.close());
  await registerRealtime(app, {
    accounts: services.accounts,
    bus,
    allowedOrigins: [new URL(deps.config.publicUrl).origin, ...deps.config.allowedOrigins],
  });
  await app.register(privateMediaRoutes, { storage: deps.storage, signer: services.privateMedia });
  await app.register(devMailboxRoutes, {
    mailbox: services.devMailbox,
    enabled: deps.config.devTools,
    locality,
  });
  await registerWebApp(app, { webDistDir: deps.config.webDistDir, mediaPublicDir: deps.storage.publicRoot });
  return app;
}
