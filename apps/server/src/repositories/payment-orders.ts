import type { Insertable, Kysely } from "kysely";
import type { Database, PaymentOrderRow, PaymentOrdersTable } from "../db/schema.ts";

const now = () => new Date().toISOString();

/** What users started to buy, and how each purchase ended. */
export class PaymentOrderRepository {
  readonly #db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.#db = db;
  }

  async create(order: Omit<Insertable<PaymentOrdersTable>, "updated_at">): Promise<PaymentOrderRow> {
    return this.#db
      .insertInto("payment_orders")
      .values({ ...order, updated_at: now() })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  async find(id: string): Promise<PaymentOrderRow | undefined> {
    return this.#db.selectFrom("payment_orders").selectAll().where("id", "=", id).executeTakeFirst();
  }

  async findForUser(id: string, userId: string): Promise<PaymentOrderRow | undefined> {
    return this.#db
      .selectFrom("payment_orders")
      .selectAll()
      .where("id", "=", id)
      .where("user_id", "=", userId)
      .executeTakeFirst();
  }

  async setReference(id: string, providerReference: string): Promise<void> {
    await this.#db
      .updateTable("payment_orders")
      .set({ provider_reference: providerReference, updated_at: now() })
      .where("id", "=", id)
      .execute();
  }

  /** Marks the order paid: false when it was already (nothing to fulfil a second time). */
  async markPaid(id: string): Promise<boolean> {
    const result = await this.#db
      .updateTable("payment_orders")
      .set({ status: "paid", failure_reason: null, updated_at: now() })
      .where("id", "=", id)
      .where("status", "!=", "paid")
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Marks a pending order failed or canceled; a paid order stays paid. */
  async markUnpaid(id: string, status: "failed" | "canceled", reason: string | null): Promise<void> {
    await this.#db
      .updateTable("payment_orders")
      .set({ status, failure_reason: reason, updated_at: now() })
      .where("id", "=", id)
      .where("status", "=", "pending")
      .execute();
  }

  async listForUser(userId: string, limit: number): Promise<PaymentOrderRow[]> {
    return this.#db
      .selectFrom("payment_orders")
      .selectAll()
      .where("user_id", "=", userId)
      .where("status", "!=", "pending")
      .orderBy("created_at", "desc")
      .limit(limit)
      .execute();
  }
}
