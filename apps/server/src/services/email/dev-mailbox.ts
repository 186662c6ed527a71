import type { Kysely } from "kysely";
import type { Database, EmailOutboxRow } from "../../db/schema.ts";
import { EmailOutboxRepository } from "../../repositories/email-outbox.ts";

/** An email as the developer mailbox shows it. */
export interface MailboxEmail {
  id: number;
  to: string;
  subject: string;
  kind: string;
  text: string;
  html: string;
  created_at: string;
}

/** The emails the outbox kept instead of sending (no SMTP_URL), for /dev/mailbox (routes/dev-mailbox.ts). */
export class DevMailbox {
  readonly #outbox: EmailOutboxRepository;

  constructor(db: Kysely<Database>) {
    this.#outbox = new EmailOutboxRepository(db);
  }

  /** Newest first, optionally only the emails to one address. */
  async list(filter: { to?: string | undefined; limit: number }): Promise<MailboxEmail[]> {
    return (await this.#outbox.list(filter)).map(mailboxEmail);
  }

  async find(id: number): Promise<MailboxEmail | undefined> {
    const row = await this.#outbox.findById(id);
    return row && mailboxEmail(row);
  }
}

function mailboxEmail(row: EmailOutboxRow): MailboxEmail {
  return {
    id: row.id,
    to: row.to_address,
    subject: row.subject,
    kind: row.kind,
    text: row.text_body,
    html: row.html_body,
    created_at: row.created_at,
  };
}
