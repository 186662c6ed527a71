import type { Insertable, Kysely } from "kysely";
import type { Database, MessageReportRow, MessageReportsTable } from "../db/schema.ts";

export type MessageReportWithPeople = MessageReportRow & {
  reporter_email: string | null;
  chat_owner_id: string | null;
  character_id: number | null;
  character_name: string | null;
};

export class MessageReportRepository {
  readonly #db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.#db = db;
  }

  /** The new report's id; undefined when this reporter reported this message already. */
  async insertOnce(report: Insertable<MessageReportsTable>): Promise<number | undefined> {
    const row = await this.#db
      .insertInto("message_reports")
      .values(report)
      .onConflict((conflict) => conflict.columns(["message_id", "reporter_id"]).doNothing())
      .returning("id")
      .executeTakeFirst();
    return row?.id;
  }

  #withPeople() {
    return this.#db
      .selectFrom("message_reports")
      .leftJoin("users", "users.id", "message_reports.reporter_id")
      .leftJoin("chats", "chats.id", "message_reports.chat_id")
      .leftJoin("characters", "characters.id", "chats.character_id")
      .selectAll("message_reports")
      .select([
        "users.email as reporter_email",
        "chats.user_id as chat_owner_id",
        "characters.id as character_id",
        "characters.name as character_name",
      ]);
  }

  /** Newest first; `before` is an id. */
  list(filter: {
    status?: MessageReportRow["status"] | undefined;
    before?: number | undefined;
    limit: number;
  }) {
    let query = this.#withPeople();
    if (filter.status) query = query.where("message_reports.status", "=", filter.status);
    if (filter.before !== undefined) query = query.where("message_reports.id", "<", filter.before);
    return query.orderBy("message_reports.id", "desc").limit(filter.limit).execute() as Promise<
      MessageReportWithPeople[]
    >;
  }

  find(id: number): Promise<MessageReportWithPeople | undefined> {
    return this.#withPeople().where("message_reports.id", "=", id).executeTakeFirst() as Promise<
      MessageReportWithPeople | undefined
    >;
  }

  /** Closes an open report; false when it was closed already (another moderator was first). */
  async resolve(
    id: number,
    resolution: { status: Exclude<MessageReportRow["status"], "open">; by: string; note: string },
  ): Promise<boolean> {
    const result = await this.#db
      .updateTable("message_reports")
      .set({
        status: resolution.status,
        resolved_by: resolution.by,
        resolved_at: new Date().toISOString(),
        resolution_note: resolution.note,
      })
      .where("id", "=", id)
      .where("status", "=", "open")
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }
}
