import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import type { ComponentStatus } from "../../lib/health-check.ts";
import type { EmailSender, OutgoingEmail } from "../../providers/email/index.ts";
import { EmailOutboxRepository } from "../../repositories/email-outbox.ts";

/** The logger the outbox writes to (a pino/Fastify logger fits). */
export interface EmailLog {
  info(obj: object, msg: string): void;
}

/**
 * Keeps emails in the database instead of sending them (no SMTP_URL). Outside production they
 * are read at /dev/mailbox (dev-mailbox.ts). The log line names the recipient and subject only:
 * codes and links stay out of logs.
 *
 * An EmailSender like the SMTP provider, but not a provider: it writes our own table, which the
 * dev mailbox reads back, so it sits with the services and reaches the table through its
 * repository.
 */
export class OutboxEmailSender implements EmailSender {
  readonly description: string;
  readonly #outbox: EmailOutboxRepository;
  readonly #log: EmailLog;
  readonly #mailboxUrl: string | undefined;

  constructor(options: { db: Kysely<Database>; log: EmailLog; devTools: boolean; publicUrl: string }) {
    this.#outbox = new EmailOutboxRepository(options.db);
    this.#log = options.log;
    this.#mailboxUrl = options.devTools ? new URL("/dev/mailbox", options.publicUrl).href : undefined;
    this.description = this.#mailboxUrl
      ? `outbox in the database (no SMTP_URL); read at ${this.#mailboxUrl}`
      : "outbox in the database (no SMTP_URL): emails are not delivered";
  }

  async send(email: OutgoingEmail): Promise<void> {
    const row = await this.#outbox.insert(email);
    const fields = { emailId: row.id, to: row.to_address, subject: row.subject, kind: row.kind };
    if (this.#mailboxUrl) {
      this.#log.info(
        { ...fields, mailbox: this.#mailboxUrl },
        `email stored in the outbox; open ${this.#mailboxUrl}`,
      );
    } else {
      this.#log.info(fields, "email stored in the outbox, not delivered: set SMTP_URL to send email");
    }
  }

  /** Fine for development; in production nobody receives these emails, so it is degraded. */
  async check(): Promise<ComponentStatus> {
    return { status: this.#mailboxUrl ? "ok" : "degraded", detail: this.description };
  }
}
