/** Keys the web app keeps in localStorage (spec section 3). */
export const STORAGE_KEYS = {
  source: "source",
  returnUrl: "returnUrl",
  authReturnUrl: "authReturnUrl",
  subid: "subid",
  accessToken: "_accessToken",
  ageConfirmed: "IamOver18",
  cookieDismissed: "isCookieShow",
  genderChoice: "isStartedChoosing",
  pwaInstalled: "is-pwa-installed",
  callback: "callback",
  paywall: "paywall",
  paywallAi: "paywall_ai",
} as const;

/** Responsive breakpoints in px (spec section 2). */
export const BREAKPOINTS = { xs: 375, sm: 640, md: 768, lg: 1024, xl: 1280, xxl: 1920 } as const;

/**
 * What a banned account is told when it signs in, by password or a provider's popup (decision
 * 0029). Here, not in schemas/auth.ts, so the popup's screen loads it without zod.
 */
export const ACCOUNT_BANNED_TEXT =
  "This account is suspended. Contact support if you think this is a mistake.";

/** Business constants (spec section 9). */
export const LIMITS = {
  messagePageSize: 10,
  fileNameMaxLength: 50,
  passwordMinLength: 6,
  resizeDebounceMs: 150,
  socketPingMs: 30_000,
  socketReconnectMs: 1_500,
  chunkLoadTimeoutMs: 120_000,
  skeletonMs: 1_200,
  signInPopup: { width: 500, height: 600, closedDetectionMs: 8_000 },
} as const;

/** The longest chat message, in characters (the composer counts against it, the API refuses past it). */
export const MESSAGE_MAX_LENGTH = 2000;

export const TOKEN_PACKAGE_SIZES = [100, 350, 550, 1150, 2400, 3750] as const;

export const MIN_CHARACTER_AGE = 18;

/** Paywall source labels (spec section 2), sent with the paywall's analytics and 403 premium_required. */
export const PAYWALL_SOURCES = {
  voiceMessageFreePlanUser: "voice_message_free_plan_user",
  subscribe: "subscribe",
  plans: "plans",
  modelChat: "model_chat",
  homeGallery: "home_gallery",
  modelBuilder: "model_builder",
  modelImageGenerator: "model_image_generator",
  /** a paywall (or 402) met inside /onboarding, one label per variant (ONBOARDING_SOURCES) */
  onboardingMeetCharacter: "onboarding_meet_character",
  onboardingBuildCharacter: "onboarding_build_character",
} as const;

/**
 * The onboarding variants /onboarding can show (remote configuration `onboarding_variant`, or
 * `?variant=`). Here, not in schemas/remote-config.ts, so the web app takes them without zod.
 */
export const ONBOARDING_VARIANTS = ["meet_character", "build_character"] as const;
export type OnboardingVariant = (typeof ONBOARDING_VARIANTS)[number];

/** Each onboarding variant's analytics source label (spec section 2: "several onboarding variants"). */
export const ONBOARDING_SOURCES: Record<OnboardingVariant, string> = {
  meet_character: PAYWALL_SOURCES.onboardingMeetCharacter,
  build_character: PAYWALL_SOURCES.onboardingBuildCharacter,
};

/**
 * Limits of custom characters, character cards and generated pictures (decision 23). Here, not in
 * schemas/custom.ts, so the web app takes them without loading zod (decision 0016).
 */
export const CUSTOM_LIMITS = {
  nameMaxLength: 40,
  descriptionMaxLength: 2000,
  minAge: 18,
  maxAge: 99,
  maxHobbies: 5,
  /** a card upload (PNG or JSON) */
  cardMaxBytes: 8 * 1024 * 1024,
  imagePromptMaxLength: 500,
  maxImagesPerRequest: 4,
} as const;

/**
 * What one picture made on /generate_image costs, in tokens: the price the web app shows before the
 * first request (every POST /api/custom/images answers the price it charged). The server's billing
 * price list (`costs.imageGeneration`) charges the same.
 */
export const IMAGE_GENERATION_PRICE_TOKENS = 5;

/**
 * What one chat message costs in tokens once a free-plan user's free messages are used up, and
 * what one voice message costs a free-plan user (decision 35; Premium includes both). The web app
 * shows them in the chat; the server's price list (`costs.message`, `costs.voiceMessage`)
 * charges the same.
 */
export const MESSAGE_PRICE_TOKENS = 1;
export const VOICE_MESSAGE_PRICE_TOKENS = 5;

/**
 * Session replay (spec section 9): the share of sessions recorded, how often the recorder uploads
 * what it recorded, and the longest it ever waits between uploads (a failed upload is retried
 * within it).
 */
export const SESSION_REPLAY = {
  sampleRate: 0.2,
  uploadIntervalMs: 30_000,
  maxUploadIntervalMs: 60_000,
} as const;

/** Who may use the admin console (decision 29): moderators read, admins also change. */
export const ROLES = ["user", "moderator", "admin"] as const;
export type Role = (typeof ROLES)[number];

/** The roles that may open the admin console at all. */
export const CONSOLE_ROLES = ["moderator", "admin"] as const satisfies readonly Role[];

/** The word an operator types to delete an account in the admin console. */
export const ADMIN_DELETE_CONFIRMATION = "DELETE";

/** Why a user reports a message in their chat (decision 0030); the web's reason picker lists these. */
export const MESSAGE_REPORT_REASONS = [
  "minor",
  "non_consent",
  "violence",
  "hate",
  "self_harm",
  "other",
] as const;
export type MessageReportReason = (typeof MESSAGE_REPORT_REASONS)[number];

/** The largest picture an admin may upload as a catalog portrait or gallery photo (decision 0030). */
export const ADMIN_UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
