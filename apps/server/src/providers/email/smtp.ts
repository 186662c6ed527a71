import nodemailer, { type Transporter } from "nodemailer";
import type { ComponentStatus } from "../../lib/health-check.ts";
import type { EmailSender, OutgoingEmail } from "./index.ts";

/** How long a successful or failed SMTP handshake answers the health check before it is tried again. */
const VERIFY_CACHE_MS = 60_000;

/**
 * Shorter than nodemailer's (2 minutes to connect): a user is waiting for their reset code.
 * Query parameters in SMTP_URL (e.g. `?connectionTimeout=30000`) still win.
 */
const TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

/** "smtp://user:secret@mail.example:587" → "smtp mail.example:587" (never the credentials). */
export function describeSmtpUrl(smtpUrl: string): string {
  const url = new URL(smtpUrl);
  const secure = url.protocol === "smtps:";
  return `${secure ? "smtps" : "smtp"} ${url.hostname}:${url.port || (secure ? "465" : "587")}`;
}

/** Sends through any SMTP server nodemailer can reach from a URL (smtp:// with STARTTLS, or smtps://). */
export class SmtpEmailSender implements EmailSender {
  readonly description: string;
  readonly #transport: Transporter;
  readonly #from: string;
  #lastCheck: { at: number; status: ComponentStatus } | undefined;

  constructor(options: { smtpUrl: string; from: string }) {
    this.#transport = nodemailer.createTransport({ url: options.smtpUrl, ...TIMEOUTS });
    this.#from = options.from;
    this.description = describeSmtpUrl(options.smtpUrl);
  }

  async send(email: OutgoingEmail): Promise<void> {
    await this.#transport.sendMail({
      from: this.#from,
      to: email.to,
      subject: email.subject,
      text: email.text,
      html: email.html,
      headers: { "X-Reverie-Kind": email.kind },
    });
  }

  /** Connects and authenticates without sending (nodemailer's verify), at most once a minute. */
  async check(): Promise<ComponentStatus> {
    const now = Date.now();
    if (this.#lastCheck && now - this.#lastCheck.at < VERIFY_CACHE_MS) return this.#lastCheck.status;
    let status: ComponentStatus;
    try {
      await this.#transport.verify();
      status = { status: "ok", detail: this.description };
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      status = { status: "degraded", detail: `${this.description}: ${reason}` };
    }
    this.#lastCheck = { at: now, status };
    return status;
  }

  async close(): Promise<void> {
    this.#transport.close();
  }
}
