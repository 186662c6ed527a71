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
} as const;

/**
 * Limits of custom characters, character cards and generated pictures (issue 11). Here, not in
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
 * catalogue (`costs.imageGeneration`) charges the same.
 */
export const IMAGE_GENERATION_PRICE_TOKENS = 5;
