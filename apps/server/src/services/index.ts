import { createAuth } from "../auth/better-auth.ts";
import { loadAuthSecret } from "../auth/secret.ts";
import type { AppConfig } from "../config.ts";
import type { DatabaseHandle } from "../db/database.ts";
import {
  dataExportExpiryJobHandler,
  dataExportJobHandler,
  safetyRecordsPurgeJobHandler,
} from "../jobs/account-data.ts";
import { adPostbackJobHandler } from "../jobs/ad-postback.ts";
import { analyticsForwardJobHandler } from "../jobs/analytics.ts";
import { customImagesJobHandler } from "../jobs/custom-images.ts";
import { imageJobHandler } from "../jobs/image.ts";
import { subscriptionPeriodEndJobHandler, testCheckoutEventJobHandler } from "../jobs/payments.ts";
import { portraitJobHandler } from "../jobs/portrait.ts";
import { replyJobHandler } from "../jobs/reply.ts";
import { voiceJobHandler } from "../jobs/voice.ts";
import { PrivateMediaSigner } from "../media/private-urls.ts";
import type { MediaStorage } from "../media/storage.ts";
import { HttpAdPostbackSender } from "../providers/ad-postback/http-ad-postback.ts";
import type { EmailSender } from "../providers/email/index.ts";
import type { ImageProvider } from "../providers/image/types.ts";
import type { LlmProvider } from "../providers/llm/types.ts";
import type { ModerationClassifier } from "../providers/moderation/types.ts";
import { createPaymentProviders } from "../providers/payments/index.ts";
import type { TtsProvider } from "../providers/tts/types.ts";
import { createJobQueue } from "../queue/create-job-queue.ts";
import type { EventBus } from "../realtime/bus.ts";
import { BundleRepository } from "../repositories/bundles.ts";
import { CharacterRepository } from "../repositories/characters.ts";
import { MediaRepository } from "../repositories/media.ts";
import { ModerationEventRepository } from "../repositories/moderation-events.ts";
import { RateLimitRepository } from "../repositories/rate-limits.ts";
import { UserRepository } from "../repositories/users.ts";
import { AccountDeletion } from "./account-data/account-deletion.ts";
import { DataExportBuilder } from "./account-data/data-export-builder.ts";
import { DATA_EXPORT_EXPIRY_JOB, DataExportExpiry } from "./account-data/data-export-expiry.ts";
import { DATA_EXPORT_JOB, DataExportRequests } from "./account-data/data-export-requests.ts";
import { SAFETY_RECORDS_PURGE_JOB, SafetyRecordsPurge } from "./account-data/safety-records-purge.ts";
import { AccountService } from "./accounts.ts";
import { AdminAccountData } from "./admin/admin-account-data.ts";
import { AdminBilling } from "./admin/admin-billing.ts";
import { AdminCatalog } from "./admin/admin-catalog.ts";
import { AdminRoles } from "./admin/admin-roles.ts";
import { AdminUsers } from "./admin/admin-users.ts";
import { AuditLogService } from "./admin/audit-log.ts";
import { BundleContents } from "./admin/bundle-contents.ts";
import { AdminCatalogPresenter } from "./admin/catalog-presenter.ts";
import { CatalogUploads } from "./admin/catalog-uploads.ts";
import { Dashboard } from "./admin/dashboard.ts";
import { ModerationConsole } from "./admin/moderation-console.ts";
import { ModerationEvaluation } from "./admin/moderation-evaluation.ts";
import { OrderRefunds } from "./admin/order-refunds.ts";
import { PaymentRecords } from "./admin/payment-records.ts";
import { ReplayLibrary } from "./admin/replay-library.ts";
import { UserBans } from "./admin/user-bans.ts";
import { ANALYTICS_FORWARD_JOB, AnalyticsService } from "./analytics.ts";
import { AnswerService } from "./answers.ts";
import { AD_POSTBACK_JOB, AttributionService } from "./attribution.ts";
import { BillingService } from "./billing/billing-service.ts";
import { BundlePurchases } from "./billing/bundle-purchases.ts";
import { ComplimentaryPlans } from "./billing/complimentary-plans.ts";
import { Fulfilment } from "./billing/fulfilment.ts";
import { PaymentNotices, SUBSCRIPTION_PERIOD_END_JOB } from "./billing/payment-notices.ts";
import { PaymentService } from "./billing/payment-service.ts";
import { SubscriptionPeriods } from "./billing/subscription-periods.ts";
import { TEST_CHECKOUT_EVENT_JOB, TestCheckout } from "./billing/test-checkout.ts";
import { CatalogService } from "./catalog.ts";
import { ChatService } from "./chats.ts";
import { CustomCharacterService } from "./custom-characters/custom-character-service.ts";
import { PORTRAIT_JOB, PortraitPainter } from "./custom-characters/portrait-painter.ts";
import { Portraits } from "./custom-characters/portraits.ts";
import { TraitPreviews } from "./custom-characters/trait-previews.ts";
import { CUSTOM_IMAGES_JOB, CustomImageService } from "./custom-images/custom-image-service.ts";
import { ImageRequestFulfilment } from "./custom-images/image-request-fulfilment.ts";
import { DevMailbox } from "./email/dev-mailbox.ts";
import { GalleryService } from "./gallery.ts";
import { ImageIntents, parseIntentPhrases } from "./image-intents.ts";
import { IngestBudget } from "./ingest-budget.ts";
import { MessageReports } from "./message-reports.ts";
import { ModerationService } from "./moderation.ts";
import { Presenter } from "./presenters.ts";
import { RateLimiter } from "./rate-limiter.ts";
import { SessionReplayService } from "./session-replays.ts";
import { VoiceService } from "./voice.ts";
import { VoiceIntents } from "./voice-intents.ts";

/** Wires repositories and providers into services; the one place that knows the whole graph. */
export function createServices(deps: {
  config: AppConfig;
  database: DatabaseHandle;
  storage: MediaStorage;
  email: EmailSender;
  llm: LlmProvider;
  tts: TtsProvider;
  images: ImageProvider;
  bus: EventBus;
  moderation: ModerationClassifier;
  log: { error(obj: object, msg: string): void; warn(obj: object, msg: string): void };
}) {
  const { db } = deps.database;
  const repositories = {
    characters: new CharacterRepository(db),
    bundles: new BundleRepository(db),
    media: new MediaRepository(db),
  };
  const users = new UserRepository(db);
  const billing = new BillingService({ db });
  const audit = new AuditLogService({ db });
  const adminRoles = new AdminRoles({ db, audit, adminEmails: deps.config.admin.emails });
  const secret = loadAuthSecret(deps.config.auth.secret, deps.config.dataDir);
  const privateMedia = new PrivateMediaSigner(secret);
  const presenter = new Presenter(deps.storage, privateMedia);
  const auth = createAuth({
    database: deps.database,
    email: deps.email,
    publicUrl: deps.config.publicUrl,
    log: deps.log,
    oauthProviders: deps.config.auth.oauth,
    secret,
    onUserCreated: async (user) => {
      await users.update(user.id, { free_msgs: billing.freeMessagesForNewAccounts });
      await adminRoles.promoteIfConfigured(user);
    },
    onEmailVerified: (user) => adminRoles.promoteIfConfigured({ ...user, emailVerified: true }),
  });
  const moderation = new ModerationService({
    classifier: deps.moderation,
    events: new ModerationEventRepository(db),
    log: deps.log,
  });
  const jobs = createJobQueue({ config: deps.config, database: deps.database, log: deps.log });
  const answers = new AnswerService({ db, billing, bus: deps.bus, presenter });
  const voice = new VoiceService({ db, storage: deps.storage, jobs, users, billing });
  jobs.register(
    "reply",
    replyJobHandler({
      answers,
      voice,
      llm: deps.llm,
      bus: deps.bus,
      moderation,
      deadlineMs: deps.config.replyDeadlineMs,
    }),
  );
  jobs.register(
    "image",
    imageJobHandler({ answers, images: deps.images, bus: deps.bus, storage: deps.storage }),
  );
  jobs.register("voice", voiceJobHandler({ voice, tts: deps.tts, bus: deps.bus }));
  const portraits = new Portraits({ storage: deps.storage, images: deps.images });
  const portraitPainter = new PortraitPainter({ db, portraits, presenter, bus: deps.bus });
  jobs.register(PORTRAIT_JOB, portraitJobHandler(portraitPainter));
  jobs.register(
    CUSTOM_IMAGES_JOB,
    customImagesJobHandler({
      fulfilment: new ImageRequestFulfilment({ db, billing, bus: deps.bus, privateMedia }),
      images: deps.images,
      storage: deps.storage,
    }),
  );
  const { postbackUrl } = deps.config.attribution;
  const attribution = new AttributionService({
    db,
    jobs,
    postback: postbackUrl ? new HttpAdPostbackSender(postbackUrl) : null,
    log: deps.log,
  });
  jobs.register(AD_POSTBACK_JOB, adPostbackJobHandler(attribution));
  const paymentProviders = createPaymentProviders(deps.config, secret);
  const paymentNotices = new PaymentNotices({ email: deps.email, jobs, publicUrl: deps.config.publicUrl });
  const fulfilment = new Fulfilment({
    db,
    billing,
    onOrderPaid: (trx, order) => attribution.orderPaid(trx, order),
  });
  const payments = new PaymentService({
    db,
    providers: paymentProviders,
    fulfilment,
    bus: deps.bus,
    notices: paymentNotices,
    publicUrl: deps.config.publicUrl,
    log: deps.log,
  });
  const testCheckout = new TestCheckout({
    db,
    provider: paymentProviders.test,
    jobs,
    payments,
  });
  jobs.register(TEST_CHECKOUT_EVENT_JOB, testCheckoutEventJobHandler(testCheckout));
  // what anonymous browsers may make us store, per address and in all (decision 0040)
  const ingestBudget = new IngestBudget(new RateLimitRepository(db), deps.config.ingest);
  const analytics = new AnalyticsService({
    db,
    rateLimiter: new RateLimiter(new RateLimitRepository(db)),
    budget: ingestBudget,
    jobs,
    forwardUrl: deps.config.analytics.forwardUrl,
  });
  jobs.register(ANALYTICS_FORWARD_JOB, analyticsForwardJobHandler(analytics));
  const sessionReplays = new SessionReplayService({
    db,
    rateLimiter: new RateLimiter(new RateLimitRepository(db)),
    budget: ingestBudget,
    enabled: deps.config.remoteConfig.replay_enabled,
  });
  jobs.register(
    SUBSCRIPTION_PERIOD_END_JOB,
    subscriptionPeriodEndJobHandler(
      new SubscriptionPeriods({
        db,
        providers: paymentProviders,
        payments,
        testCheckout,
        notices: paymentNotices,
        fulfilment,
      }),
    ),
  );
  const dataExportSigner = new PrivateMediaSigner(secret);
  jobs.register(
    DATA_EXPORT_JOB,
    dataExportJobHandler(
      new DataExportBuilder({
        db,
        storage: deps.storage,
        signer: dataExportSigner,
        jobs,
        email: deps.email,
        publicUrl: deps.config.publicUrl,
      }),
    ),
  );
  jobs.register(
    DATA_EXPORT_EXPIRY_JOB,
    dataExportExpiryJobHandler(new DataExportExpiry({ db, storage: deps.storage })),
  );
  jobs.register(SAFETY_RECORDS_PURGE_JOB, safetyRecordsPurgeJobHandler(new SafetyRecordsPurge(db)));
  const accountData = {
    exports: new DataExportRequests({
      db,
      jobs,
      rateLimiter: new RateLimiter(new RateLimitRepository(db)),
      signer: dataExportSigner,
    }),
    deletion: new AccountDeletion({
      db,
      storage: deps.storage,
      payments,
      jobs,
      bus: deps.bus,
      email: deps.email,
      publicUrl: deps.config.publicUrl,
      log: deps.log,
      rateLimiter: new RateLimiter(new RateLimitRepository(db)),
    }),
  };
  const catalog = new CatalogService({ ...repositories, presenter });
  const bans = new UserBans({ db, audit, bus: deps.bus });
  const adminCatalogPresenter = new AdminCatalogPresenter(presenter);
  const paymentRecords = new PaymentRecords({ db });
  return {
    auth,
    jobs,
    // the console's Dashboard, Payments and System screens (issue 13)
    adminConsole: {
      dashboard: new Dashboard({ db, analytics }),
      paymentRecords,
      replays: new ReplayLibrary({ replays: sessionReplays }),
      refunds: new OrderRefunds({
        db,
        billing,
        payments,
        fulfilment,
        providers: paymentProviders,
        records: paymentRecords,
        audit,
        bus: deps.bus,
        log: deps.log,
      }),
    },
    // the console's Characters and Moderation screens (decision 0030)
    adminCatalog: {
      catalog: new AdminCatalog({ db, audit, moderation, catalog, presenter: adminCatalogPresenter }),
      uploads: new CatalogUploads({
        db,
        storage: deps.storage,
        audit,
        catalog,
        presenter: adminCatalogPresenter,
      }),
      contents: new BundleContents({
        db,
        storage: deps.storage,
        audit,
        catalog,
        presenter: adminCatalogPresenter,
      }),
    },
    adminModeration: {
      moderation: new ModerationConsole({ db, audit, bans }),
      evaluation: new ModerationEvaluation(),
    },
    messageReports: new MessageReports({ db }),
    admin: {
      audit,
      roles: adminRoles,
      users: new AdminUsers({ db, billing }),
      bans,
      billing: new AdminBilling({
        db,
        billing,
        plans: new ComplimentaryPlans({ fulfilment }),
        payments,
        notices: paymentNotices,
        audit,
        bus: deps.bus,
        log: deps.log,
      }),
      accountData: new AdminAccountData({ db, ...accountData, audit }),
    },
    accountData,
    privateMedia,
    billing,
    payments,
    paymentProviders,
    testCheckout,
    analytics,
    attribution,
    sessionReplays,
    bundlePurchases: new BundlePurchases({ db, billing }),
    catalog,
    gallery: new GalleryService({ ...repositories, presenter }),
    chats: new ChatService({
      db,
      characters: repositories.characters,
      presenter,
      jobs,
      moderation,
      imageIntents: new ImageIntents(parseIntentPhrases(deps.config.image.intents)),
      voiceIntents: new VoiceIntents(),
      storage: deps.storage,
      log: deps.log,
      bus: deps.bus,
      billing,
    }),
    voice,
    customImages: new CustomImageService({
      db,
      billing,
      moderation,
      jobs,
      storage: deps.storage,
      privateMedia,
      log: deps.log,
      imageMedium: deps.images.medium,
    }),
    customCharacters: new CustomCharacterService({
      db,
      billing,
      moderation,
      jobs,
      storage: deps.storage,
      portraits,
      painter: portraitPainter,
      presenter,
      bus: deps.bus,
      log: deps.log,
    }),
    traitPreviews: new TraitPreviews({ storage: deps.storage }),
    devMailbox: new DevMailbox(db),
    accounts: new AccountService({
      auth,
      users,
      attribution,
      rateLimiter: new RateLimiter(new RateLimitRepository(db)),
      oauthProviders: deps.config.auth.oauth.map((provider) => provider.id),
      bus: deps.bus,
      signUpsPerIpPerHour: deps.config.auth.signUpsPerIpPerHour,
      replays: sessionReplays,
      adminSessionMaxAgeMinutes: deps.config.admin.sessionMaxAgeMinutes,
    }),
  };
}

export type Services = ReturnType<typeof createServices>;
