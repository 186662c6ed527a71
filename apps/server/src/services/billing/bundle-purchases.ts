import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import { NotFoundError, PaymentRequiredError } from "../../errors.ts";
import { BundlePurchaseRepository } from "../../repositories/bundle-purchases.ts";
import { BundleRepository } from "../../repositories/bundles.ts";
import type { BillingService } from "./billing-service.ts";

/**
 * Buying a gallery bundle or pack with tokens (`POST /api/bundles/{id}/payment`): its price is
 * the bundle's own (catalog data); bought once, it is the buyer's for good, and buying it again
 * charges nothing. The purchase row is written before the tokens are taken, in one transaction:
 * of two concurrent purchases the second waits on it and finds the bundle owned.
 */
export class BundlePurchases {
  readonly #db: Kysely<Database>;
  readonly #billing: BillingService;

  constructor(deps: { db: Kysely<Database>; billing: BillingService }) {
    this.#db = deps.db;
    this.#billing = deps.billing;
  }

  async buy(
    userId: string,
    bundleId: number,
  ): Promise<{ current_tokens: number; bundle_id: number; already_owned: boolean }> {
    // on sale only: a hidden character's bundles are not (the list leaves them out too)
    const bundle = await new BundleRepository(this.#db).findOnSale(bundleId);
    if (!bundle) throw new NotFoundError(`There is no bundle ${bundleId}.`);
    return this.#db.transaction().execute(async (trx) => {
      const added = await new BundlePurchaseRepository(trx).add({
        userId,
        bundleId,
        priceTokens: bundle.price_tokens,
      });
      if (!added) {
        const { tokens } = await this.#billing.balance(userId, trx);
        return { current_tokens: tokens, bundle_id: bundleId, already_owned: true };
      }
      const left = await this.#billing.spend(trx, {
        userId,
        amount: bundle.price_tokens,
        reason: "bundle",
        reference: `bundle:${userId}:${bundleId}`,
      });
      if (left === null) {
        throw new PaymentRequiredError(
          "bundle",
          `"${bundle.title}" costs ${bundle.price_tokens} tokens. Get more tokens to unlock it.`,
        );
      }
      return { current_tokens: left, bundle_id: bundleId, already_owned: false };
    });
  }

  async ownedBundleIds(userId: string): Promise<Set<number>> {
    return new BundlePurchaseRepository(this.#db).ownedBundleIds(userId);
  }
}
