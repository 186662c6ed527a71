import type { Kysely } from "kysely";
import type { AppConfig } from "../../config.ts";
import type { Database } from "../../db/schema.ts";
import { type EmailSender, SmtpEmailSender } from "../../providers/email/index.ts";
import { type EmailLog, OutboxEmailSender } from "./outbox-sender.ts";

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
