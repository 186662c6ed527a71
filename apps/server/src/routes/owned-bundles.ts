import type { FastifyRequest } from "fastify";
import { optionalAccount } from "../plugins/authenticate.ts";
import type { Services } from "../services/index.ts";
import { NOTHING_OWNED } from "../services/presenters.ts";

/**
 * The bundles the caller bought, for the catalog routes marked `viewerDependent` (their signed-in
 * answers are computed per caller and never shared); nothing for a visitor or a stale token.
 */
export async function ownedBundles(
  services: Services,
  request: FastifyRequest,
): Promise<ReadonlySet<number>> {
  if (request.headers.authorization === undefined) return NOTHING_OWNED;
  const account = await optionalAccount(services.accounts, request);
  return account ? services.bundlePurchases.ownedBundleIds(account.userId) : NOTHING_OWNED;
}
