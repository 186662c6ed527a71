import type {
  AdminPaymentEvent,
  AdminPaymentEventList,
  AdminPaymentOrder,
  AdminPaymentOrderList,
  AdminSubscriptionList,
} from "@reverie/shared";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import {
  type AdminOrderRow,
  type AdminPaymentEventRow,
  AdminPaymentsRepository,
  type OrderStatusFilter,
} from "../../repositories/admin-payments.ts";

const iso = (value: string) => new Date(value).toISOString();

/** The account behind a record, or null for a deleted account's tombstone (account-data.ts). */
function paymentUser(id: string | null, email: string | null) {
  if (!id || !email || email.endsWith("@deleted.invalid")) return null;
  return { id, email };
}

export function presentAdminOrder(row: AdminOrderRow): AdminPaymentOrder {
  return {
    id: row.id,
    user: paymentUser(row.user_id, row.user_email),
    provider: row.provider,
    kind: row.kind,
    price_id: row.price_id,
    description: row.description,
    tokens: row.tokens,
    amount_cents: row.amount_cents,
    currency: row.currency,
    status: row.refund_created_at ? "refunded" : row.status,
    failure_reason: row.failure_reason,
    refund: row.refund_created_at
      ? {
          amount_cents: Number(row.refund_amount_cents),
          currency: row.refund_currency ?? row.currency,
          tokens_granted: Number(row.refund_tokens_granted),
          tokens_taken_back: Number(row.refund_tokens_taken_back),
          reason: row.refund_reason ?? "",
          actor_email: row.refund_actor_email ?? "",
          provider_status: row.refund_provider_status ?? "manual",
          provider_detail: row.refund_provider_detail ?? null,
          created_at: iso(row.refund_created_at),
        }
      : null,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
}

function presentEvent(row: AdminPaymentEventRow): AdminPaymentEvent {
  const fromOrder = row.order_amount_cents !== null;
  return {
    id: row.id,
    provider: row.provider,
    event_id: row.event_id,
    type: row.type,
    order_id: row.order_id,
    provider_subscription_id: row.provider_subscription_id,
    status: row.refunded_order_id ? "refunded" : (row.order_status ?? row.subscription_status ?? null),
    amount_cents: fromOrder ? row.order_amount_cents : row.subscription_price_cents,
    currency: fromOrder ? row.order_currency : row.subscription_currency,
    user: paymentUser(row.user_id, row.user_email),
    created_at: iso(row.created_at),
  };
}

/** The console's Payments screen (decision 32): provider events, orders by status, subscriptions. */
export class PaymentRecords {
  readonly #records: AdminPaymentsRepository;

  constructor(deps: { db: Kysely<Database> }) {
    this.#records = new AdminPaymentsRepository(deps.db);
  }

  async events(filter: {
    provider?: string | undefined;
    type?: string | undefined;
    before?: number | undefined;
    limit: number;
  }): Promise<AdminPaymentEventList> {
    const rows = await this.#records.events(filter);
    const last = rows.at(-1);
    return {
      items: rows.map(presentEvent),
      next_before: rows.length === filter.limit && last ? last.id : null,
    };
  }

  async orders(filter: {
    status: OrderStatusFilter;
    page: number;
    limit: number;
  }): Promise<AdminPaymentOrderList> {
    const [rows, total] = await Promise.all([
      this.#records.orders({
        status: filter.status,
        limit: filter.limit,
        offset: (filter.page - 1) * filter.limit,
      }),
      this.#records.countOrders(filter.status),
    ]);
    return { items: rows.map(presentAdminOrder), total_count: total, page: filter.page, limit: filter.limit };
  }

  async order(id: string): Promise<AdminPaymentOrder | null> {
    const row = await this.#records.order(id);
    return row ? presentAdminOrder(row) : null;
  }

  async subscriptions(filter: {
    status?: string | undefined;
    page: number;
    limit: number;
  }): Promise<AdminSubscriptionList> {
    const [rows, total] = await Promise.all([
      this.#records.subscriptions({
        status: filter.status,
        limit: filter.limit,
        offset: (filter.page - 1) * filter.limit,
      }),
      this.#records.countSubscriptions(filter.status),
    ]);
    return {
      items: rows.map((row) => ({
        id: row.id,
        user: paymentUser(row.user_id, row.user_email),
        provider: row.provider,
        provider_subscription_id: row.provider_subscription_id,
        plan_id: row.plan_id,
        status: row.status,
        price_cents: row.price_cents,
        currency: row.currency,
        current_period_start: iso(row.current_period_start),
        current_period_end: iso(row.current_period_end),
        cancel_at_period_end: Boolean(row.cancel_at_period_end),
        created_at: iso(row.created_at),
      })),
      total_count: total,
      page: filter.page,
      limit: filter.limit,
    };
  }
}
