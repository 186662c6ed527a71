/**
 * Transactional emails: a subject, a plain-text body and an HTML body for each kind.
 *
 * The HTML follows what mail clients actually render: layout tables, inline styles only, no
 * scripts, no external CSS or images. It is dark by design (and declares `color-scheme`) so
 * clients that force a dark mode have nothing to invert. Everything interpolated into HTML is
 * escaped; links must be http(s).
 */

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

const BRAND = "Reverie";
const IGNORE_NOTE = "If you did not ask for this, ignore this email.";

const colors = {
  page: "#0f0c14",
  card: "#1b1624",
  border: "#2e2639",
  text: "#f4eff8",
  muted: "#b5aac2",
  faint: "#7f7490",
  accent: "#e8457c",
  accentText: "#ffffff",
  codeBackground: "#120e18",
} as const;

const fontStack = "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";
const monoStack = "'SFMono-Regular', Menlo, Consolas, 'Liberation Mono', 'Courier New', monospace";

/** Escapes text for HTML element content and double-quoted attribute values. */
export function escapeHtml(value: string): string {
  return value
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;");
}

/** Only absolute http(s) links go into an email; anything else is a bug in the caller. */
function safeLink(link: string): string {
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    throw new Error(`email link is not an absolute URL: ${link}`);
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") {
    throw new Error(`email link must be http(s), got ${url.protocol}`);
  }
  return url.href;
}

/** "15 minutes", "1 hour", "2 hours", "1 day". */
export function formatDuration(minutes: number): string {
  const plural = (count: number, unit: string) => `${count} ${unit}${count === 1 ? "" : "s"}`;
  if (minutes >= 1440 && minutes % 1440 === 0) return plural(minutes / 1440, "day");
  if (minutes >= 60 && minutes % 60 === 0) return plural(minutes / 60, "hour");
  return plural(Math.max(1, Math.round(minutes)), "minute");
}

function paragraph(html: string, style = ""): string {
  return `<p style="margin:0 0 16px 0;font-family:${fontStack};font-size:16px;line-height:24px;color:${colors.muted};${style}">${html}</p>`;
}

/** A "bulletproof" button: a table cell with a background, so it renders in Outlook too. */
function button(href: string, label: string): string {
  return `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:8px 0 24px 0;">
  <tr>
    <td align="center" bgcolor="${colors.accent}" style="border-radius:10px;background-color:${colors.accent};">
      <a href="${escapeHtml(href)}" target="_blank" rel="noopener" style="display:inline-block;padding:14px 28px;font-family:${fontStack};font-size:16px;font-weight:600;line-height:20px;color:${colors.accentText};text-decoration:none;border-radius:10px;">${escapeHtml(label)}</a>
    </td>
  </tr>
</table>`;
}

/** Codes up to this length fit a phone in the large type; longer ones get smaller type and wrap. */
const SHORT_CODE_LENGTH = 8;

/**
 * The code, large and selectable as one word. A long code (the 24-character reset token) would be
 * far wider than a phone in the large letter-spaced type, so it is set smaller and may break
 * anywhere; the line break is only visual, copying still gives the code without spaces.
 */
function codeBox(code: string): string {
  const type =
    code.length <= SHORT_CODE_LENGTH
      ? "font-size:34px;line-height:40px;letter-spacing:8px;"
      : "font-size:22px;line-height:32px;letter-spacing:2px;";
  return `<table role="presentation" cellpadding="0" cellspacing="0" border="0" width="100%" style="margin:8px 0 24px 0;table-layout:fixed;">
  <tr>
    <td align="center" bgcolor="${colors.codeBackground}" style="padding:20px 12px;background-color:${colors.codeBackground};border:1px solid ${colors.border};border-radius:12px;word-break:break-all;overflow-wrap:anywhere;">
      <span style="font-family:${monoStack};font-weight:700;${type}color:${colors.text};word-break:break-all;overflow-wrap:anywhere;user-select:all;-webkit-user-select:all;">${escapeHtml(code)}</span>
    </td>
  </tr>
</table>`;
}

/** The link spelled out, for clients that block buttons or readers who prefer to copy it. */
function fallbackLink(href: string): string {
  return paragraph(
    `If the button does not work, copy this link into your browser:<br><a href="${escapeHtml(href)}" target="_blank" rel="noopener" style="color:${colors.accent};word-break:break-all;">${escapeHtml(href)}</a>`,
    `font-size:13px;line-height:20px;color:${colors.faint};`,
  );
}

function layout(input: { title: string; preheader: string; body: string; footnote?: string }): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<meta name="supported-color-schemes" content="light dark">
<title>${escapeHtml(input.title)}</title>
</head>
<body style="margin:0;padding:0;background-color:${colors.page};">
<div style="display:none;max-height:0;overflow:hidden;opacity:0;color:transparent;">${escapeHtml(input.preheader)}</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" bgcolor="${colors.page}" style="background-color:${colors.page};">
  <tr>
    <td align="center" style="padding:32px 16px;">
      <table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:520px;">
        <tr>
          <td style="padding:0 8px 20px 8px;font-family:${fontStack};font-size:22px;font-weight:700;letter-spacing:0.5px;color:${colors.text};">
            <span style="color:${colors.accent};">&#9679;</span>&nbsp;${BRAND}
          </td>
        </tr>
        <tr>
          <td bgcolor="${colors.card}" style="padding:32px 28px;background-color:${colors.card};border:1px solid ${colors.border};border-radius:16px;">
            <h1 style="margin:0 0 16px 0;font-family:${fontStack};font-size:22px;line-height:30px;font-weight:700;color:${colors.text};">${escapeHtml(input.title)}</h1>
            ${input.body}
          </td>
        </tr>
        <tr>
          <td style="padding:20px 8px 0 8px;font-family:${fontStack};font-size:12px;line-height:18px;color:${colors.faint};">
            ${escapeHtml(input.footnote ?? IGNORE_NOTE)}<br>
            ${BRAND} is for adults (18+) only. This is an automatic message; replies are not read.
          </td>
        </tr>
      </table>
    </td>
  </tr>
</table>
</body>
</html>`;
}

function textLayout(lines: string[], footnote = IGNORE_NOTE): string {
  return [
    ...lines,
    "",
    footnote,
    "",
    `-- ${BRAND} (adults only). This is an automatic message; replies are not read.`,
    "",
  ].join("\n");
}

/** The password reset email: the code to type in (large, selectable) and, when given, a link that fills it in. */
export function passwordResetEmail(input: {
  code: string;
  link?: string | undefined;
  expiresInMinutes: number;
}): RenderedEmail {
  const expiry = formatDuration(input.expiresInMinutes);
  const link = input.link === undefined ? undefined : safeLink(input.link);
  // The code stays out of the subject: subjects show on lock screens and go into logs.
  const subject = `Reset your ${BRAND} password`;
  const html = layout({
    title: "Reset your password",
    preheader: `Your code is ${input.code}. It expires in ${expiry}.`,
    body: [
      paragraph("Someone (hopefully you) asked to reset the password of your account. Enter this code:"),
      codeBox(input.code),
      link ? paragraph("Or choose a new password straight away:") : "",
      link ? button(link, "Reset password") : "",
      paragraph(
        `The code${link ? " and the link" : ""} expire in <strong style="color:${colors.text};">${escapeHtml(expiry)}</strong> and work once.`,
      ),
      link ? fallbackLink(link) : "",
    ].join("\n"),
  });
  const text = textLayout([
    "Reset your password",
    "",
    "Someone (hopefully you) asked to reset the password of your account. Enter this code:",
    "",
    `    ${input.code}`,
    "",
    ...(link ? ["Or choose a new password straight away:", link, ""] : []),
    `The code${link ? " and the link" : ""} expire in ${expiry} and work once.`,
  ]);
  return { subject, text, html };
}

/** The sign-in ("magic") link email. */
export function magicLinkEmail(input: { link: string; expiresInMinutes: number }): RenderedEmail {
  const expiry = formatDuration(input.expiresInMinutes);
  const link = safeLink(input.link);
  const subject = `Your ${BRAND} sign-in link`;
  const html = layout({
    title: `Sign in to ${BRAND}`,
    preheader: `Your sign-in link expires in ${expiry}.`,
    body: [
      paragraph("Use the button below to sign in. No password needed."),
      button(link, `Sign in to ${BRAND}`),
      paragraph(
        `The link expires in <strong style="color:${colors.text};">${escapeHtml(expiry)}</strong> and works once.`,
      ),
      fallbackLink(link),
    ].join("\n"),
  });
  const text = textLayout([
    `Sign in to ${BRAND}`,
    "",
    "Open this link to sign in. No password needed:",
    "",
    link,
    "",
    `The link expires in ${expiry} and works once.`,
  ]);
  return { subject, text, html };
}

const BILLING_NOTE = "You get this email because of a payment on your account. Manage your plan in Settings.";

function money(cents: number, currency: string): string {
  return new Intl.NumberFormat("en-US", { style: "currency", currency: currency.toUpperCase() }).format(
    cents / 100,
  );
}

/** The receipt of a payment: what was bought, what it cost, and when premium renews. */
/** The link sent at sign-up (and from Settings) that proves the address. */
export function emailVerificationEmail(input: { link: string; expiresInMinutes: number }): RenderedEmail {
  const expiry = formatDuration(input.expiresInMinutes);
  const link = safeLink(input.link);
  const subject = `Confirm your email for ${BRAND}`;
  const html = layout({
    title: "Confirm your email",
    preheader: `Confirm the address of your ${BRAND} account.`,
    body: [
      paragraph(`Confirm that this address is yours, so that we can reach you about your ${BRAND} account.`),
      button(link, "Confirm my email"),
      paragraph(
        `The link expires in <strong style="color:${colors.text};">${escapeHtml(expiry)}</strong>. Didn't sign up? Ignore this email.`,
      ),
      fallbackLink(link),
    ].join("\n"),
  });
  const text = textLayout([
    "Confirm your email",
    "",
    `Open this link to confirm that this address is yours:`,
    "",
    link,
    "",
    `The link expires in ${expiry}. Didn't sign up? Ignore this email.`,
  ]);
  return { subject, text, html };
}

export function paymentReceiptEmail(input: {
  description: string;
  amountCents: number;
  currency: string;
  orderId: string;
  paidAt: Date;
  tokens?: number | undefined;
  renewsAt?: Date | undefined;
  settingsLink: string;
}): RenderedEmail {
  const amount = money(input.amountCents, input.currency);
  const date = input.paidAt.toISOString().slice(0, 10);
  const lines = [
    `${input.description}: ${amount}`,
    `Paid on ${date}, order ${input.orderId}.`,
    ...(input.tokens ? [`${input.tokens} tokens were added to your balance.`] : []),
    ...(input.renewsAt
      ? [`Premium renews on ${input.renewsAt.toISOString().slice(0, 10)}; cancel anytime in Settings.`]
      : []),
  ];
  const link = safeLink(input.settingsLink);
  const html = layout({
    title: "Thank you for your payment",
    preheader: `${input.description}: ${amount}`,
    body: [...lines.map((line) => paragraph(escapeHtml(line))), button(link, "Open Settings")].join("\n"),
    footnote: BILLING_NOTE,
  });
  const text = textLayout(
    ["Thank you for your payment", "", ...lines, "", `Settings: ${link}`],
    BILLING_NOTE,
  );
  return { subject: `Your ${BRAND} receipt: ${input.description}`, text, html };
}

/** A renewal that could not be charged: premium continues while the card is retried; how to fix it. */
export function renewalFailedEmail(input: { planName: string; updateLink: string }): RenderedEmail {
  const link = safeLink(input.updateLink);
  const lines = [
    `We couldn't renew your ${input.planName} plan: the payment didn't go through.`,
    "Your Premium stays on for now. Update your payment details to keep it.",
  ];
  const html = layout({
    title: "Your payment didn't go through",
    preheader: lines[0] ?? "",
    body: [...lines.map((line) => paragraph(escapeHtml(line))), button(link, "Update payment")].join("\n"),
    footnote: BILLING_NOTE,
  });
  const text = textLayout(["Your payment didn't go through", "", ...lines, "", link], BILLING_NOTE);
  return { subject: `Action needed: your ${BRAND} payment didn't go through`, text, html };
}

const ACCOUNT_NOTE = "You get this email because of a request made from your account.";

/** The archive of the user's data is ready: a link that works until it expires. */
export function dataExportReadyEmail(input: { link: string; expiresAt: Date }): RenderedEmail {
  const link = safeLink(input.link);
  const lines = [
    "The copy of your data you asked for is ready: your account, chats, characters, pictures and purchases, as JSON.",
    `The link works until ${input.expiresAt.toISOString().slice(0, 16).replace("T", " ")} UTC; after that the file is deleted.`,
  ];
  const html = layout({
    title: "Your data is ready",
    preheader: lines[0] ?? "",
    body: [...lines.map((line) => paragraph(escapeHtml(line))), button(link, "Download my data")].join("\n"),
    footnote: ACCOUNT_NOTE,
  });
  const text = textLayout(["Your data is ready", "", ...lines, "", link], ACCOUNT_NOTE);
  return { subject: `Your ${BRAND} data is ready`, text, html };
}

/** The account is gone: what was deleted and what is kept, anonymised. */
export function accountDeletedEmail(input: { privacyLink: string }): RenderedEmail {
  const link = safeLink(input.privacyLink);
  const lines = [
    "Your account has been deleted, with your chats, characters, pictures and profile. Every device was signed out.",
    "Payment and token records are kept without your name or email, because accounting and tax law require them. The privacy policy says what is kept and for how long.",
  ];
  const html = layout({
    title: "Your account was deleted",
    preheader: lines[0] ?? "",
    body: [...lines.map((line) => paragraph(escapeHtml(line))), button(link, "Privacy policy")].join("\n"),
    footnote: ACCOUNT_NOTE,
  });
  const text = textLayout(["Your account was deleted", "", ...lines, "", link], ACCOUNT_NOTE);
  return { subject: `Your ${BRAND} account was deleted`, text, html };
}
