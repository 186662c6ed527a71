import type { Page } from "playwright-core";

export const TEST_CARDS = {
  approves: "4242 4242 4242 4242",
  declines: "4000 0000 0000 0002",
};

/** On the built-in test checkout's page (/pay/<order>): types a card and pays. */
export async function payWithCard(page: Page, card: string) {
  await page.waitForURL((url) => url.pathname.startsWith("/pay/"));
  await page.getByTestId("test-mode-ribbon").waitFor();
  await page.getByTestId("card-number").fill(card);
  await page.getByTestId("card-expiry").fill("12/39");
  await page.getByTestId("card-cvc").fill("123");
  await page.getByTestId("card-name").fill("Sam Tester");
  await page.getByTestId("pay-button").click();
}

/** The return page (/checkout?order=…) once the payment is confirmed: its outcome. */
export async function checkoutOutcome(page: Page): Promise<string | null> {
  await page.waitForURL((url) => url.pathname === "/checkout" && url.searchParams.has("order"));
  const result = page.locator('[data-testid="checkout-result"]:not([data-state="confirming"])');
  await result.waitFor({ timeout: 20_000 });
  return result.getAttribute("data-state");
}

/** Buys a token package at the test checkout, from its checkout page (on `base`, another server, if given). */
export async function buyTokens(page: Page, packageId: string, base = "") {
  await page.goto(`${base}/checkout?package=${packageId}`);
  await page.getByTestId("checkout-pay").click();
  await payWithCard(page, TEST_CARDS.approves);
  const outcome = await checkoutOutcome(page);
  if (outcome !== "tokens-added") throw new Error(`buying ${packageId} ended ${outcome}`);
}

/** The balance in the top bar. */
export async function tokenCount(page: Page): Promise<number> {
  const text = await page.getByTestId("nav-token-count").first().textContent();
  return Number((text ?? "").replace(/[^0-9]/g, ""));
}
