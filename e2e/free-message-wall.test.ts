import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { arrangeAccount, useBrowser } from "./support/browser.ts";
import { send, signUpAndOpenChat, storedReplies, uniqueEmail } from "./support/chat.ts";
import { checkoutOutcome, payWithCard, TEST_CARDS, tokenCount } from "./support/payments.ts";

const browser = useBrowser();

const composer = (page: Page) => page.getByLabel(/^Message /);
const allowance = (page: Page) => page.getByTestId("message-allowance");
const userMessages = (page: Page) => page.locator('[data-testid="chat-message"][data-from="user"]');

/** Sends a message the account cannot pay for: the buy-tokens prompt opens and the text stays. */
async function hitTheWall(page: Page, email: string, text: string) {
  arrangeAccount(email, { free_msgs: 0 });
  await page.reload();
  await page.getByTestId("conversation").waitFor();
  await send(page, text);
  await page.getByTestId("buy-tokens-modal").waitFor();
  expect(await composer(page).inputValue()).toBe(text);
}

describe("the free-message wall (decision 37)", () => {
  it("counts the free messages down in the chat and warns before they run out", async () => {
    const page = await browser.newPage();
    const email = uniqueEmail("wall-count");
    await signUpAndOpenChat(page, email);
    expect(await allowance(page).textContent()).toBe("10 free messages left");
    expect(await allowance(page).getAttribute("data-tone")).toBe("quiet");

    arrangeAccount(email, { free_msgs: 3 });
    await page.reload();
    await page.getByTestId("conversation").waitFor();
    expect(await allowance(page).textContent()).toBe("Only 3 free messages left, then 1 token a message");
    expect(await allowance(page).getAttribute("data-tone")).toBe("low");

    const before = await storedReplies(page).count();
    await send(page, "Hi there, how are you?");
    await expect
      .poll(() => allowance(page).textContent())
      .toBe("Only 2 free messages left, then 1 token a message");
    await expect.poll(() => storedReplies(page).count(), { timeout: 20_000 }).toBe(before + 1);
  });

  it("keeps the typed text across the purchase and sends it after, when the user says so", async () => {
    const page = await browser.newPage();
    const email = uniqueEmail("wall-buy");
    await signUpAndOpenChat(page, email);
    const text = "Tell me about the best trip you ever took";
    await hitTheWall(page, email, text);

    // buy the smallest pack at the test checkout, from the prompt
    await page.locator('[data-testid="token-package"]').first().click();
    await page.waitForURL((url) => url.pathname === "/checkout");
    await page.getByTestId("checkout-pay").click();
    await payWithCard(page, TEST_CARDS.approves);
    expect(await checkoutOutcome(page)).toBe("tokens-added");
    await page.getByRole("link", { name: "Back to where you were" }).click();
    await page.waitForURL((url) => url.pathname === "/chat/1");
    await page.getByTestId("conversation").waitFor();

    // the text is back, and nothing is sent until the user says so
    expect(await composer(page).inputValue()).toBe(text);
    const offer = page.getByTestId("send-draft-offer");
    await offer.waitFor();
    expect(await offer.textContent()).toContain("Send your message now?");
    expect(await offer.textContent()).toContain(text);
    expect(await userMessages(page).count()).toBe(0);
    expect(await tokenCount(page)).toBe(100);
    expect(await allowance(page).textContent()).toBe("1 token a message · 100 tokens left");

    await offer.getByTestId("send-draft").click();
    await userMessages(page).filter({ hasText: text }).waitFor();
    await expect.poll(() => tokenCount(page)).toBe(99);
    expect(await page.getByTestId("send-draft-offer").count()).toBe(0);
    expect(await composer(page).inputValue()).toBe("");
    // sent once, and the draft is gone: a reload brings back neither the text nor the offer
    await page.reload();
    await page.getByTestId("conversation").waitFor();
    await userMessages(page).filter({ hasText: text }).waitFor();
    expect(await userMessages(page).filter({ hasText: text }).count()).toBe(1);
    expect(await composer(page).inputValue()).toBe("");
    expect(await page.getByTestId("send-draft-offer").count()).toBe(0);
  });

  it("'Not now' keeps the text in the box and sends nothing", async () => {
    const page = await browser.newPage();
    const email = uniqueEmail("wall-later");
    await signUpAndOpenChat(page, email);
    const text = "I will say this later";
    await hitTheWall(page, email, text);
    await page.getByRole("button", { name: "Close" }).click();

    // a renewed allowance (here set directly) makes the offer appear after a reload
    arrangeAccount(email, { free_msgs: 5 });
    await page.reload();
    const offer = page.getByTestId("send-draft-offer");
    await offer.waitFor();
    await offer.getByTestId("keep-draft").click();
    expect(await page.getByTestId("send-draft-offer").count()).toBe(0);
    expect(await composer(page).inputValue()).toBe(text);
    expect(await userMessages(page).count()).toBe(0);
  });
});
