import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";

const refundColumns = [
  "payment_refunds.amount_cents as refund_amount_cents",
  "payment_refunds.currency as refund_currency",
  "payment_refunds.tokens_granted as refund_tokens_granted",
  "payment_refunds.tokens_taken_back as refund_tokens_taken_back",
  "payment_refunds.reason as refund_reason",
  "payment_refunds.actor_email as refund_actor_email",
  "payment_refunds.provider_status as refund_provider_status",
  "payment_refunds.provider_detail as refund_provider_detail",
  "payment_refunds.created_at as refund_created_at",
] as const;

export type OrderStatusFilter = "failed" | "paid" | "pending" | "canceled" | "refunded";

/**
 * What the console's Payments screen reads (decision 32): provider events with the order or
 * subscription and account they concern, orders by status (refunded ones are those with a
 * `payment_refunds` row) and subscriptions, newest first.
 */
export class AdminPaymentsRepository {
  readonly #db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.#db = db;
  }

  async events(filter: {
    provider?: string | undefined;
    type?: string | undefined;
    before?: number | undefined;
    limit: number;
  }) {
    let query = this.#db
      .selectFrom("payment_events")
      .leftJoin("payment_orders", "payment_orders.id", "payment_events.order_id")
      .leftJoin("payment_refunds", "payment_refunds.order_id", "payment_events.order_id")
      .leftJoin("subscriptions", (join) =>
        join
          .onRef("subscriptions.provider", "=", "payment_events.provider")
          .onRef("subscriptions.provider_subscription_id", "=", "payment_events.provider_subscription_id"),
      )
      .leftJoin("users", (join) =>
        join.on((eb) =>
          eb("users.id", "=", eb.fn.coalesce("payment_orders.user_id", "subscriptions.user_id")),
        ),
      )
      .select([
        "payment_events.id",
        "payment_events.provider",
        "payment_events.event_id",
        "payment_events.type",
        "payment_events.order_id",
        "payment_events.provider_subscription_id",
        "payment_events.created_at",
        "payment_orders.status as order_status",
        "payment_orders.amount_cents as order_amount_cents",
        "payment_orders.currency as order_currency",
        "payment_refunds.order_id as refunded_order_id",
        "subscriptions.status as subscription_status",
        "subscriptions.price_cents as subscription_price_cents",
        "subscriptions.currency as subscription_currency",
        "users.id as user_id",
        "users.email as user_email",
      ])
      .orderBy("payment_events.id", "desc")
      .limit(filter.limit);
    if (filter.provider) query = query.where("payment_events.provider", "=", filter.provider);
    if (filter.type) query = query.where("payment_events.type", "=", filter.type);
    if (filter.before) query = query.where("payment_events.id", "<", filter.before);
    return query.execute();
  }

  #ordersWithStatus(status: OrderStatusFilter) {
    const base = this.#db
      .selectFrom("payment_orders")
      .leftJoin("payment_refunds", "payment_refunds.order_id", "payment_orders.id");
    if (status === "refunded") return base.where("payment_refunds.order_id", "is not", null);
    return base.where("payment_orders.status", "=", status).where("payment_refunds.order_id", "is", null);
  }

  async orders(filter: { status: OrderStatusFilter; limit: number; offset: number }) {
    return this.#ordersWithStatus(filter.status)
      .leftJoin("users", "users.id", "payment_orders.user_id")
      .selectAll("payment_orders")
      .select(["users.email as user_email", ...refundColumns])
      .orderBy("payment_orders.created_at", "desc")
      .orderBy("payment_orders.id", "desc")
      .limit(filter.limit)
      .offset(filter.offset)
      .execute();
  }

  async countOrders(status: OrderStatusFilter): Promise<number> {
    const row = await this.#ordersWithStatus(status)
      .select((eb) => eb.fn.countAll<number | string>().as("count"))
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  async order(id: string) {
    return this.#db
      .selectFrom("payment_orders")
      .leftJoin("payment_refunds", "payment_refunds.order_id", "payment_orders.id")
      .leftJoin("users", "users.id", "payment_orders.user_id")
      .selectAll("payment_orders")
      .select(["users.email as user_email", ...refundColumns])
      .where("payment_orders.id", "=", id)
      .executeTakeFirst();
  }

  async subscriptions(filter: { status?: string | undefined; limit: number; offset: number }) {
    let query = this.#db
      .selectFrom("subscriptions")
      .leftJoin("users", "users.id", "subscriptions.user_id")
      .selectAll("subscriptions")
      .select("users.email as user_email")
      .orderBy("subscriptions.created_at", "desc")
      .orderBy("subscriptions.id", "desc")
      .limit(filter.limit)
      .offset(filter.offset);
    if (filter.status) query = query.where("subscriptions.status", "=", filter.status as "active");
    return query.execute();
  }

  async countSubscriptions(status?: string): Promise<number> {
    let query = this.#db
      .selectFrom("subscriptions")
      .select((eb) => eb.fn.countAll<number | string>().as("count"));
    if (status) query = query.where("status", "=", status as "active");
    const row = await query.executeTakeFirstOrThrow();
    return Number(row.count);
  }
}

export type AdminOrderRow = NonNullable<Awaited<ReturnType<AdminPaymentsRepository["order"]>>>;
export type AdminSubscriptionRowData = Awaited<ReturnType<AdminPaymentsRepository["subscriptions"]>>[number];
export type AdminPaymentEventRow = Awaited<ReturnType<AdminPaymentsRepository["events"]>>[number];
