import type { Gender } from "@reverie/shared";
import { api } from "@/lib/api-client";

/**
 * PATCH /api/user {gender_choice} with a token that is not stored yet: right after sign-in, the
 * visitor's stored interest is copied to an account that has none (spec: gender choice).
 */
export function updateGenderChoice(token: string, gender: Gender) {
  return api.patch("/api/user", (contract) => contract.userSchema, {
    body: { gender_choice: gender },
    headers: { Authorization: `Bearer ${token}` },
    redirectOnUnauthorized: false,
  });
}
