import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";

/** Bundles a user bought: bought once, theirs for good. */
export class BundlePurchaseRepository {
  readonly #db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.#db = db;
  }

  /** Records a purchase: false when the user owned the bundle already. */
  async add(purchase: { userId: string; bundleId: number; priceTokens: number }): Promise<boolean> {
    const result = await this.#db
      .insertInto("bundle_purchases")
      .values({ user_id: purchase.userId, bundle_id: purchase.bundleId, price_tokens: purchase.priceTokens })
      .onConflict((conflict) => conflict.columns(["user_id", "bundle_id"]).doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
  }

  async owns(userId: string, bundleId: number): Promise<boolean> {
    const row = await this.#db
      .selectFrom("bundle_purchases")
      .select("bundle_id")
      .where("user_id", "=", userId)
      .where("bundle_id", "=", bundleId)
      .executeTakeFirst();
    return row !== undefined;
  }

  async ownedBundleIds(userId: string): Promise<Set<number>> {
    const rows = await this.#db
      .selectFrom("bundle_purchases")
      .select("bundle_id")
      .where("user_id", "=", userId)
      .execute();
    return new Set(rows.map((row) => row.bundle_id));
  }

  /** Whether anyone bought the bundle (its items then stay as they are). */
  async anyBuyer(bundleId: number): Promise<boolean> {
    const row = await this.#db
      .selectFrom("bundle_purchases")
      .select("bundle_id")
      .where("bundle_id", "=", bundleId)
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }
}
