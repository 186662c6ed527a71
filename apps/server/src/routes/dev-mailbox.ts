import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { escapeHtml } from "../emails/templates.ts";
import type { Locality } from "../plugins/loopback-only.ts";
import type { DevMailbox, MailboxEmail } from "../services/email/dev-mailbox.ts";

/**
 * The developer mailbox: emails the outbox kept instead of sending (no SMTP_URL).
 * `GET /dev/mailbox` is a page for people; `GET /api/dev/mailbox` is JSON for browser tests, which
 * read reset codes and sign-in links from it. Never in production: with `enabled: false` the
 * plugin registers nothing, so both paths 404; with `enabled` (no SMTP_URL, not production) they
 * answer loopback clients only and 404 for everyone else, since a reset code in the mailbox is an
 * account. Register it at the root (it owns both prefixes).
 * The routes are left out of the OpenAPI document, which describes the production API.
 */

const mailboxQuerySchema = z.object({
  to: z
    .string()
    .trim()
    .max(320)
    .optional()
    .transform((value) => value || undefined),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

const mailboxItemSchema = z.object({
  id: z.number().int(),
  to: z.string(),
  subject: z.string(),
  kind: z.string(),
  text: z.string(),
  html: z.string(),
  created_at: z.string(),
});

const notFoundSchema = z.object({ statusCode: z.number(), error: z.string(), message: z.string() });

export const devMailboxRoutes: FastifyPluginAsyncZod<{
  mailbox: DevMailbox;
  enabled: boolean;
  locality: Locality;
}> = async (app, options) => {
  if (!options.enabled) return;
  app.addHook("onRequest", options.locality.loopbackOnly);
  const { mailbox } = options;

  app.get(
    "/api/dev/mailbox",
    {
      schema: {
        hide: true,
        summary: "Emails kept in the outbox, newest first (development only)",
        querystring: mailboxQuerySchema,
        response: { 200: z.object({ items: z.array(mailboxItemSchema) }) },
      },
    },
    async (request, reply) => {
      const emails = await mailbox.list({ to: request.query.to, limit: request.query.limit });
      return reply.header("cache-control", "no-store").send({ items: emails });
    },
  );

  app.get(
    "/api/dev/mailbox/:id",
    {
      schema: {
        hide: true,
        summary: "One email from the outbox (development only)",
        params: z.object({ id: z.coerce.number().int().positive() }),
        response: { 200: mailboxItemSchema, 404: notFoundSchema },
      },
    },
    async (request, reply) => {
      const email = await mailbox.find(request.params.id);
      if (!email) {
        return reply
          .code(404)
          .send({ statusCode: 404, error: "not_found", message: `No email ${request.params.id}` });
      }
      return reply.header("cache-control", "no-store").send(email);
    },
  );

  app.get(
    "/dev/mailbox",
    { schema: { hide: true, querystring: mailboxQuerySchema } },
    async (request, reply) => {
      const emails = await mailbox.list({ to: request.query.to, limit: request.query.limit });
      return reply
        .type("text/html; charset=utf-8")
        .header("cache-control", "no-store")
        .send(mailboxPage(emails, request.query.to));
    },
  );
};

const URL_PATTERN = /https?:\/\/[^\s<>"']+[^\s<>"'.,;:!?)\]]/g;

/** Escapes plain text and turns its http(s) URLs into links. */
function linkify(text: string): string {
  let html = "";
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const url = escapeHtml(match[0]);
    html += `${escapeHtml(text.slice(last, match.index))}<a href="${url}" target="_blank" rel="noopener">${url}</a>`;
    last = match.index + match[0].length;
  }
  return html + escapeHtml(text.slice(last));
}

/** Links inside the sandboxed frame open in a new tab (the sandbox allows popups, nothing else). */
function frameDocument(html: string): string {
  const base = '<base target="_blank">';
  return /<head[^>]*>/i.test(html) ? html.replace(/<head[^>]*>/i, (head) => head + base) : base + html;
}

function formatTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return `${date.toISOString().slice(0, 19).replace("T", " ")} UTC`;
}

function messageCard(email: MailboxEmail): string {
  const links = [...new Set(email.text.match(URL_PATTERN) ?? [])];
  const linkList = links.length
    ? `<p class="links"><span>Links</span>${links
        .map((link) => `<a href="${escapeHtml(link)}" target="_blank" rel="noopener">${escapeHtml(link)}</a>`)
        .join("")}</p>`
    : "";
  const body = email.html.trim()
    ? `<iframe title="${escapeHtml(email.subject)}" sandbox="allow-popups allow-popups-to-escape-sandbox" loading="lazy" srcdoc="${escapeHtml(frameDocument(email.html))}"></iframe>
    <details><summary>Plain text</summary><pre>${linkify(email.text)}</pre></details>`
    : `<pre>${linkify(email.text)}</pre>`;
  return `<article class="message" id="email-${email.id}" data-email-id="${email.id}">
  <header>
    <h2>${escapeHtml(email.subject)}</h2>
    <dl>
      <div><dt>To</dt><dd><a href="/dev/mailbox?to=${encodeURIComponent(email.to)}">${escapeHtml(email.to)}</a></dd></div>
      <div><dt>Kind</dt><dd><span class="kind">${escapeHtml(email.kind)}</span></dd></div>
      <div><dt>Time</dt><dd><time datetime="${escapeHtml(email.created_at)}">${escapeHtml(formatTime(email.created_at))}</time></dd></div>
    </dl>
  </header>
  ${linkList}
  ${body}
</article>`;
}

const STYLES = `
  :root { color-scheme: dark; --bg: #0f0c14; --card: #1b1624; --border: #2e2639; --text: #f4eff8;
    --muted: #b5aac2; --accent: #e8457c; }
  * { box-sizing: border-box; }
  body { margin: 0; background: var(--bg); color: var(--text);
    font: 15px/1.5 -apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, Helvetica, Arial, sans-serif; }
  a { color: var(--accent); }
  .page { max-width: 880px; margin: 0 auto; padding: 32px 16px 64px; }
  .top h1 { margin: 0; font-size: 24px; }
  .top h1 span { color: var(--accent); }
  .top p { margin: 4px 0 16px; color: var(--muted); }
  form { display: flex; flex-wrap: wrap; gap: 8px; align-items: center; margin-bottom: 24px; }
  input { flex: 1 1 240px; padding: 9px 12px; border-radius: 8px; border: 1px solid var(--border);
    background: var(--card); color: var(--text); font: inherit; }
  button { padding: 9px 16px; border: 0; border-radius: 8px; background: var(--accent); color: #fff;
    font: inherit; font-weight: 600; cursor: pointer; }
  .count { color: var(--muted); margin: 0 0 12px; }
  .message { background: var(--card); border: 1px solid var(--border); border-radius: 14px;
    padding: 18px 20px; margin-bottom: 20px; }
  .message h2 { margin: 0 0 8px; font-size: 18px; }
  dl { display: flex; flex-wrap: wrap; gap: 4px 24px; margin: 0 0 12px; color: var(--muted); font-size: 14px; }
  dl div { display: flex; gap: 6px; }
  dt { font-weight: 600; }
  dd { margin: 0; }
  .kind { padding: 1px 8px; border-radius: 999px; border: 1px solid var(--border); font-size: 12px; }
  .links { display: flex; flex-direction: column; gap: 2px; margin: 0 0 12px; font-size: 14px;
    overflow-wrap: anywhere; }
  .links span { color: var(--muted); font-weight: 600; }
  iframe { display: block; width: 100%; height: 640px; border: 1px solid var(--border); border-radius: 10px;
    background: #0f0c14; resize: vertical; }
  details { margin-top: 10px; color: var(--muted); }
  summary { cursor: pointer; }
  pre { white-space: pre-wrap; overflow-wrap: anywhere; margin: 8px 0 0; padding: 12px; border-radius: 8px;
    background: var(--bg); color: var(--text); font: 13px/1.5 ui-monospace, Menlo, Consolas, monospace; }
  .empty { padding: 32px; text-align: center; color: var(--muted); border: 1px dashed var(--border);
    border-radius: 14px; }
`;

function mailboxPage(emails: MailboxEmail[], to: string | undefined): string {
  const filterNote = to ? ` to <strong>${escapeHtml(to)}</strong>` : "";
  const list = emails.length
    ? `<p class="count">${emails.length} email${emails.length === 1 ? "" : "s"}${filterNote}, newest first.</p>\n${emails.map(messageCard).join("\n")}`
    : `<p class="empty">No emails${filterNote} yet. Ask for a password reset or a sign-in link and reload this page.</p>`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Dev mailbox · Reverie</title>
<style>${STYLES}</style>
</head>
<body>
<div class="page">
  <header class="top">
    <h1><span>&#9679;</span> Reverie dev mailbox</h1>
    <p>Emails the server kept instead of sending, because SMTP_URL is not set. This page does not exist in production.</p>
  </header>
  <form method="get" action="/dev/mailbox">
    <input type="email" name="to" placeholder="Filter by recipient" value="${escapeHtml(to ?? "")}" aria-label="Recipient">
    <button type="submit">Filter</button>
    <a href="/dev/mailbox">Show all</a>
  </form>
  ${list}
</div>
</body>
</html>`;
}
