import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { arrangeAccount, skipOverlays, useBrowser } from "./support/browser.ts";
import { send, signUpAndOpenChat, storedReplies, topChatSnippetShows, uniqueEmail } from "./support/chat.ts";

const browser = useBrowser();

type Frame = {
  action: string;
  message?: {
    type?: string;
    text?: string;
    status_information?: { status: string; data: { link?: string } };
  };
};

/** Every event the app's socket receives, parsed. */
function recordSocket(page: Page): Frame[] {
  const frames: Frame[] = [];
  page.on("websocket", (socket) => {
    socket.on("framereceived", ({ payload }) => {
      if (typeof payload !== "string" || payload === "pong") return;
      frames.push(JSON.parse(payload) as Frame);
    });
  });
  return frames;
}

/** Which test ids ever appeared in the page (transient ones such as the typing dots included). */
async function watchTestIds(page: Page) {
  await page.addInitScript(() => {
    const seen = new Set<string>();
    (window as unknown as { __seenTestIds: Set<string> }).__seenTestIds = seen;
    new MutationObserver(() => {
      for (const element of document.querySelectorAll("[data-testid]")) {
        seen.add(element.getAttribute("data-testid") ?? "");
      }
    }).observe(document, { childList: true, subtree: true });
  });
  return async () =>
    page.evaluate(() => [...(window as unknown as { __seenTestIds: Set<string> }).__seenTestIds]);
}

describe("chatting in the browser", () => {
  it("sends a message and shows typing, then the streamed reply", async () => {
    const page = await browser.newPage();
    const frames = recordSocket(page);
    const seenTestIds = await watchTestIds(page);
    await signUpAndOpenChat(page, uniqueEmail("chat"));
    const before = await storedReplies(page).count();

    await send(page, "Hi! My name is Sam and I love jazz.");
    // the user's message shows at once, then is confirmed
    await page
      .locator('[data-testid="chat-message"][data-from="user"]')
      .filter({ hasText: "I love jazz" })
      .waitFor();
    await expect.poll(() => storedReplies(page).count(), { timeout: 20_000 }).toBe(before + 1);

    // what the character learnt from the exchange (memory_update) may follow the reply: not about it
    const replyFrames = frames.filter((frame) => frame.action !== "memory_update");
    const sequence = replyFrames.map((frame) => `${frame.action}:${frame.message?.type}`);
    expect(sequence[0]).toBe("add:typing");
    expect(sequence).toContain("update:text");
    expect(sequence.at(-1)).toBe("add:text");
    expect(sequence.indexOf("update:text")).toBeLessThan(sequence.lastIndexOf("add:text"));
    expect(await seenTestIds()).toContain("typing-indicator");

    const reply = await storedReplies(page).last().getByTestId("message-text").textContent();
    expect(reply?.length).toBeGreaterThan(0);
    expect(replyFrames.at(-1)?.message?.text).toBe(reply);
    // HH:MM under each message; the chat tops the list with the reply as its last message
    expect(await storedReplies(page).last().locator("time").textContent()).toMatch(/^\d{2}:\d{2}$/);
    await topChatSnippetShows(page, reply);
    await expect.poll(() => page.getByTestId("send-button").isDisabled()).toBe(true); // empty composer
    await page.getByLabel(/^Message /).fill("Still there?");
    expect(await page.getByTestId("send-button").isDisabled()).toBe(false);
  });

  it("asks for a photo and the picture replaces the progress placeholder", async () => {
    const page = await browser.newPage();
    const frames = recordSocket(page);
    const seenTestIds = await watchTestIds(page);
    await signUpAndOpenChat(page, uniqueEmail("photo"));

    await send(page, "Send me a photo of you, please");
    const image = page.getByTestId("message-image").first();
    await image.waitFor({ timeout: 30_000 });
    expect(frames.map((frame) => `${frame.action}:${frame.message?.type}`)).toContain("add:start_generation");
    expect(await seenTestIds()).toContain("generation-placeholder");
    expect(await page.getByTestId("generation-placeholder").count()).toBe(0);
    await expect
      .poll(() =>
        image
          .locator("img")
          .evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth),
      )
      .toBeGreaterThan(0);
  });

  it("plays a character's message as voice for premium users", async () => {
    const page = await browser.newPage();
    const frames = recordSocket(page);
    const email = uniqueEmail("voice");
    await signUpAndOpenChat(page, email);
    arrangeAccount(email, { plan: "premium" });
    await page.reload();
    await page.getByTestId("conversation").waitFor();

    const voice = page.getByTestId("voice-button").first();
    await voice.click();
    await page.locator('[data-testid="voice-button"][data-status="playing"]').waitFor({ timeout: 30_000 });
    const statuses = frames
      .filter((frame) => frame.action === "status_change")
      .map((frame) => frame.message?.status_information?.status);
    expect(statuses).toEqual(["generating", "ready"]);
    const link = frames.find((frame) => frame.message?.status_information?.status === "ready")?.message
      ?.status_information?.data.link;
    const audio = await page.request.get(link ?? "/missing");
    expect(audio.ok()).toBe(true);
    expect(audio.headers()["content-type"]).toMatch(/^audio\//);
    expect((await audio.body()).length).toBeGreaterThan(1000);
  });

  it("free users without tokens are offered tokens or Premium for voice (decision 35)", async () => {
    const page = await browser.newPage();
    await signUpAndOpenChat(page, uniqueEmail("voice-free"));
    const listen = page.getByTestId("voice-button").first();
    expect(await listen.textContent()).toBe("Listen · 5 tokens");
    await listen.click();
    const prompt = page.getByTestId("buy-tokens-modal");
    await prompt.waitFor();
    expect(await prompt.textContent()).toContain("Hear their voice");
    expect(await prompt.textContent()).toContain("A voice message costs 5 tokens");
    // the upgrade keeps the spec's label for where it came from
    expect(await prompt.getByTestId("go-premium").getAttribute("href")).toContain(
      "source=voice_message_free_plan_user",
    );
  });

  it("runs out of free messages: 402 removes the message and opens the buy-tokens prompt", async () => {
    const page = await browser.newPage();
    const email = uniqueEmail("quota");
    await signUpAndOpenChat(page, email);
    arrangeAccount(email, { free_msgs: 0 });
    const answers: number[] = [];
    page.on("response", (response) => {
      if (response.request().method() === "POST" && /\/api\/chats\/\d+\/messages$/.test(response.url())) {
        answers.push(response.status());
      }
    });

    await send(page, "One more message, please");
    await page.getByTestId("buy-tokens-modal").waitFor();
    expect(answers).toEqual([402]);
    await expect.poll(() => page.getByTestId("token-package").count()).toBe(6);
    expect(await page.locator('[data-testid="chat-message"][data-from="user"]').count()).toBe(0);
    // nothing is lost: the text is back in the composer
    await page.getByRole("button", { name: "Close" }).click();
    expect(await page.getByLabel(/^Message /).inputValue()).toBe("One more message, please");
  });

  it("clears and deletes the chat", async () => {
    const page = await browser.newPage();
    await signUpAndOpenChat(page, uniqueEmail("delete"));
    await page.getByTestId("chat-menu").click();
    await page.getByTestId("menu-clear").click();
    await page.getByTestId("confirm-action").click();
    await expect.poll(() => page.getByTestId("chat-message").count()).toBe(0);

    await page.getByTestId("chat-menu").click();
    await page.getByTestId("menu-delete").click();
    await page.getByTestId("confirm-action").click();
    await page.waitForURL((url) => url.pathname === "/chat");
    await page.getByText("No chats yet").waitFor();
    // deleting did not open the chat again behind the user's back
    const token = await page.evaluate(() => localStorage.getItem("_accessToken"));
    const chats = await page.request.get("/api/chats", { headers: { authorization: `Bearer ${token}` } });
    expect((await chats.json()).items).toEqual([]);
  });

  it("visitors see the anonymous chat list and are asked to sign up", async () => {
    const page = await browser.newPage();
    await skipOverlays(page, { gender: "female" });
    await page.goto("/chat");
    await page.getByTestId("chat-list-item").first().click();
    await page.getByTestId("sign-up-to-chat").click();
    await page.waitForURL((url) => url.pathname === "/register");
  });

  it("brings a visitor who signs up from a character's chat back to that character", async () => {
    const page = await browser.newPage();
    await skipOverlays(page, { gender: "female" });
    await page.goto("/chat/2");
    await page.getByTestId("sign-up-to-chat").click();
    await page.waitForURL((url) => url.pathname === "/register");
    await page.getByLabel("Email").fill(uniqueEmail("return"));
    await page.getByLabel("Password", { exact: true }).fill("chat-pass-1");
    await page.getByRole("button", { name: "Create account" }).click();
    await page.waitForFunction(() => localStorage.getItem("_accessToken") !== null);
    await page.waitForURL((url) => url.pathname === "/chat/2");
    await page.getByTestId("conversation").waitFor();
    expect(await page.evaluate(() => localStorage.getItem("returnUrl"))).toBeNull();
  });
});
