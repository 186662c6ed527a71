import type { Page } from "playwright-core";
import { skipOverlays } from "./browser.ts";

let counter = 0;
/** An email no other test uses. */
export const uniqueEmail = (label: string) => `${label}.${Date.now()}.${++counter}@example.com`;

/**
 * Signs up a new account past the overlays and opens a chat; `baseURL` is for pages opened by
 * another address than the test server's (relative paths use the context's base URL).
 */
export async function signUpAndOpenChat(
  page: Page,
  email: string,
  options: { characterPath?: string; baseURL?: string } = {},
) {
  const base = options.baseURL ?? "";
  await skipOverlays(page, { gender: "female" });
  await page.goto(`${base}/register`);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill("chat-pass-1");
  await page.getByRole("button", { name: "Create account" }).click();
  await page.waitForFunction(() => localStorage.getItem("_accessToken") !== null);
  await page.goto(`${base}${options.characterPath ?? "/chat/1"}`);
  await page.getByTestId("conversation").waitFor();
  // the chat opens with the character's first message
  await page.locator('[data-testid="chat-message"][data-from="model"]').first().waitFor();
}

export async function send(page: Page, text: string) {
  await page.getByLabel(/^Message /).fill(text);
  await page.getByTestId("send-button").click();
}

/** The character's stored messages (provisional ones, with negative ids, left out). */
export const storedReplies = (page: Page) =>
  page.locator(
    '[data-testid="message-list"] [data-testid="chat-message"][data-from="model"]:not([data-message-id^="-"])',
  );

/** Waits until the chat list's top chat shows the start of `reply` as its last message. */
export async function topChatSnippetShows(page: Page, reply: string | null | undefined) {
  await page
    .getByTestId("chat-list-item")
    .first()
    .getByTestId("chat-snippet")
    .filter({ hasText: reply?.slice(0, 20) ?? "" })
    .waitFor();
}
