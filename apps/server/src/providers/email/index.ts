import type { Kysely } from "kysely";
import type { AppConfig } from "../../config.ts";
import type { Database } from "../../db/schema.ts";
import type { ComponentStatus, HealthCheck } from "../../lib/health-check.ts";
import { OutboxEmailSender } from "./outbox.ts";
import { SmtpEmailSender } from "./smtp.ts";

export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** "password_reset", "magic_link", or another kind; stored with outbox emails */
  kind: "password_reset" | "magic_link" | string;
}

export interface EmailSender {
  send(email: OutgoingEmail): Promise<void>;
  /** For logs and the health report; never contains credentials. */
  readonly description: string;
  /** The provider's status for the health report (see emailHealthCheck). */
  check?(): Promise<ComponentStatus>;
  /** Releases pooled connections (SMTP only); call on shutdown. */
  close?(): Promise<void>;
}

/** The logger the outbox writes to (a pino/Fastify logger fits). */
export interface EmailLog {
  info(obj: object, msg: string): void;
}

/** The "email" entry of the health report's providers. */
export function emailHealthCheck(sender: EmailSender): HealthCheck {
  return {
    name: "email",
    check: async () => (sender.check ? sender.check() : { status: "ok", detail: sender.description }),
  };
}

/** SMTP when SMTP_URL is set; otherwise the database outbox (plus /dev/mailbox outside production). */
export function createEmailSender(deps: {
  config: Pick<AppConfig, "email" | "devTools" | "publicUrl">;
  db: Kysely<Database>;
  log: EmailLog;
}): EmailSender {
  const { email, devTools, publicUrl } = deps.config;
  if (email.smtpUrl) return new SmtpEmailSender({ smtpUrl: email.smtpUrl, from: email.from });
  return new OutboxEmailSender({ db: deps.db, log: deps.log, devTools, publicUrl });
}

export { OutboxEmailSender } from "./outbox.ts";
export { SmtpEmailSender } from "./smtp.ts";
