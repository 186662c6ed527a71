import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";

export interface NewAnalyticsEvent {
  clientId: string;
  sessionId: string;
  userId: string | null;
  event: string;
  props: Record<string, unknown>;
  occurredAt: string;
}

export class AnalyticsEventRepository {
  readonly #db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.#db = db;
  }

  /** Stores the events and answers their ids, in order. */
  async insert(events: NewAnalyticsEvent[], receivedAt: string): Promise<number[]> {
    if (events.length === 0) return [];
    const rows = await this.#db
      .insertInto("analytics_events")
      .values(
        events.map((event) => ({
          client_id: event.clientId,
          session_id: event.sessionId,
          user_id: event.userId,
          event: event.event,
          props: JSON.stringify(event.props),
          occurred_at: event.occurredAt,
          received_at: receivedAt,
        })),
      )
      .returning("id")
      .execute();
    return rows.map((row) => row.id);
  }

  /** Deletes the events received before the time; answers how many. */
  async deleteReceivedBefore(cutoff: string): Promise<number> {
    const result = await this.#db.deleteFrom("analytics_events").where("received_at", "<", cutoff).execute();
    return result.reduce((sum, row) => sum + Number(row.numDeletedRows), 0);
  }

  byIds(ids: number[]) {
    if (ids.length === 0) return Promise.resolve([]);
    return this.#db.selectFrom("analytics_events").selectAll().where("id", "in", ids).orderBy("id").execute();
  }

  /** Each distinct (event, client) pair among the given events since the time. */
  async clientsByEvent(events: readonly string[], since: string) {
    return this.#db
      .selectFrom("analytics_events")
      .select(["event", "client_id"])
      .distinct()
      .where("event", "in", events)
      .where("occurred_at", ">=", since)
      .execute();
  }
}
