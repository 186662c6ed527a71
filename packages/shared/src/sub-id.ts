/** The shortest and longest ad sub id kept (click ids run from short affiliate codes to ~100-character gclids). */
export const SUB_ID_LENGTH = { min: 6, max: 128 } as const;

/**
 * First path segments of the app's own screens. An id whose letters come within two edits of one
 * of them (one for words of four letters or fewer) is a mistyped address (`/setings`, `/Login2`),
 * not an ad click.
 */
export const APP_PATH_SEGMENTS = [
  "explore",
  "gallery",
  "chat",
  "terms",
  "privacy_policy",
  "not-found",
  "auth",
  "login",
  "register",
  "restore",
  "reset",
  "verify-email",
  "subscribe",
  "plans",
  "create_ai",
  "my_ai",
  "my_ais",
  "generate_image",
  "settings",
  "checkout",
  "paywall",
  "pay",
  "onboarding",
  "admin",
  "api",
  "media",
  "assets",
] as const;

const SHAPE = /^[A-Za-z0-9](?:[A-Za-z0-9._-]*[A-Za-z0-9])?$/;
const FILE_NAME = /\.(?:png|jpe?g|gif|webp|avif|svg|ico|js|mjs|css|map|html?|txt|xml|json|webmanifest)$/i;

/** Letters only, lower case: what is left of a mistyped path once digits and separators go. */
function letters(text: string): string {
  return text.toLowerCase().replace(/[^a-z]/g, "");
}

/** Levenshtein distance, stopping early: only "at most `limit`" matters. */
function withinEdits(a: string, b: string, limit: number): boolean {
  if (Math.abs(a.length - b.length) > limit) return false;
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= b.length; j += 1) {
      current[j] = Math.min(
        (previous[j] ?? 0) + 1,
        (current[j - 1] ?? 0) + 1,
        (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
    }
    previous = current;
  }
  return (previous[b.length] ?? limit + 1) <= limit;
}

const APP_WORDS = APP_PATH_SEGMENTS.map(letters);

/**
 * Whether a value looks like an ad network's sub id (click id): 6–128 characters of letters, digits
 * and `-_.`, starting and ending with a letter or digit, holding at least one digit, not a file name
 * and not a near miss of an app path. Decision 0027.
 */
export function isSaneSubId(value: unknown): value is string {
  if (typeof value !== "string") return false;
  if (value.length < SUB_ID_LENGTH.min || value.length > SUB_ID_LENGTH.max) return false;
  if (!SHAPE.test(value) || !/\d/.test(value) || FILE_NAME.test(value)) return false;
  const word = letters(value);
  // two letters among digits are a code, not a mistyped page name
  if (word.length < 3) return true;
  return !APP_WORDS.some((app) => withinEdits(word, app, app.length <= 4 ? 1 : 2));
}
