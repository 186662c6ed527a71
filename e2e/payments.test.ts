import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { arrangeAccount, useBrowser } from "./support/browser.ts";
import { send, signUpAndOpenChat, uniqueEmail } from "./support/chat.ts";
import { TEST_CARDS as CARDS, checkoutOutcome, payWithCard, tokenCount } from "./support/payments.ts";

const browser = useBrowser();

async function analyticsEvents(page: Page) {
  return page.evaluate(
    () =>
      (window as unknown as { __reverieAnalytics?: { event: string; props: Record<string, unknown> }[] })
        .__reverieAnalytics ?? [],
  );
}

describe("payments in the browser (built-in test checkout)", () => {
  it("a free user goes premium from /plans, then a voice message plays", async () => {
    const page = await browser.newPage();
    await signUpAndOpenChat(page, uniqueEmail("premium"));
    await page.goto("/plans");
    const plan = page.locator('[data-testid="plan-card"][data-plan-id="premium_1_month"]');
    await plan.getByTestId("choose-plan").click();
    await payWithCard(page, CARDS.approves);
    expect(await checkoutOutcome(page)).toBe("premium-started");
    await page.getByTestId("nav-premium").first().waitFor();

    await page.goto("/chat/1");
    await page.getByTestId("conversation").waitFor();
    await page.getByTestId("voice-button").first().click();
    await page.locator('[data-testid="voice-button"][data-status="playing"]').waitFor({ timeout: 30_000 });
  });

  it("from a 402 in chat, buys a token pack, comes back and unlocks a private photo", async () => {
    const page = await browser.newPage();
    const email = uniqueEmail("tokens");
    await signUpAndOpenChat(page, email);
    arrangeAccount(email, { free_msgs: 0 });

    await send(page, "Send me a private photo");
    await page.getByTestId("buy-tokens-modal").waitFor();
    await page.locator('[data-testid="token-package"]').first().click();
    await page.waitForURL((url) => url.pathname === "/checkout");
    await page.getByTestId("checkout-pay").click();
    await payWithCard(page, CARDS.approves);
    expect(await checkoutOutcome(page)).toBe("tokens-added");
    await expect.poll(() => tokenCount(page)).toBe(100);

    // back to the chat the purchase started from
    await page.getByRole("link", { name: "Back to where you were" }).click();
    await page.waitForURL((url) => url.pathname === "/chat/1");
    await page.getByTestId("conversation").waitFor();
    await send(page, "Send me a private photo");
    const unlock = page.getByTestId("unlock-media").last();
    await unlock.waitFor({ timeout: 30_000 });
    await unlock.click();
    // the message cost 1 token and the photo 20
    await expect.poll(() => tokenCount(page), { timeout: 15_000 }).toBe(79);
    await expect.poll(() => page.getByTestId("unlock-media").count()).toBe(0);
  });

  it("buys a gallery pack with tokens: its items unlock and the balance drops once", async () => {
    const page = await browser.newPage();
    await signUpAndOpenChat(page, uniqueEmail("bundle"));
    await page.goto("/checkout?package=tokens_350");
    await page.getByTestId("checkout-pay").click();
    await payWithCard(page, CARDS.approves);
    expect(await checkoutOutcome(page)).toBe("tokens-added");

    await page.goto("/gallery");
    const card = page.locator('[data-testid="gallery-packs"] [data-testid="bundle-card"]').first();
    await card.waitFor();
    const price = Number(
      ((await card.getByTestId("bundle-price").textContent()) ?? "").replace(/[^0-9]/g, ""),
    );
    expect(price).toBeGreaterThan(0);
    const itemAnswers: { locked: boolean }[][] = [];
    page.on("response", async (response) => {
      if (/\/api\/bundles\/\d+\/items/.test(response.url()) && response.status() === 200) {
        itemAnswers.push(((await response.json()) as { items: { locked: boolean }[] }).items);
      }
    });
    await card.click();
    await page.getByTestId("bundle-unlock").click();
    await page.getByTestId("confirm-bundle-purchase").click();
    await page.getByTestId("bundle-unlocked").waitFor();
    await expect.poll(() => tokenCount(page)).toBe(350 - price);
    // the items come again, unlocked for their buyer
    await expect
      .poll(() => itemAnswers.some((items) => items.length > 0 && items.every((item) => !item.locked)), {
        timeout: 10_000,
      })
      .toBe(true);
    await page.reload();
    await expect.poll(() => tokenCount(page)).toBe(350 - price);
  });

  it("a declined card says Payment failed, and the return page tracks it", async () => {
    const page = await browser.newPage();
    await signUpAndOpenChat(page, uniqueEmail("declined"));
    await page.goto("/checkout?package=tokens_100");
    await page.getByTestId("checkout-pay").click();
    await payWithCard(page, CARDS.declines);
    const error = page.getByTestId("payment-error");
    await error.waitFor();
    expect(await error.textContent()).toMatch(/Payment failed/i);
    expect(await error.textContent()).toMatch(/declined/i);

    await page.getByTestId("back-to-app").click();
    expect(await checkoutOutcome(page)).toBe("failed");
    await expect
      .poll(async () =>
        (await analyticsEvents(page)).some((event) => event.event === "Token Purchase Failed"),
      )
      .toBe(true);
    expect(await tokenCount(page)).toBe(0);
  });
});
