import { describe, expect, it } from "vitest";
import { useBrowser } from "./support/browser.ts";
import { send, signUpAndOpenChat, storedReplies, uniqueEmail } from "./support/chat.ts";
import { buyTokens, tokenCount } from "./support/payments.ts";

const browser = useBrowser();

describe("voice bought with tokens (decision 35)", () => {
  it("a free user with tokens listens for 5 tokens, and asking for a voice message gets one", async () => {
    const page = await browser.newPage();
    await signUpAndOpenChat(page, uniqueEmail("voice-tokens"));
    await buyTokens(page, "tokens_100");

    await page.goto("/chat/1");
    await page.getByTestId("conversation").waitFor();
    const listen = page.getByTestId("voice-button").first();
    expect(await listen.textContent()).toBe("Listen · 5 tokens");
    await listen.click();
    await page.locator('[data-testid="voice-button"][data-status="playing"]').waitFor({ timeout: 30_000 });
    await expect.poll(() => tokenCount(page)).toBe(95);
    expect(await page.getByTestId("buy-tokens-modal").count()).toBe(0);
    expect(await page.getByTestId("premium-modal").count()).toBe(0);

    // a request for a voice message: a free message, 5 tokens, and the reply comes as voice
    const before = await storedReplies(page).count();
    await send(page, "Send me a voice message!");
    await expect.poll(() => storedReplies(page).count(), { timeout: 20_000 }).toBe(before + 1);
    const reply = storedReplies(page).last();
    await expect
      .poll(() => reply.getByTestId("voice-button").getAttribute("data-status"), { timeout: 30_000 })
      .toMatch(/^(pending|playing)$/);
    await reply.locator('[data-testid="voice-button"][data-status="playing"]').waitFor({ timeout: 30_000 });
    await expect.poll(() => tokenCount(page)).toBe(90);
  });
});
