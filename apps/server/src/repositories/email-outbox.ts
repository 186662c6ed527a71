import type { Kysely } from "kysely";
import type { Database, EmailOutboxRow } from "../db/schema.ts";

export interface NewOutboxEmail {
  to: string;
  subject: string;
  kind: string;
  text: string;
  html: string;
}

/** Addresses are stored and looked up trimmed and lower-cased. */
export function normalizeAddress(address: string): string {
  return address.trim().toLowerCase();
}

export class EmailOutboxRepository {
  readonly #db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.#db = db;
  }

  async insert(email: NewOutboxEmail): Promise<EmailOutboxRow> {
    return this.#db
      .insertInto("email_outbox")
      .values({
        to_address: normalizeAddress(email.to),
        subject: email.subject,
        kind: email.kind,
        text_body: email.text,
        html_body: email.html,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /** Newest first, optionally only the emails to one address. */
  async list(filter: { to?: string | undefined; limit: number }): Promise<EmailOutboxRow[]> {
    let query = this.#db.selectFrom("email_outbox").selectAll();
    if (filter.to !== undefined) query = query.where("to_address", "=", normalizeAddress(filter.to));
    return query.orderBy("created_at", "desc").orderBy("id", "desc").limit(filter.limit).execute();
  }

  async findById(id: number): Promise<EmailOutboxRow | undefined> {
    return this.#db.selectFrom("email_outbox").selectAll().where("id", "=", id).executeTakeFirst();
  }
}
