import { describe, expect, it } from "vitest";
import { makeAdmin, signUp } from "./support/admin.ts";
import { useBrowser, VIEWPORTS } from "./support/browser.ts";
import { uniqueEmail } from "./support/chat.ts";

const browser = useBrowser();

describe("the Dashboard, Payments and System screens", () => {
  async function operatorOn(viewport: { width: number; height: number }) {
    const page = await browser.newPage(viewport);
    const email = uniqueEmail("console-operator");
    await signUp(page, email);
    await makeAdmin(email);
    return page;
  }

  for (const [name, viewport] of Object.entries(VIEWPORTS)) {
    it(`render and fit a ${name} screen (${viewport.width} px)`, async () => {
      const page = await operatorOn(viewport);
      await page.goto("/admin");
      await page.getByTestId("admin-dashboard").waitFor();
      await page.getByTestId("admin-stats-totals").waitFor();
      await page.getByRole("tab", { name: "7 days" }).click();
      await page.waitForURL((url) => url.searchParams.get("days") === "7");
      await page.getByTestId("admin-chart-people").locator("svg").first().waitFor();
      await page.getByTestId("admin-funnel").waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        viewport.width,
      );

      await page.goto("/admin/payments");
      await page.getByTestId("admin-payments").waitFor();
      await page.getByRole("tab", { name: "Orders" }).click();
      await page.getByTestId("admin-orders-status").waitFor();
      await page.getByRole("tab", { name: "Subscriptions" }).click();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        viewport.width,
      );

      await page.goto("/admin/system");
      await page.getByTestId("admin-provider-llm").waitFor();
      await page.getByRole("tab", { name: "Jobs" }).click();
      await page.getByText("Recent failures").waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        viewport.width,
      );
    });
  }
});
