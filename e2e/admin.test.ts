import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { makeAdmin, signUp } from "./support/admin.ts";
import { useBrowser, VIEWPORTS } from "./support/browser.ts";
import { uniqueEmail } from "./support/chat.ts";

const browser = useBrowser();

async function openUser(operator: Page, email: string) {
  await operator.goto("/admin/users");
  await operator.getByLabel("Email, name or user id").fill(email);
  await operator.getByRole("button", { name: "Search" }).click();
  await operator.getByRole("link", { name: email }).click();
  await operator.getByTestId("admin-user-detail").waitFor();
}

describe("the admin console", () => {
  it("an admin made by the command grants tokens (live in the user's tab) and bans (their tab signs out)", async () => {
    const operator = await browser.newPage();
    const operatorEmail = uniqueEmail("operator");
    await signUp(operator, operatorEmail);
    await makeAdmin(operatorEmail);

    const member = await browser.newPage();
    const memberEmail = uniqueEmail("member");
    await signUp(member, memberEmail);
    await member.goto("/");
    await member.getByTestId("nav-token-count").filter({ hasText: /^0$/ }).first().waitFor();
    const memberToken = await member.evaluate(() => localStorage.getItem("_accessToken"));

    await operator.goto("/admin");
    await operator.getByRole("navigation", { name: "Admin sections" }).waitFor();
    await openUser(operator, memberEmail);
    await operator.getByTestId("admin-tokens-amount").fill("75");
    await operator.getByTestId("admin-tokens-reason").fill("Welcome gift");
    await operator.getByRole("button", { name: "Grant tokens" }).click();
    await operator.getByText("Granted 75 tokens. Balance: 75.").waitFor();
    await operator.getByTestId("admin-user-balance").filter({ hasText: "75" }).waitFor();
    // the member's open tab shows it without a reload
    await member.getByTestId("nav-token-count").filter({ hasText: /^75$/ }).first().waitFor();

    await operator.getByTestId("admin-ban-reason").fill("Abuse report 7");
    await operator.getByRole("button", { name: "Ban this user" }).click();
    await operator.getByText("Abuse report 7").first().waitFor();
    // the member's socket closes and the tab lands on the sign-in screen
    await member.waitForURL((url) => url.pathname === "/login", { timeout: 15_000 });
    const status = await member.evaluate(async (token) => {
      const response = await fetch("/api/user", { headers: { Authorization: `Bearer ${token}` } });
      return response.status;
    }, memberToken);
    expect(status).toBe(401);

    await operator.goto("/admin/audit");
    await operator.getByTestId("audit-entry").filter({ hasText: "user.banned" }).first().waitFor();
    await operator.getByTestId("audit-entry").filter({ hasText: "user.tokens_granted" }).first().waitFor();
  });

  it("fits a 375 px phone", async () => {
    const operator = await browser.newPage(VIEWPORTS.mobile);
    const email = uniqueEmail("phone-operator");
    await signUp(operator, email);
    await makeAdmin(email);
    await openUser(operator, email);
    await operator.getByRole("button", { name: "Grant tokens" }).waitFor();
    const width = await operator.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(VIEWPORTS.mobile.width);
    await operator.goto("/admin/users");
    await operator.getByTestId("admin-user-results").waitFor();
    expect(await operator.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      VIEWPORTS.mobile.width,
    );
  });
});
