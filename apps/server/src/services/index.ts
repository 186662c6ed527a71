import { createAuth } from "../auth/better-auth.ts";
import { loadAuthSecret } from "../auth/secret.ts";
import type { AppConfig } from "../config.ts";
import type { DatabaseHandle } from "../db/database.ts";
import {
  dataExportExpiryJobHandler,
  dataExportJobHandler,
  safetyRecordsPurgeJobHandler,
} from "../jobs/account-data.ts";
import { analyticsForwardJobHandler } from "../jobs/analytics.ts";
import { customImagesJobHandler } from "../jobs/custom-images.ts";
import { imageJobHandler } from "../jobs/image.ts";
import { subscriptionPeriodEndJobHandler, testCheckoutEventJobHandler } from "../jobs/payments.ts";
import { portraitJobHandler } from "../jobs/portrait.ts";
import { replyJobHandler } from "../jobs/reply.ts";
import { voiceJobHandler } from "../jobs/voice.ts";
import { PrivateMediaSigner } from "../media/private-urls.ts";
import type { MediaStorage } from "../media/storage.ts";
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
import { ANALYTICS_FORWARD_JOB, AnalyticsService } from "./analytics.ts";
import { AnswerService } from "./answers.ts";
import { BillingService } from "./billing/billing-service.ts";
import { BundlePurchases } from "./billing/bundle-purchases.ts";
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
import { ModerationService } from "./moderation.ts";
import { Presenter } from "./presenters.ts";
import { RateLimiter } from "./rate-limiter.ts";
import { VoiceService } from "./voice.ts";

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
    onUserCreated: (userId) => users.update(userId, { free_msgs: billing.freeMessagesForNewAccounts }),
  });
  const moderation = new ModerationService({
    classifier: deps.moderation,
    events: new ModerationEventRepository(db),
    log: deps.log,
  });
  const jobs = createJobQueue({ config: deps.config, database: deps.database, log: deps.log });
  const answers = new AnswerService({ db, billing, bus: deps.bus, presenter });
  const voice = new VoiceService({ db, storage: deps.storage, jobs, users });
  jobs.register("reply", replyJobHandler({ answers, llm: deps.llm, bus: deps.bus, moderation }));
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
  const paymentProviders = createPaymentProviders(deps.config, secret);
  const paymentNotices = new PaymentNotices({ email: deps.email, jobs, publicUrl: deps.config.publicUrl });
  const payments = new PaymentService({
    db,
    providers: paymentProviders,
    fulfilment: new Fulfilment({ db, billing }),
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
  const analytics = new AnalyticsService({
    db,
    rateLimiter: new RateLimiter(new RateLimitRepository(db)),
    jobs,
    forwardUrl: deps.config.analytics.forwardUrl,
  });
  jobs.register(ANALYTICS_FORWARD_JOB, analyticsForwardJobHandler(analytics));
  jobs.register(
    SUBSCRIPTION_PERIOD_END_JOB,
    subscriptionPeriodEndJobHandler(
      new SubscriptionPeriods({
        db,
        providers: paymentProviders,
        payments,
        testCheckout,
        notices: paymentNotices,
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
    }),
  };
  return {
    auth,
    jobs,
    accountData,
    privateMedia,
    billing,
    payments,
    paymentProviders,
    testCheckout,
    analytics,
    bundlePurchases: new BundlePurchases({ db, billing }),
    catalog: new CatalogService({ ...repositories, presenter }),
    gallery: new GalleryService({ ...repositories, presenter }),
    chats: new ChatService({
      db,
      characters: repositories.characters,
      presenter,
      jobs,
      moderation,
      imageIntents: new ImageIntents(parseIntentPhrases(deps.config.image.intents)),
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
      rateLimiter: new RateLimiter(new RateLimitRepository(db)),
      oauthProviders: deps.config.auth.oauth.map((provider) => provider.id),
      bus: deps.bus,
      signUpsPerIpPerHour: deps.config.auth.signUpsPerIpPerHour,
    }),
  };
}

export type Services = ReturnType<typeof createServices>;
