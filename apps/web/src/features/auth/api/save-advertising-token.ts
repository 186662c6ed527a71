import { api } from "@/lib/api-client";

/** PUT /api/user/advertising {subid}: the ad sub id the signed-in user came back through (last touch). */
export function saveAdvertisingToken(subid: string) {
  return api.put("/api/user/advertising", (contract) => contract.advertisingTokenSchema, {
    body: { subid },
    redirectOnUnauthorized: false,
  });
}
