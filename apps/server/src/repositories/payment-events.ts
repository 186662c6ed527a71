import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";

/** Provider notifications, one row per provider event id: the guard that applies each once. */
export class PaymentEventRepository {
  readonly #db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.#db = db;
  }

  /**
   * Records an event inside the transaction that applies it: true the first time, false when the
   * same provider event was recorded before (a redelivery). A concurrent first delivery waits on
   * the unique index and then sees it as recorded.
   */
  async recordOnce(event: {
    provider: string;
    eventId: string;
    type: string;
    orderId: string | null;
    providerSubscriptionId: string | null;
    payload: unknown;
  }): Promise<boolean> {
    const result = await this.#db
      .insertInto("payment_events")
      .values({
        provider: event.provider,
        event_id: event.eventId,
        type: event.type,
        order_id: event.orderId,
        provider_subscription_id: event.providerSubscriptionId,
        payload: JSON.stringify(event.payload),
      })
      .onConflict((conflict) => conflict.columns(["provider", "event_id"]).doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
  }

  /** The provider's subscription id in the first event about an order that names one. */
  async firstProviderSubscriptionId(orderId: string): Promise<string | undefined> {
    const event = await this.#db
      .selectFrom("payment_events")
      .select("provider_subscription_id")
      .where("order_id", "=", orderId)
      .where("provider_subscription_id", "is not", null)
      .orderBy("id")
      .executeTakeFirst();
    return event?.provider_subscription_id ?? undefined;
  }
}
