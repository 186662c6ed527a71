import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import {
  appLinkIn,
  continueWithGoogle,
  lastEmailTo,
  skipOverlays,
  useBrowser,
  VIEWPORTS,
} from "./support/browser.ts";
import { uniqueEmail } from "./support/chat.ts";
import { until } from "./support/wait.ts";

const browser = useBrowser();

async function signUp(page: Page, email: string, password: string) {
  await page.goto("/register");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Create account" }).click();
  await page.waitForFunction(() => localStorage.getItem("_accessToken") !== null);
}

async function signIn(page: Page, email: string, password: string) {
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await page.waitForFunction(() => localStorage.getItem("_accessToken") !== null);
}

const token = (page: Page) => page.evaluate(() => localStorage.getItem("_accessToken"));

describe("accounts in the browser", () => {
  it("registers and lands signed in on the onboarding, then logs out and back in to the home screen", async () => {
    const page = await browser.newPage();
    await skipOverlays(page, { gender: "female" });
    const email = uniqueEmail("register");
    await signUp(page, email, "first-pass");
    await page.waitForURL((url) => url.pathname === "/onboarding");
    // signed-in route set: /settings opens instead of redirecting to /login
    await page.goto("/settings");
    await page.getByRole("button", { name: "Log out" }).first().waitFor();
    expect(page.url()).toContain("/settings");

    await page.getByRole("button", { name: "Log out" }).first().click();
    await page.waitForFunction(() => localStorage.getItem("_accessToken") === null);
    await page.goto("/login");
    await signIn(page, email, "first-pass");
    // password hashing competes with the rest of the suite for two cores
    await page.waitForURL((url) => url.pathname === "/", { timeout: 30_000 });

    await page.evaluate(() => localStorage.removeItem("_accessToken"));
    await page.goto("/login");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill("wrong-pass");
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await page.getByText("Wrong email or password.").waitFor();
  });

  it("shows the spec's form messages", async () => {
    const page = await browser.newPage();
    await skipOverlays(page, { gender: "female" });
    await page.goto("/register");
    await page.getByRole("button", { name: "Create account" }).click();
    await page.getByText("Email is required.").waitFor();
    await page.getByLabel("Email").fill("not-an-email");
    await page.getByLabel("Password", { exact: true }).fill("123");
    await page.getByRole("button", { name: "Create account" }).click();
    await page.getByText("Email is not valid.").waitFor();
    await page.getByText("Please enter at least 6 characters.").waitFor();
  });

  it("resets a forgotten password with the code from the mailbox", async () => {
    const page = await browser.newPage();
    await skipOverlays(page, { gender: "female" });
    const email = uniqueEmail("reset");
    await signUp(page, email, "old-password");
    await page.evaluate(() => localStorage.removeItem("_accessToken"));

    await page.goto("/restore");
    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Send code" }).click();
    const mail = await lastEmailTo(browser.baseURL(), email);
    const link = new URL(appLinkIn(mail.text, browser.baseURL()));
    expect(link.pathname).toBe("/reset");

    await page.goto(`${link.pathname}${link.search}`);
    await page.getByLabel("New password").fill("new-password");
    await page.getByLabel("Repeat password").fill("new-password");
    await page.getByRole("button", { name: "Set new password" }).click();
    await page.waitForURL("**/login**");
    await signIn(page, email, "new-password");
  });

  it("signs in with an emailed link", async () => {
    const page = await browser.newPage();
    await skipOverlays(page, { gender: "female" });
    const email = uniqueEmail("link");
    await page.goto("/login");
    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Email me a sign-in link" }).click();
    const link = new URL(appLinkIn((await lastEmailTo(browser.baseURL(), email)).text, browser.baseURL()));
    expect(link.searchParams.get("mode")).toBe("signIn");
    await page.goto(`${link.pathname}${link.search}`);
    await page.waitForFunction(() => localStorage.getItem("_accessToken") !== null);
    const response = await fetch(`${browser.baseURL()}/api/user`, {
      headers: { authorization: `Bearer ${await token(page)}` },
    });
    expect((await response.json()).email).toBe(email);
  });

  it("confirms the email with the emailed link, and Settings says so (375 px)", async () => {
    const page = await browser.newPage(VIEWPORTS.mobile);
    await skipOverlays(page, { gender: "female" });
    const email = uniqueEmail("confirm");
    await signUp(page, email, "confirm-pass");
    await page.goto("/settings");
    await page.getByTestId("email-unverified").getByText("Email not confirmed yet").waitFor();

    const sent = await lastEmailTo(browser.baseURL(), email);
    expect(sent.subject).toBe("Confirm your email for Reverie");
    const link = new URL(appLinkIn(sent.text, browser.baseURL()));
    expect(link.pathname).toBe("/verify-email");
    await page.goto(`${link.pathname}${link.search}`);
    await page.getByTestId("verify-email-done").getByText("Your email is confirmed").waitFor();
    await page.screenshot({ path: "/tmp/shots/verify-email/confirmed-375.png" }).catch(() => undefined);

    await page.goto("/settings");
    await page.getByTestId("email-verified").getByText("Email confirmed").waitFor();
    // opened again, the link answers calmly (confirmed already) rather than failing
    await page.goto(`${link.pathname}${link.search}`);
    await page.getByTestId("verify-email-done").or(page.getByTestId("verify-email-error")).waitFor();
  });

  it("signs in with Google through a popup (local OpenID Connect server)", async () => {
    const page = await browser.newPage();
    await skipOverlays(page, { gender: "female" });
    await page.goto("/login");
    const popup = await continueWithGoogle(page);
    expect(popup.viewportSize()?.width ?? 500).toBeLessThanOrEqual(520);
    expect(popup.isClosed()).toBe(true);
  });

  it("sends an expired session to /login?source=ExpiredToken and back to where the user was", async () => {
    const page = await browser.newPage();
    await skipOverlays(page, { gender: "female" });
    const email = uniqueEmail("expired");
    await signUp(page, email, "secret-pass");
    await page.evaluate(() => localStorage.setItem("_accessToken", "expired-or-revoked-token"));
    await page.goto("/settings");
    await page.waitForURL("**/login?source=ExpiredToken");
    expect(await token(page)).toBeNull();
    await signIn(page, email, "secret-pass");
    await page.waitForURL("**/settings");
  });

  it("fits the password-reset and sign-in link emails on a 375 px phone", async () => {
    const email = uniqueEmail("narrow");
    const page = await browser.newPage();
    await skipOverlays(page, { gender: "female" });
    await signUp(page, email, "narrow-pass");
    const reset = await fetch(`${browser.baseURL()}/api/auth/password/restore`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email }),
    });
    expect(reset.ok).toBe(true);
    const link = await fetch(`${browser.baseURL()}/api/auth/magic-link`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email }),
    });
    expect(link.ok).toBe(true);

    const phone = await browser.newPage(VIEWPORTS.mobile);
    for (const kind of ["password_reset", "magic_link"]) {
      const html = await emailHtml(email, kind);
      await phone.setContent(html);
      const width = await phone.evaluate(() => document.documentElement.scrollWidth);
      expect(width, kind).toBeLessThanOrEqual(VIEWPORTS.mobile.width);
    }
  });

  it("shows the not-found screen at /admin to a signed-in user (nobody is an admin yet)", async () => {
    const page = await browser.newPage();
    await skipOverlays(page, { gender: "female" });
    await signUp(page, uniqueEmail("admin"), "admin-pass");
    await page.goto("/admin");
    await page.getByTestId("not-found").waitFor();
    await page.getByRole("heading", { name: "Page not found" }).waitFor();
    expect(await page.getByText("Tools for running Reverie").count()).toBe(0);
  });
});

/** The HTML of the newest email of a kind sent to an address (the dev mailbox of the test server). */
function emailHtml(to: string, kind: string): Promise<string> {
  return until(
    async () => {
      const response = await fetch(
        `${browser.baseURL()}/api/dev/mailbox?to=${encodeURIComponent(to)}&limit=20`,
      );
      const { items } = (await response.json()) as { items: { kind: string; html: string }[] };
      return items.find((item) => item.kind === kind)?.html;
    },
    `a ${kind} email to ${to}`,
    10_000,
  );
}
