import { isSameOriginPath } from "@reverie/shared";
// Relative, not "@/": unit tests run without the app's path alias.
import { paths } from "../../../config/paths";

/** Screens that make no sense right after signing in. */
const AUTH_PATHS: ReadonlySet<string> = new Set([
  paths.login,
  paths.register,
  paths.restore,
  paths.reset,
  paths.authCallback,
]);

/** A path on this site ("/chat/3?x=1"), not another origin ("//evil.example", "https://…", "/\\evil"). */
export function isSafeReturnUrl(value: string | null | undefined): value is string {
  if (!value || value.length > 2000 || !isSameOriginPath(value)) return false;
  const pathname = value.split(/[?#]/, 1)[0] ?? "";
  return !AUTH_PATHS.has(pathname.replace(/\/+$/, "") || "/");
}

/**
 * Where to go after signing in: the first usable candidate (spec: a stored returnUrl or
 * authReturnUrl, in that order), else home.
 */
export function pickReturnUrl(candidates: ReadonlyArray<string | null | undefined>): string {
  return candidates.find(isSafeReturnUrl) ?? paths.home;
}

/**
 * Where a completed sign-in goes: a usable stored returnUrl / authReturnUrl first (the spec's rule);
 * else a new sign-up is offered the onboarding once (decision 28), unless a stored `callback` (the
 * paywall flow) already says where the user is headed or this account was offered it before; else home.
 */
export function signInDestination(options: {
  candidates: ReadonlyArray<string | null | undefined>;
  signUp: boolean;
  callback: string | null;
  onboardingOffered: boolean;
}): string {
  const stored = options.candidates.find(isSafeReturnUrl);
  if (stored) return stored;
  if (options.signUp && !options.callback && !options.onboardingOffered) return paths.onboarding;
  return paths.home;
}
