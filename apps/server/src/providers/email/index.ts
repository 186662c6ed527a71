import type { ComponentStatus, HealthCheck } from "../../lib/health-check.ts";

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

/** The "email" entry of the health report's providers. */
export function emailHealthCheck(sender: EmailSender): HealthCheck {
  return {
    name: "email",
    check: async () => (sender.check ? sender.check() : { status: "ok", detail: sender.description }),
  };
}

export { SmtpEmailSender } from "./smtp.ts";
