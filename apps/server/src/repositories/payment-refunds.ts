import type { Insertable, Kysely } from "kysely";
import type { Database, PaymentRefundsTable } from "../db/schema.ts";

export type PaymentRefundRow = Awaited<ReturnType<PaymentRefundRepository["find"]>> & {};

/** Refunds operators gave, one per order (its primary key): the guard that refunds an order once. */
export class PaymentRefundRepository {
  readonly #db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.#db = db;
  }

  async find(orderId: string) {
    return this.#db
      .selectFrom("payment_refunds")
      .selectAll()
      .where("order_id", "=", orderId)
      .executeTakeFirst();
  }

  /** False when the order was refunded already (a concurrent refund waits on the key, then sees it). */
  async insertOnce(refund: Insertable<PaymentRefundsTable>): Promise<boolean> {
    const result = await this.#db
      .insertInto("payment_refunds")
      .values(refund)
      .onConflict((conflict) => conflict.column("order_id").doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
  }

  async setProviderOutcome(
    orderId: string,
    outcome: { status: PaymentRefundsTable["provider_status"]; detail: string | null },
  ): Promise<void> {
    await this.#db
      .updateTable("payment_refunds")
      .set({ provider_status: outcome.status, provider_detail: outcome.detail })
      .where("order_id", "=", orderId)
      .execute();
  }
}
