import { isIP } from "node:net";
import path from "node:path";
import {
  ONBOARDING_VARIANTS,
  PLAN_VARIANTS,
  REMOTE_CONFIG_DEFAULTS,
  type RemoteConfig,
} from "@reverie/shared";
import { z } from "zod";
import { AdPostbackUrlTemplate } from "./providers/ad-postback/url-template.ts";

const repoRoot = path.resolve(import.meta.dirname, "../../..");

const booleanFlag = z
  .enum(["true", "false", "1", "0"])
  .transform((value) => value === "true" || value === "1");

const PROXY_ADDRESS_NAMES = new Set(["loopback", "linklocal", "uniquelocal"]);

/** An entry of TRUST_PROXY: a name proxy-addr knows, an IP address, or an address/prefix range. */
function isTrustedProxyEntry(entry: string): boolean {
  if (PROXY_ADDRESS_NAMES.has(entry)) return true;
  const [address = "", prefix, ...rest] = entry.split("/");
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  HOST: z.string().default("0.0.0.0"),
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  PUBLIC_URL: z.url().optional(),
  ALLOWED_ORIGINS: z
    .string()
    .transform((value, context) => {
      const origins: string[] = [];
      for (const item of value
        .split(",")
        .map((part) => part.trim())
        .filter(Boolean)) {
        const url = URL.canParse(item) ? new URL(item) : null;
        if (!url || !/^https?:$/.test(url.protocol) || url.origin !== item.replace(/\/$/, "")) {
          context.addIssue({
            code: "custom",
            message: `"${item}" is not an origin like https://app.example.com`,
          });
          return z.NEVER;
        }
        origins.push(url.origin);
      }
      return origins;
    })
    .optional(),
  TRUST_PROXY: z
    .string()
    .transform((value, context) => {
      const trimmed = value.trim();
      if (/^\d+$/.test(trimmed)) return Number(trimmed) === 0 ? false : Number(trimmed);
      if (trimmed === "false") return false;
      if (trimmed === "true") {
        context.addIssue({
          code: "custom",
          message:
            "TRUST_PROXY=true would let any client choose its own IP: give a hop count, loopback, or the proxy's addresses",
        });
        return z.NEVER;
      }
      const entries = trimmed
        .split(",")
        .map((part) => part.trim())
        .filter(Boolean);
      for (const entry of entries) {
        if (!isTrustedProxyEntry(entry)) {
          context.addIssue({
            code: "custom",
            message: `"${entry}" is not an address, a CIDR range or loopback`,
          });
          return z.NEVER;
        }
      }
      return entries;
    })
    .optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  DATA_DIR: z.string().default(path.join(repoRoot, "data")),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "DATABASE_URL must be a postgres:// URL")
    .optional(),
  DATABASE_SCHEMA: z
    .string()
    .regex(/^[a-z_][a-z0-9_]*$/)
    .optional(),
  SQLITE_PATH: z.string().optional(),
  MEDIA_DIR: z.string().optional(),
  WEB_DIST_DIR: z.string().default(path.join(repoRoot, "apps/web/dist")),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, "REDIS_URL must be a redis:// URL")
    .optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, "SMTP_URL must be an smtp:// or smtps:// URL")
    .optional(),
  EMAIL_FROM: z.string().default("Reverie <no-reply@reverie.local>"),
  AUTH_SECRET: z.string().min(32, "AUTH_SECRET must be at least 32 characters").optional(),
  /** accounts with these emails are admins: made so at sign-up and at every start (decision 0029) */
  ADMIN_EMAILS: z
    .string()
    .transform((value, context) => {
      const emails = value
        .split(",")
        .map((part) => part.trim().toLowerCase())
        .filter(Boolean);
      for (const email of emails) {
        if (!z.email().safeParse(email).success) {
          context.addIssue({ code: "custom", message: `"${email}" is not an email address` });
          return z.NEVER;
        }
      }
      return emails;
    })
    .optional(),
  /** a moderator's or admin's session older than this must sign in again to use the console */
  ADMIN_SESSION_MAX_AGE_MINUTES: z.coerce.number().int().min(1).default(720),
  /** how many accounts one address may create in an hour (20; more behind a shared address, or for tests) */
  SIGN_UPS_PER_IP_PER_HOUR: z.coerce.number().int().min(1).optional(),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  GOOGLE_DISCOVERY_URL: z.url().default("https://accounts.google.com/.well-known/openid-configuration"),
  DISCORD_CLIENT_ID: z.string().optional(),
  DISCORD_CLIENT_SECRET: z.string().optional(),
  DISCORD_AUTHORIZATION_URL: z.url().default("https://discord.com/oauth2/authorize"),
  DISCORD_TOKEN_URL: z.url().default("https://discord.com/api/oauth2/token"),
  DISCORD_USERINFO_URL: z.url().default("https://discord.com/api/users/@me"),
  TWITTER_CLIENT_ID: z.string().optional(),
  TWITTER_CLIENT_SECRET: z.string().optional(),
  TWITTER_AUTHORIZATION_URL: z.url().default("https://x.com/i/oauth2/authorize"),
  TWITTER_TOKEN_URL: z.url().default("https://api.x.com/2/oauth2/token"),
  TWITTER_USERINFO_URL: z.url().default("https://api.x.com/2/users/me?user.fields=confirmed_email"),
  LLM_BASE_URL: z.url().optional(),
  LLM_API_KEY: z.string().optional(),
  LLM_MODEL: z.string().optional(),
  /** the model's context window in tokens: the prompt gets what is left after the reply (decision 46) */
  LLM_CONTEXT_TOKENS: z.coerce
    .number({ message: "LLM_CONTEXT_TOKENS must be a whole number of tokens, like 8192" })
    .int("LLM_CONTEXT_TOKENS must be a whole number of tokens, like 8192")
    .min(1024, "LLM_CONTEXT_TOKENS must be at least 1024")
    .max(2_000_000)
    .default(8192),
  /** the longest reply, in tokens (sent as max_tokens) */
  LLM_MAX_TOKENS: z.coerce
    .number({ message: "LLM_MAX_TOKENS must be a whole number of tokens, like 300" })
    .int("LLM_MAX_TOKENS must be a whole number of tokens, like 300")
    .min(16, "LLM_MAX_TOKENS must be at least 16")
    .max(200_000)
    .default(300),
  /** sent only when set; otherwise the server's default applies */
  LLM_TEMPERATURE: z.coerce
    .number({ message: "LLM_TEMPERATURE must be a number from 0 to 2, like 0.8" })
    .min(0, "LLM_TEMPERATURE must be from 0 to 2")
    .max(2, "LLM_TEMPERATURE must be from 0 to 2")
    .optional(),
  /** stop strings: a JSON list of texts, e.g. ["\nUser:", "</s>"] */
  LLM_STOP: z
    .string()
    .transform((value, context) => {
      let parsed: unknown;
      try {
        parsed = JSON.parse(value);
      } catch {
        parsed = undefined;
      }
      const list = typeof parsed === "string" ? [parsed] : parsed;
      if (
        !Array.isArray(list) ||
        list.length === 0 ||
        list.length > 16 ||
        !list.every((item) => typeof item === "string" && item.length > 0)
      ) {
        context.addIssue({
          code: "custom",
          message:
            'LLM_STOP must be a JSON list of 1 to 16 non-empty texts, e.g. ["\\nUser:", "</s>"] (OpenAI\'s own API takes at most 4)',
        });
        return z.NEVER;
      }
      return list as string[];
    })
    .optional(),
  /** "first" folds every system message but the first into user messages, for strict chat templates */
  LLM_SYSTEM_MESSAGES: z
    .enum(["anywhere", "first"], { message: 'LLM_SYSTEM_MESSAGES must be "anywhere" or "first"' })
    .default("anywhere"),
  /** how many messages from the end of the conversation the author's note goes (0: after the last) */
  LLM_AUTHORS_NOTE_DEPTH: z.coerce
    .number({ message: "LLM_AUTHORS_NOTE_DEPTH must be a whole number of messages, like 4" })
    .int("LLM_AUTHORS_NOTE_DEPTH must be a whole number of messages, like 4")
    .min(0, "LLM_AUTHORS_NOTE_DEPTH must be 0 or more")
    .max(1000)
    .default(4),
  IMAGE_PROVIDER: z.enum(["procedural", "automatic1111", "openai"]).default("procedural"),
  IMAGE_BASE_URL: z.url().optional(),
  IMAGE_API_KEY: z.string().optional(),
  IMAGE_MODEL: z.string().optional(),
  IMAGE_SIZE: z
    .string()
    .regex(/^\d{2,4}x\d{2,4}$/, "IMAGE_SIZE must look like 1024x1024")
    .transform((value) => {
      const [width, height] = value.split("x").map(Number);
      return { width: width as number, height: height as number };
    })
    .optional(),
  IMAGE_INTENTS: z.string().optional(),
  /** who takes card payments on /checkout: the built-in test checkout, or Stripe Checkout */
  PAYMENT_PROVIDER: z.enum(["test", "stripe"]).default("test"),
  /** who takes them in the spec's payment-popup flow: the test checkout, or Verotel FlexPay */
  PAYMENT_POPUP_PROVIDER: z.enum(["test", "verotel"]).default("test"),
  /** the OpenAPI document and its UI at /api/docs: on outside production unless set */
  API_DOCS: booleanFlag.optional(),
  /** production only: keep the built-in test checkout (a staging deployment), on purpose */
  ALLOW_TEST_CHECKOUT: booleanFlag.default(false),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  /** another Stripe API address (a local fake in tests) */
  STRIPE_API_BASE: z.url().optional(),
  VEROTEL_SHOP_ID: z.string().optional(),
  VEROTEL_SIGNATURE_KEY: z.string().optional(),
  VEROTEL_BASE_URL: z.url().default("https://secure.verotel.com"),
  /** a Control Center API account: how the server stops a subscription's renewals */
  VEROTEL_CONTROL_CENTER_USERNAME: z.string().optional(),
  VEROTEL_CONTROL_CENTER_PASSWORD: z.string().optional(),
  /** another Control Center address (a local fake in tests); https://controlcenter.verotel.com when unset */
  VEROTEL_CONTROL_CENTER_URL: z.url().optional(),
  TTS_PROVIDER: z.enum(["espeak", "openai"]).default("espeak"),
  TTS_BASE_URL: z.url().default("https://api.openai.com/v1"),
  TTS_API_KEY: z.string().optional(),
  TTS_MODEL: z.string().min(1).default("gpt-4o-mini-tts"),
  TTS_VOICE_FEMALE: z.string().min(1).default("nova"),
  TTS_VOICE_MALE: z.string().min(1).default("onyx"),
  JOBS_IN_PROCESS: booleanFlag.default(true),
  /** longest one attempt at a reply may take, however the model streams (keep-alives included) */
  REPLY_DEADLINE_SECONDS: z.coerce.number().int().min(1).max(3600).default(120),
  JOB_QUEUE: z.enum(["database", "bullmq"]).optional(),
  JOB_QUEUE_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9_.-]+$/, "JOB_QUEUE_PREFIX may use letters, digits, _ . -")
    .default("reverie"),
  MODERATION_PROVIDER: z.enum(["rules", "openai", "llama-guard"]).default("rules"),
  MODERATION_BASE_URL: z.url().optional(),
  MODERATION_API_KEY: z.string().optional(),
  MODERATION_MODEL: z.string().optional(),
  SEED_ON_START: booleanFlag.default(true),
  SEED_MEDIA: booleanFlag.default(true),
  ONBOARDING_VARIANT: z.enum(ONBOARDING_VARIANTS).default(REMOTE_CONFIG_DEFAULTS.onboarding_variant),
  FACEBOOK_PLAN_VARIANT: z.enum(PLAN_VARIANTS).default(REMOTE_CONFIG_DEFAULTS.plan_variant),
  REPLAY_ENABLED: booleanFlag.default(REMOTE_CONFIG_DEFAULTS.replay_enabled),
  REPLAY_SAMPLE_RATE: z.coerce.number().min(0).max(1).default(REMOTE_CONFIG_DEFAULTS.replay_sample_rate),
  ANALYTICS_ENABLED: booleanFlag.default(REMOTE_CONFIG_DEFAULTS.analytics_enabled),
  /** a third-party collector that stored events are also sent to; none by default */
  ANALYTICS_FORWARD_URL: z.url().optional(),
  /**
   * What analytics batches and session-replay chunks from one client address may add in an hour,
   * in bytes; past it the address is answered 429 with Retry-After (decision 0040)
   */
  INGEST_CLIENT_BYTES_PER_HOUR: z.coerce
    .number()
    .int()
    .min(64 * 1024)
    .default(16 * 1024 * 1024),
  /** what every address together may add in a day, in bytes; past it everyone is answered 429 */
  INGEST_GLOBAL_BYTES_PER_DAY: z.coerce
    .number()
    .int()
    .min(1024 * 1024)
    .default(2 * 1024 * 1024 * 1024),
  /** the ad tracker's postback address with {subid}, {event}, {event_id}, {payout}, {currency}; none by default */
  AD_POSTBACK_URL: z
    .string()
    .transform((value, ctx) => {
      try {
        return AdPostbackUrlTemplate.parse(value.trim());
      } catch (error) {
        ctx.addIssue({ code: "custom", message: (error as Error).message });
        return z.NEVER;
      }
    })
    .optional(),
});

export type AppConfig = ReturnType<typeof loadConfig>;

export interface OAuthProviderConfig {
  id: "google" | "discord" | "twitter";
  clientId: string;
  clientSecret: string;
  /** OpenID Connect discovery (Google); the others name their endpoints */
  discoveryUrl?: string;
  authorizationUrl?: string;
  tokenUrl?: string;
  userInfoUrl?: string;
  scopes: string[];
}

/** The sign-in providers with credentials; a provider without them is hidden. */
function oauthProviders(values: z.infer<typeof envSchema>): OAuthProviderConfig[] {
  const providers: OAuthProviderConfig[] = [];
  if (values.GOOGLE_CLIENT_ID && values.GOOGLE_CLIENT_SECRET) {
    providers.push({
      id: "google",
      clientId: values.GOOGLE_CLIENT_ID,
      clientSecret: values.GOOGLE_CLIENT_SECRET,
      discoveryUrl: values.GOOGLE_DISCOVERY_URL,
      scopes: ["openid", "email", "profile"],
    });
  }
  if (values.DISCORD_CLIENT_ID && values.DISCORD_CLIENT_SECRET) {
    providers.push({
      id: "discord",
      clientId: values.DISCORD_CLIENT_ID,
      clientSecret: values.DISCORD_CLIENT_SECRET,
      authorizationUrl: values.DISCORD_AUTHORIZATION_URL,
      tokenUrl: values.DISCORD_TOKEN_URL,
      userInfoUrl: values.DISCORD_USERINFO_URL,
      scopes: ["identify", "email"],
    });
  }
  if (values.TWITTER_CLIENT_ID && values.TWITTER_CLIENT_SECRET) {
    providers.push({
      id: "twitter",
      clientId: values.TWITTER_CLIENT_ID,
      clientSecret: values.TWITTER_CLIENT_SECRET,
      authorizationUrl: values.TWITTER_AUTHORIZATION_URL,
      tokenUrl: values.TWITTER_TOKEN_URL,
      userInfoUrl: values.TWITTER_USERINFO_URL,
      scopes: ["users.read", "tweet.read", "users.email", "offline.access"],
    });
  }
  return providers;
}

/** Reads the environment once, validates it, and fills in the embedded defaults. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env) {
  // an empty variable (`DATABASE_URL=`) means unset, as in most tools
  const present = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value.trim() !== ""),
  );
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n${problems.join("\n")}`);
  }
  const values = parsed.data;
  if (values.PAYMENT_PROVIDER === "stripe" && !(values.STRIPE_SECRET_KEY && values.STRIPE_WEBHOOK_SECRET)) {
    throw new Error(
      "Invalid configuration:\n  PAYMENT_PROVIDER: stripe needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET",
    );
  }
  if (
    values.PAYMENT_POPUP_PROVIDER === "verotel" &&
    !(values.VEROTEL_SHOP_ID && values.VEROTEL_SIGNATURE_KEY)
  ) {
    throw new Error(
      "Invalid configuration:\n  PAYMENT_POPUP_PROVIDER: verotel needs VEROTEL_SHOP_ID and VEROTEL_SIGNATURE_KEY",
    );
  }
  if (!values.VEROTEL_CONTROL_CENTER_USERNAME !== !values.VEROTEL_CONTROL_CENTER_PASSWORD) {
    throw new Error(
      "Invalid configuration:\n  VEROTEL_CONTROL_CENTER_USERNAME and VEROTEL_CONTROL_CENTER_PASSWORD go together",
    );
  }
  if (values.LLM_MAX_TOKENS > values.LLM_CONTEXT_TOKENS / 2) {
    throw new Error(
      `Invalid configuration:\n  LLM_MAX_TOKENS: ${values.LLM_MAX_TOKENS} leaves too little of LLM_CONTEXT_TOKENS (${values.LLM_CONTEXT_TOKENS}) for the prompt: keep it at most half the context`,
    );
  }
  if (values.JOB_QUEUE === "bullmq" && !values.REDIS_URL) {
    throw new Error("Invalid configuration:\n  JOB_QUEUE: bullmq needs REDIS_URL");
  }
  const refusals = values.NODE_ENV === "production" ? productionRefusals(values) : [];
  if (refusals.length > 0) {
    throw new Error(
      `Invalid configuration for production:\n${refusals.map((line) => `  ${line}`).join("\n")}`,
    );
  }
  return {
    env: values.NODE_ENV,
    host: values.HOST,
    port: values.PORT,
    publicUrl: values.PUBLIC_URL ?? `http://localhost:${values.PORT}`,
    /** browser origins besides the app's own that may open the socket */
    allowedOrigins: values.ALLOWED_ORIGINS ?? [],
    /** which peers' X-Forwarded-* headers count: off, a hop count, or addresses/ranges (proxy-addr) */
    trustProxy: values.TRUST_PROXY ?? false,
    logLevel: values.LOG_LEVEL,
    database: values.DATABASE_URL
      ? ({ kind: "postgres", url: values.DATABASE_URL, schema: values.DATABASE_SCHEMA } as const)
      : ({
          kind: "sqlite",
          path: values.SQLITE_PATH ?? path.join(values.DATA_DIR, "reverie.sqlite"),
        } as const),
    dataDir: values.DATA_DIR,
    mediaDir: values.MEDIA_DIR ?? path.join(values.DATA_DIR, "media"),
    webDistDir: values.WEB_DIST_DIR,
    redisUrl: values.REDIS_URL,
    seed: { onStart: values.SEED_ON_START, media: values.SEED_MEDIA },
    email: { smtpUrl: values.SMTP_URL, from: values.EMAIL_FROM },
    llm: {
      baseUrl: values.LLM_BASE_URL,
      apiKey: values.LLM_API_KEY,
      model: values.LLM_MODEL,
      contextTokens: values.LLM_CONTEXT_TOKENS,
      maxTokens: values.LLM_MAX_TOKENS,
      temperature: values.LLM_TEMPERATURE,
      stop: values.LLM_STOP,
      authorsNoteDepth: values.LLM_AUTHORS_NOTE_DEPTH,
      systemMessages: values.LLM_SYSTEM_MESSAGES,
    },
    image: {
      provider: values.IMAGE_PROVIDER,
      baseUrl: values.IMAGE_BASE_URL,
      apiKey: values.IMAGE_API_KEY,
      model: values.IMAGE_MODEL,
      size: values.IMAGE_SIZE,
      /** phrases that make a chat message a request for a picture (see services/image-intents.ts) */
      intents: values.IMAGE_INTENTS,
    },
    tts: {
      provider: values.TTS_PROVIDER,
      baseUrl: values.TTS_BASE_URL,
      apiKey: values.TTS_API_KEY,
      model: values.TTS_MODEL,
      voices: { female: values.TTS_VOICE_FEMALE, male: values.TTS_VOICE_MALE },
    },
    /** run the job worker inside the web process (off when `npm run worker` processes run separately) */
    jobsInProcess: values.JOBS_IN_PROCESS,
    /** an attempt at a reply that takes longer is stopped and retried (decision 39) */
    replyDeadlineMs: values.REPLY_DEADLINE_SECONDS * 1000,
    /** where jobs wait: BullMQ on Redis when REDIS_URL is set, otherwise the database */
    jobQueue: {
      kind: values.JOB_QUEUE ?? (values.REDIS_URL ? "bullmq" : "database"),
      /** Redis key prefix of the BullMQ queue; one per database */
      prefix: values.JOB_QUEUE_PREFIX,
    },
    auth: {
      secret: values.AUTH_SECRET,
      signUpsPerIpPerHour: values.SIGN_UPS_PER_IP_PER_HOUR,
      oauth: oauthProviders(values),
    },
    admin: {
      /** lower-cased; these accounts are admins (at sign-up and at start) */
      emails: values.ADMIN_EMAILS ?? [],
      sessionMaxAgeMinutes: values.ADMIN_SESSION_MAX_AGE_MINUTES,
    },
    moderation: {
      /** the classifier that runs after the rule-based check (which always runs first) */
      provider: values.MODERATION_PROVIDER,
      baseUrl: values.MODERATION_BASE_URL,
      apiKey: values.MODERATION_API_KEY,
      model: values.MODERATION_MODEL,
    },
    payments: {
      checkout: values.PAYMENT_PROVIDER,
      popup: values.PAYMENT_POPUP_PROVIDER,
      stripe: {
        secretKey: values.STRIPE_SECRET_KEY,
        webhookSecret: values.STRIPE_WEBHOOK_SECRET,
        apiBase: values.STRIPE_API_BASE,
      },
      /** the built-in test checkout, its pages and its webhook: never in production unless asked for */
      testCheckout: values.NODE_ENV !== "production" || values.ALLOW_TEST_CHECKOUT,
      verotel: {
        shopId: values.VEROTEL_SHOP_ID,
        signatureKey: values.VEROTEL_SIGNATURE_KEY,
        baseUrl: values.VEROTEL_BASE_URL,
        controlCenter:
          values.VEROTEL_CONTROL_CENTER_USERNAME && values.VEROTEL_CONTROL_CENTER_PASSWORD
            ? {
                username: values.VEROTEL_CONTROL_CENTER_USERNAME,
                password: values.VEROTEL_CONTROL_CENTER_PASSWORD,
                baseUrl: values.VEROTEL_CONTROL_CENTER_URL,
              }
            : undefined,
      },
    },
    /**
     * Developer-only pages (the mailbox): only while emails stay in the outbox (no SMTP_URL), never
     * in production, and even then only for loopback clients (checked per request).
     */
    devTools: values.NODE_ENV !== "production" && !values.SMTP_URL,
    /** /api/docs: a map of every route is no business of the public in production unless asked for */
    apiDocs: values.API_DOCS ?? values.NODE_ENV !== "production",
    /** what GET /api/config tells the web app */
    remoteConfig: {
      onboarding_variant: values.ONBOARDING_VARIANT,
      plan_variant: values.FACEBOOK_PLAN_VARIANT,
      replay_enabled: values.REPLAY_ENABLED,
      replay_sample_rate: values.REPLAY_SAMPLE_RATE,
      analytics_enabled: values.ANALYTICS_ENABLED,
    } satisfies RemoteConfig,
    analytics: { forwardUrl: values.ANALYTICS_FORWARD_URL },
    /** byte budgets of what browsers may store (analytics batches, session-replay chunks) */
    ingest: {
      clientBytesPerHour: values.INGEST_CLIENT_BYTES_PER_HOUR,
      globalBytesPerDay: values.INGEST_GLOBAL_BYTES_PER_DAY,
    },
    /** ad conversions (decision 0027): the postback address, off when unset */
    attribution: { postbackUrl: values.AD_POSTBACK_URL },
  };
}

/** For the processes' entry points: a refused configuration says what to set, without a stack trace. */
export function loadConfigOrExit(env: NodeJS.ProcessEnv = process.env): AppConfig {
  try {
    return loadConfig(env);
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
}

export type DatabaseConfig = AppConfig["database"];

type EnvValues = z.infer<typeof envSchema>;

/**
 * What production refuses to start with, each with what to set: the embedded defaults that are
 * right for `npm start` and wrong for real money or several instances, and variables that
 * contradict each other (one of them is a mistake, and the server cannot tell which).
 */
function productionRefusals(values: EnvValues): string[] {
  const refusals: string[] = [];
  const testProviders = [
    ...(values.PAYMENT_PROVIDER === "test" ? ["PAYMENT_PROVIDER"] : []),
    ...(values.PAYMENT_POPUP_PROVIDER === "test" ? ["PAYMENT_POPUP_PROVIDER"] : []),
  ];
  if (testProviders.length > 0 && !values.ALLOW_TEST_CHECKOUT) {
    refusals.push(
      `${testProviders.join(" and ")}: "test" (the default) is the built-in test checkout, which gives tokens and Premium for a test card. Set PAYMENT_PROVIDER=stripe (with STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET) and PAYMENT_POPUP_PROVIDER=verotel (with VEROTEL_SHOP_ID and VEROTEL_SIGNATURE_KEY), or ALLOW_TEST_CHECKOUT=true for a deployment where that is meant (staging).`,
    );
  }
  if (values.DATABASE_URL && !values.AUTH_SECRET) {
    refusals.push(
      "AUTH_SECRET: needed with DATABASE_URL. Each instance would otherwise make a secret of its own, and links one signs (email verification, password reset, private media) would fail on the others. Set one random value of at least 32 characters on every instance (openssl rand -hex 32).",
    );
  }
  const contradictions: [boolean, string][] = [
    [
      values.PAYMENT_PROVIDER === "test" && Boolean(values.STRIPE_SECRET_KEY || values.STRIPE_WEBHOOK_SECRET),
      "STRIPE_SECRET_KEY or STRIPE_WEBHOOK_SECRET is set but PAYMENT_PROVIDER is test: set PAYMENT_PROVIDER=stripe, or remove the Stripe keys.",
    ],
    [
      values.PAYMENT_POPUP_PROVIDER === "test" &&
        Boolean(values.VEROTEL_SHOP_ID || values.VEROTEL_SIGNATURE_KEY),
      "VEROTEL_SHOP_ID or VEROTEL_SIGNATURE_KEY is set but PAYMENT_POPUP_PROVIDER is test: set PAYMENT_POPUP_PROVIDER=verotel, or remove the Verotel keys.",
    ],
    [
      values.MODERATION_PROVIDER === "rules" &&
        Boolean(values.MODERATION_BASE_URL || values.MODERATION_API_KEY),
      "MODERATION_BASE_URL or MODERATION_API_KEY is set but MODERATION_PROVIDER is rules: set MODERATION_PROVIDER=llama-guard or openai, or remove them.",
    ],
    [
      values.ALLOW_TEST_CHECKOUT &&
        values.PAYMENT_PROVIDER !== "test" &&
        values.PAYMENT_POPUP_PROVIDER !== "test",
      "ALLOW_TEST_CHECKOUT=true but neither PAYMENT_PROVIDER nor PAYMENT_POPUP_PROVIDER is test: the test checkout would be reachable for nothing; remove ALLOW_TEST_CHECKOUT.",
    ],
  ];
  for (const [contradicts, message] of contradictions) if (contradicts) refusals.push(message);
  return refusals;
}

/**
 * Settings that start but fall short in production, by the provider kind they concern (as the
 * console's System screen names them): logged at start and shown on that screen.
 */
export function productionWarnings(config: Pick<AppConfig, "env" | "moderation">): Record<string, string> {
  const warnings: Record<string, string> = {};
  if (config.env === "production" && config.moderation.provider === "rules") {
    warnings.moderation =
      "rules only — set up Llama Guard 3 or OpenAI moderation for doubtful cases (MODERATION_PROVIDER=llama-guard or openai)";
  }
  return warnings;
}
