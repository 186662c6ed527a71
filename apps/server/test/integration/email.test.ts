import { once } from "node:events";
import type { AddressInfo } from "node:net";
import Fastify, { type FastifyInstance } from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config.ts";
import type { DatabaseHandle } from "../../src/db/database.ts";
import { migrateToLatest } from "../../src/db/migrator.ts";
import { magicLinkEmail, passwordResetEmail } from "../../src/emails/templates.ts";
import { registerErrorHandler } from "../../src/plugins/error-handler.ts";
import { createLocality } from "../../src/plugins/loopback-only.ts";
import { type EmailSender, emailHealthCheck, SmtpEmailSender } from "../../src/providers/email/index.ts";
import { EmailOutboxRepository } from "../../src/repositories/email-outbox.ts";
import { devMailboxRoutes } from "../../src/routes/dev-mailbox.ts";
import { createEmailSender } from "../../src/services/email/create-email-sender.ts";
import { DevMailbox } from "../../src/services/email/dev-mailbox.ts";
import { OutboxEmailSender } from "../../src/services/email/outbox-sender.ts";
import { createTestDatabase } from "../helpers/test-app.ts";

let database: DatabaseHandle;
let drop: () => Promise<void>;

beforeAll(async () => {
  ({ database, drop } = await createTestDatabase());
  await migrateToLatest(database);
});
afterAll(async () => {
  await drop();
});

function recordingLog() {
  const lines: { obj: object; msg: string }[] = [];
  return { lines, info: (obj: object, msg: string) => lines.push({ obj, msg }) };
}

const baseConfig = loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent" });

// --- a minimal MIME reader, enough for nodemailer's multipart/alternative output ---

interface MimePart {
  headers: Map<string, string>;
  body: string;
}

function parsePart(raw: string): MimePart {
  const end = raw.indexOf("\r\n\r\n");
  const headers = new Map<string, string>();
  for (const line of raw
    .slice(0, end)
    .replace(/\r\n[ \t]+/g, " ")
    .split("\r\n")) {
    const colon = line.indexOf(":");
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body: raw.slice(end + 4) };
}

function leafParts(part: MimePart): MimePart[] {
  const type = part.headers.get("content-type") ?? "";
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (!type.toLowerCase().startsWith("multipart/") || !boundary) return [part];
  return part.body
    .split(`--${boundary}`)
    .slice(1)
    .filter((chunk) => !chunk.startsWith("--"))
    .map((chunk) => parsePart(chunk.replace(/^\r\n/, "").replace(/\r\n$/, "")))
    .flatMap(leafParts);
}

function decodeBody(part: MimePart): string {
  const encoding = (part.headers.get("content-transfer-encoding") ?? "7bit").toLowerCase();
  if (encoding === "base64") return Buffer.from(part.body.replace(/\s+/g, ""), "base64").toString("utf8");
  if (encoding !== "quoted-printable") return part.body;
  const soft = part.body.replace(/=\r?\n/g, "");
  const bytes: number[] = [];
  for (let i = 0; i < soft.length; i++) {
    const hex = soft.slice(i + 1, i + 3);
    if (soft[i] === "=" && /^[0-9a-f]{2}$/i.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(soft[i] as string, "utf8"));
    }
  }
  return Buffer.from(bytes).toString("utf8");
}

describe("SMTP sender", () => {
  const received: { from: string; to: string[]; raw: string }[] = [];
  let server: SMTPServer;
  let port: number;

  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on("data", (chunk: Buffer) => chunks.push(chunk));
        stream.on("end", () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
            to: session.envelope.rcptTo.map((recipient) => recipient.address),
            raw: Buffer.concat(chunks).toString("utf8"),
          });
          callback();
        });
      },
    });
    server.listen(0, "127.0.0.1");
    await once(server.server, "listening");
    port = (server.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it("delivers a password reset email with text and HTML parts to a real SMTP server", async () => {
    const sender = createEmailSender({
      config: {
        ...baseConfig,
        email: { smtpUrl: `smtp://127.0.0.1:${port}`, from: "Reverie <hello@reverie.test>" },
      },
      db: database.db,
      log: recordingLog(),
    });
    expect(sender).toBeInstanceOf(SmtpEmailSender);
    expect(sender.description).toBe(`smtp 127.0.0.1:${port}`);
    expect(await emailHealthCheck(sender).check()).toEqual({ status: "ok", detail: sender.description });

    const link = "https://reverie.test/reset-password?email=ada%40example.com&code=730142";
    const content = passwordResetEmail({ code: "730142", link, expiresInMinutes: 15 });
    await sender.send({ to: "ada@example.com", kind: "password_reset", ...content });
    await sender.close?.();

    expect(received).toHaveLength(1);
    const [message] = received;
    expect(message?.from).toBe("hello@reverie.test");
    expect(message?.to).toEqual(["ada@example.com"]);

    const mail = parsePart(message?.raw ?? "");
    expect(mail.headers.get("to")).toBe("ada@example.com");
    expect(mail.headers.get("from")).toBe("Reverie <hello@reverie.test>");
    expect(mail.headers.get("subject")).toBe("Reset your Reverie password");
    expect(mail.headers.get("x-reverie-kind")).toBe("password_reset");
    expect(mail.headers.get("content-type")).toMatch(/^multipart\/alternative/);

    const parts = leafParts(mail);
    const text = parts.find((part) => part.headers.get("content-type")?.startsWith("text/plain"));
    const html = parts.find((part) => part.headers.get("content-type")?.startsWith("text/html"));
    expect(text && decodeBody(text)).toBe(content.text.replaceAll("\n", "\r\n"));
    expect(html && decodeBody(html)).toContain("730142");
    expect(html && decodeBody(html).replaceAll("\r\n", "\n")).toBe(content.html);

    // SMTP sends; it keeps nothing in the outbox
    expect(await new EmailOutboxRepository(database.db).list({ limit: 10 })).toEqual([]);
  });

  it("reports a server it cannot reach as degraded, and a send to it fails", async () => {
    const closed = new SMTPServer({ logger: false });
    closed.listen(0, "127.0.0.1");
    await once(closed.server, "listening");
    const deadPort = (closed.server.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));

    const sender = new SmtpEmailSender({
      smtpUrl: `smtp://user:secret@127.0.0.1:${deadPort}`,
      from: "x@y.z",
    });
    expect(sender.description).not.toContain("secret");
    const status = await sender.check();
    expect(status.status).toBe("degraded");
    expect(status.detail).not.toContain("secret");
    await expect(
      sender.send({ to: "a@b.c", subject: "s", text: "t", html: "<p>t</p>", kind: "test" }),
    ).rejects.toThrow();
    await sender.close();
  });
});

describe("outbox sender and the dev mailbox", () => {
  const log = recordingLog();
  let sender: EmailSender;
  const apps: FastifyInstance[] = [];

  async function mailboxApp(enabled: boolean) {
    const app = Fastify({ logger: false });
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    registerErrorHandler(app);
    await app.register(devMailboxRoutes, {
      mailbox: new DevMailbox(database.db),
      enabled,
      locality: createLocality(false),
    });
    await app.ready();
    apps.push(app);
    return app;
  }

  const resetLink = "https://reverie.test/reset-password?email=ada%40example.com&code=519203";
  const magicLink = "https://reverie.test/api/auth/magic-link/verify?token=tok_ada_2&callbackURL=%2F";

  beforeAll(async () => {
    sender = createEmailSender({ config: baseConfig, db: database.db, log });
    expect(sender).toBeInstanceOf(OutboxEmailSender);
    await sender.send({
      to: "ada@example.com",
      kind: "password_reset",
      ...passwordResetEmail({ code: "519203", link: resetLink, expiresInMinutes: 15 }),
    });
    await sender.send({
      to: "bob@example.com",
      kind: "welcome",
      subject: "Hello <b>there</b>",
      text: "Plain & simple",
      html: '<p title="x">Hello <b>there</b></p>',
    });
    await sender.send({
      to: "Ada@Example.com ",
      kind: "magic_link",
      ...magicLinkEmail({ link: magicLink, expiresInMinutes: 10 }),
    });
  });
  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
  });

  it("stores each email and logs one line without codes or links", async () => {
    const rows = await new EmailOutboxRepository(database.db).list({ limit: 10 });
    expect(rows.map((row) => row.to_address)).toEqual([
      "ada@example.com",
      "bob@example.com",
      "ada@example.com",
    ]);
    expect(log.lines).toHaveLength(3);
    expect(log.lines[0]?.obj).toMatchObject({
      to: "ada@example.com",
      subject: "Reset your Reverie password",
    });
    expect(log.lines[0]?.msg).toContain("/dev/mailbox");
    const logged = JSON.stringify(log.lines);
    for (const secret of ["519203", "tok_ada_2"]) expect(logged).not.toContain(secret);
    expect(await emailHealthCheck(sender).check()).toMatchObject({ status: "ok" });
  });

  it("never points at the mailbox in production and reports itself degraded", async () => {
    const productionLog = recordingLog();
    const production = createEmailSender({
      config: { ...baseConfig, devTools: false },
      db: database.db,
      log: productionLog,
    });
    // a separate address so the mailbox tests below do not see it
    await production.send({ to: "prod@example.com", kind: "test", subject: "s", text: "t", html: "h" });
    expect(JSON.stringify(productionLog.lines)).not.toContain("/dev/mailbox");
    expect(productionLog.lines[0]?.msg).toContain("SMTP_URL");
    expect((await production.check?.())?.status).toBe("degraded");
  });

  it("lists emails as JSON, newest first, filtered by recipient", async () => {
    const app = await mailboxApp(true);
    const all = await app.inject({ method: "GET", url: "/api/dev/mailbox" });
    expect(all.statusCode).toBe(200);
    const items = all.json().items as { id: number; to: string; created_at: string }[];
    expect(items.map((item) => item.to)).toEqual([
      "prod@example.com",
      "ada@example.com",
      "bob@example.com",
      "ada@example.com",
    ]);
    expect(items.map((item) => item.id)).toEqual(items.map((item) => item.id).toSorted((a, b) => b - a));
    for (const [index, item] of items.entries()) {
      if (index > 0) expect(item.created_at <= (items[index - 1]?.created_at ?? "")).toBe(true);
      expect(new Date(item.created_at).toISOString()).toBe(item.created_at);
    }

    const ada = await app.inject({ method: "GET", url: "/api/dev/mailbox?to=ADA%40example.com" });
    const adaItems = ada.json().items;
    expect(adaItems).toHaveLength(2);
    expect(adaItems[0]).toMatchObject({
      to: "ada@example.com",
      kind: "magic_link",
      subject: "Your Reverie sign-in link",
    });
    expect(adaItems[0].text).toContain(magicLink);
    expect(adaItems[0].html).toContain("Sign in to Reverie");
    expect(adaItems[1]).toMatchObject({ kind: "password_reset" });
    expect(adaItems[1].text).toContain("519203");
    expect(Object.keys(adaItems[0]).sort()).toEqual([
      "created_at",
      "html",
      "id",
      "kind",
      "subject",
      "text",
      "to",
    ]);

    const latest = await app.inject({ method: "GET", url: "/api/dev/mailbox?to=ada@example.com&limit=1" });
    expect(latest.json().items.map((item: { id: number }) => item.id)).toEqual([adaItems[0].id]);

    const one = await app.inject({ method: "GET", url: `/api/dev/mailbox/${adaItems[1].id}` });
    expect(one.json()).toEqual(adaItems[1]);
    expect((await app.inject({ method: "GET", url: "/api/dev/mailbox/999999" })).statusCode).toBe(404);
    expect((await app.inject({ method: "GET", url: "/api/dev/mailbox?limit=0" })).statusCode).toBe(400);
    const nobody = await app.inject({ method: "GET", url: "/api/dev/mailbox?to=nobody@example.com" });
    expect(nobody.json()).toEqual({ items: [] });
  });

  it("shows the emails on an HTML page, newest first, with the HTML sandboxed and links clickable", async () => {
    const app = await mailboxApp(true);
    const ids = (
      (await app.inject({ method: "GET", url: "/api/dev/mailbox" })).json().items as { id: number }[]
    ).map((item) => item.id);
    const page = await app.inject({ method: "GET", url: "/dev/mailbox" });
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toContain("text/html");
    const shown = [...page.body.matchAll(/data-email-id="(\d+)"/g)].map((match) => Number(match[1]));
    expect(shown).toEqual(ids);
    expect(page.body).toContain("Reset your Reverie password");
    expect(page.body).toContain("ada@example.com");
    expect(page.body).toMatch(
      /<iframe [^>]*sandbox="allow-popups allow-popups-to-escape-sandbox"[^>]*srcdoc="&lt;!doctype html&gt;/,
    );
    expect(page.body).toContain(`<a href="${magicLink.replace("&", "&amp;")}"`);
    expect(page.body).toContain(`<a href="${resetLink.replace("&", "&amp;")}"`);
    // subjects and bodies are escaped; the email's own HTML only exists inside srcdoc
    expect(page.body).toContain("Hello &lt;b&gt;there&lt;/b&gt;");
    expect(page.body).not.toContain("<b>there</b>");
    expect(page.body).not.toMatch(/<script/i);

    const filtered = await app.inject({ method: "GET", url: "/dev/mailbox?to=bob%40example.com" });
    expect([...filtered.body.matchAll(/data-email-id="(\d+)"/g)]).toHaveLength(1);
    expect(filtered.body).toContain('value="bob@example.com"');
    const empty = await app.inject({ method: "GET", url: "/dev/mailbox?to=nobody%40example.com" });
    expect(empty.statusCode).toBe(200);
    expect(empty.body).toContain("No emails");
  });

  it("does not exist when dev tools are off", async () => {
    const app = await mailboxApp(false);
    for (const url of [
      "/dev/mailbox",
      "/api/dev/mailbox",
      "/api/dev/mailbox?to=ada@example.com",
      "/api/dev/mailbox/1",
    ]) {
      expect((await app.inject({ method: "GET", url })).statusCode, url).toBe(404);
    }
  });
});
