import { api } from "@/lib/api-client";

/**
 * POST /api/user/lead {subid} with a token that is not stored yet: the lead of a social sign-up
 * (an email sign-up sends its sub id with the registration). The server takes the email from the
 * account and records one lead per account, within an hour of its creation.
 */
export function reportLead(token: string, subid: string) {
  return api.post("/api/user/lead", (contract) => contract.leadSchema, {
    body: { subid },
    headers: { Authorization: `Bearer ${token}` },
    redirectOnUnauthorized: false,
  });
}
