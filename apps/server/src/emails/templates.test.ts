import { describe, expect, it } from "vitest";
import { escapeHtml, formatDuration, magicLinkEmail, passwordResetEmail } from "./templates.ts";

describe("passwordResetEmail", () => {
  const email = passwordResetEmail({
    code: "482913",
    link: "https://reverie.example/reset-password?code=482913&email=a%40b.c",
    expiresInMinutes: 15,
  });

  it("shows the code, the link and the expiry in both bodies", () => {
    expect(email.subject).toBe("Reset your Reverie password");
    expect(email.subject).not.toContain("482913");
    for (const body of [email.text, email.html]) {
      expect(body).toContain("482913");
      expect(body).toContain("15 minutes");
      expect(body).toContain("If you did not ask for this, ignore this email.");
    }
    expect(email.text).toContain("https://reverie.example/reset-password?code=482913&email=a%40b.c");
    expect(email.html).toContain(
      'href="https://reverie.example/reset-password?code=482913&amp;email=a%40b.c"',
    );
    expect(email.html).toContain("Reset password");
    expect(email.html).toContain("Reverie");
    expect(email.html).toContain('name="color-scheme"');
    expect(email.text).not.toMatch(/<[a-z]/i);
  });

  it("works without a link", () => {
    const codeOnly = passwordResetEmail({ code: "111222", expiresInMinutes: 60 });
    expect(codeOnly.html).toContain("111222");
    expect(codeOnly.html).not.toContain("<a href");
    expect(codeOnly.text).toContain("1 hour");
    expect(codeOnly.text).not.toContain("http");
  });

  it("escapes everything interpolated into the HTML", () => {
    const hostile = passwordResetEmail({
      code: `<script>alert("x")</script>`,
      link: `https://reverie.example/r?a="><img src=x onerror=alert(1)>`,
      expiresInMinutes: 10,
    });
    expect(hostile.html).not.toContain("<script>");
    expect(hostile.html).not.toContain("<img");
    expect(hostile.html).toContain("&lt;script&gt;");
  });

  it("lets a long code wrap, so it fits a phone (the e2e test measures it at 375 px)", () => {
    const codeStyle = (html: string) => html.match(/<span style="([^"]*user-select:all[^"]*)"/)?.[1] ?? "";
    const long = passwordResetEmail({ code: "Ab3dEf7hIj1lMn0pQr5tUv9x", expiresInMinutes: 60 });
    expect(codeStyle(long.html)).toContain("word-break:break-all");
    expect(codeStyle(long.html)).toContain("font-size:22px");
    const short = passwordResetEmail({ code: "482913", expiresInMinutes: 60 });
    expect(codeStyle(short.html)).toContain("font-size:34px");
  });

  it("refuses links that are not http(s)", () => {
    expect(() =>
      passwordResetEmail({ code: "1", link: "javascript:alert(1)", expiresInMinutes: 10 }),
    ).toThrow(/http/);
    expect(() => magicLinkEmail({ link: "/relative", expiresInMinutes: 10 })).toThrow(/absolute/);
  });
});

describe("magicLinkEmail", () => {
  it("has a sign-in button, the link as text and the expiry", () => {
    const link = "https://reverie.example/api/auth/magic-link/verify?token=abc&callbackURL=%2F";
    const email = magicLinkEmail({ link, expiresInMinutes: 5 });
    expect(email.subject).toBe("Your Reverie sign-in link");
    expect(email.text).toContain(link);
    expect(email.html).toContain(`href="${link.replace("&", "&amp;")}"`);
    expect(email.html).toContain("Sign in to Reverie");
    for (const body of [email.text, email.html]) {
      expect(body).toContain("5 minutes");
      expect(body).toContain("If you did not ask for this, ignore this email.");
    }
  });
});

describe("helpers", () => {
  it("escapes HTML", () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe("&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;");
  });

  it("formats durations", () => {
    expect(formatDuration(1)).toBe("1 minute");
    expect(formatDuration(15)).toBe("15 minutes");
    expect(formatDuration(90)).toBe("90 minutes");
    expect(formatDuration(120)).toBe("2 hours");
    expect(formatDuration(1440)).toBe("1 day");
  });
});
