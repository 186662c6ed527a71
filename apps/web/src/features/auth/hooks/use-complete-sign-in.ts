import type { OAuthProvider, User } from "@reverie/shared";
import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { paths } from "@/config/paths";
import { parseGender } from "@/hooks/use-gender-preference";
import { ANALYTICS_EVENTS, track } from "@/lib/analytics";
import { ApiError } from "@/lib/api-client";
import { getUser, startSession } from "@/lib/auth";
import { markOnboardingOffered, wasOnboardingOffered } from "@/lib/onboarding-offer";
import { storage } from "@/lib/storage";
import { updateGenderChoice } from "../api/update-gender-choice";
import { signInDestination } from "../utils/return-url";

/** Stored sources after which the spec reports a marketing lead (the server records it at sign-up). */
const LEAD_SOURCES = new Set(["signup", "create_password"]);

export interface SignInResult {
  token: string;
  /** Known when the call that signed in answered with it; loaded with the token otherwise (OAuth). */
  user?: User;
  /** The account was just created: an email sign-up, or a provider sign-in that made the account. */
  signUp?: boolean;
  /** The registration itself recorded the lead (an email sign-up sends its sub id with it). */
  leadRecorded?: boolean;
  /** The social provider the popup signed in with (OAuth). */
  provider?: OAuthProvider;
}

/**
 * Everything that follows a successful sign-in (spec section 4, Auth): load the user, copy the
 * stored interest to an account that has none, drop a lead `source`, then store the token and go to
 * the stored returnUrl / authReturnUrl (both cleared), else /onboarding for a new sign-up (once per
 * account, see lib/onboarding-offer.ts), else home.
 */
export async function completeSignIn(queryClient: QueryClient, result: SignInResult): Promise<void> {
  let user = result.user ?? (await getUser({ token: result.token }));
  if (!user) throw new ApiError(404, "user_not_found", "This account no longer exists.");

  const storedGender = parseGender(storage.get("genderChoice"));
  if (!user.gender_choice && storedGender) {
    try {
      user = await updateGenderChoice(result.token, storedGender);
    } catch (error) {
      console.error("Couldn't copy the interest choice to the account.", error);
    }
  }

  const source = storage.get("source");
  const leadSource = source !== null && LEAD_SOURCES.has(source);
  if (leadSource) storage.remove("source");
  if (leadSource && result.signUp && !result.leadRecorded && storage.get("subid")) {
    await import("../utils/ad-attribution").then(
      (module) => module.reportStoredLead(result.token),
      console.error,
    );
  }

  const destination = signInDestination({
    candidates: [storage.get("returnUrl"), storage.get("authReturnUrl")],
    signUp: result.signUp === true,
    callback: storage.get("callback"),
    onboardingOffered: wasOnboardingOffered(user.id),
  });
  if (destination === paths.onboarding) markOnboardingOffered(user.id);
  storage.remove("returnUrl");
  storage.remove("authReturnUrl");

  startSession(queryClient, result.token, user, destination);
  // an existing account signing in from /register is not a sign-up
  if (result.signUp && result.provider) track(ANALYTICS_EVENTS.signUpCompleted, { method: result.provider });
}

export function useCompleteSignIn() {
  const queryClient = useQueryClient();
  return useCallback((result: SignInResult) => completeSignIn(queryClient, result), [queryClient]);
}
