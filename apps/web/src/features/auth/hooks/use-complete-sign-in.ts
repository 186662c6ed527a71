import type { User } from "@reverie/shared";
import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { parseGender } from "@/hooks/use-gender-preference";
import { ApiError } from "@/lib/api-client";
import { getUser, startSession } from "@/lib/auth";
import { storage } from "@/lib/storage";
import { updateGenderChoice } from "../api/update-gender-choice";
import { pickReturnUrl } from "../utils/return-url";

/** Stored sources after which the spec reports a marketing lead (the server records it at sign-up). */
const LEAD_SOURCES = new Set(["signup", "create_password"]);

export interface SignInResult {
  token: string;
  /** Known when the call that signed in answered with it; loaded with the token otherwise (OAuth). */
  user?: User;
}

/**
 * Everything that follows a successful sign-in (spec section 4, Auth): load the user, copy the
 * stored interest to an account that has none, drop a lead `source`, then store the token and go to
 * the stored returnUrl / authReturnUrl (both cleared) or home.
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
  if (source && LEAD_SOURCES.has(source)) storage.remove("source");

  const destination = pickReturnUrl([storage.get("returnUrl"), storage.get("authReturnUrl")]);
  storage.remove("returnUrl");
  storage.remove("authReturnUrl");

  startSession(queryClient, result.token, user, destination);
}

export function useCompleteSignIn() {
  const queryClient = useQueryClient();
  return useCallback((result: SignInResult) => completeSignIn(queryClient, result), [queryClient]);
}
