import { describe, expect, it } from "vitest";
import { useBrowser, VIEWPORTS } from "./support/browser.ts";
import { signUpAndOpenChat, uniqueEmail } from "./support/chat.ts";

const browser = useBrowser();

describe("/plans says what each plan and package gives (decision 37)", () => {
  it("shows each plan's tokens as they are granted, and every package's value per token", async () => {
    const page = await browser.newPage(VIEWPORTS.mobile);
    await signUpAndOpenChat(page, uniqueEmail("plans"));
    await page.goto("/plans");

    const grant = (planId: string) =>
      page.locator(`[data-testid="plan-card"][data-plan-id="${planId}"] [data-testid="plan-token-grant"]`);
    await grant("premium_1_year").waitFor();
    expect(await grant("premium_1_year").textContent()).toBe("100 tokens every month");
    expect(await grant("premium_7_days").textContent()).toBe("25 tokens every 7 days");

    const packages = page.getByTestId("plans-token-package");
    await expect.poll(() => packages.count()).toBe(6);
    expect(await packages.first().getByTestId("price-per-token").textContent()).toBe("10.0¢ per token");
    expect(await packages.last().getByTestId("price-per-token").textContent()).toBe("6.7¢ per token");
    expect(await packages.last().textContent()).toContain("Save 33%");
    expect(await page.getByTestId("allowance-worth").textContent()).toContain("$9.99");

    // a package opens its checkout, priced by the server
    await page.locator('[data-package-id="tokens_350"]').click();
    await page.waitForURL(
      (url) => url.pathname === "/checkout" && url.searchParams.get("package") === "tokens_350",
    );
    await page.getByTestId("checkout-pay").waitFor();
  });
});
