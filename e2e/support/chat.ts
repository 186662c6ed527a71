import type { Page } from "playwright-core";
import { skipOverlays } from "./browser.ts";

let counter = 0;
/** An email no other test uses. */
export const uniqueEmail = (label: string) => `${label}.${Date.now()}.${++counter}@example.com`;

/** Signs up on the form, overlays skipped; the page is left on the screen the app goes to next. */
export async function signUpByForm(
  page: Page,
  email: string,
  options: { baseURL?: string; password?: string } = {},
) {
  await skipOverlays(page, { gender: "female" });
  await page.goto(`${options.baseURL ?? ""}/register`);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(options.password ?? CHAT_PASSWORD);
  await page.getByRole("button", { name: "Create account" }).click();
  await page.waitForFunction(() => localStorage.getItem("_accessToken") !== null);
}

/**
 * Makes an account as the sign-up form does (with the interest skipOverlays stores) and signs the
 * page in with it, by the API from a page of the app's origin: for tests whose subject is not signing
 * up, which so skip the form's page load. The page is left on that page, not the app.
 */
export async function signUpByApi(
  page: Page,
  email: string,
  options: { baseURL?: string; password?: string } = {},
) {
  await skipOverlays(page, { gender: "female" });
  // a page of the app's origin that is not the app, for its localStorage
  await page.goto(`${options.baseURL ?? ""}/api/health`);
  await page.evaluate(
    async (body) => {
      const response = await fetch("/api/auth/register", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      });
      if (response.status !== 201) {
        throw new Error(`sign-up answered ${response.status}: ${await response.text()}`);
      }
      const { token } = (await response.json()) as { token: string };
      localStorage.setItem("_accessToken", token);
    },
    { email, password: options.password ?? CHAT_PASSWORD, gender_choice: "female" },
  );
}

const CHAT_PASSWORD = "chat-pass-1";

/**
 * Signs up a new account (password `chat-pass-1`) past the overlays and opens a chat; `baseURL` is
 * for pages opened by another address than the test server's (relative paths use the context's base
 * URL). The account is made by the API (signUpByApi), or on the form with `byForm`, for a test about
 * what the sign-up's pages do.
 */
export async function signUpAndOpenChat(
  page: Page,
  email: string,
  options: { characterPath?: string; baseURL?: string; byForm?: boolean } = {},
) {
  const base = options.baseURL ?? "";
  const signUp = options.byForm ? signUpByForm : signUpByApi;
  await signUp(page, email, { baseURL: base });
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
