import { describe, expect, it } from "vitest";
import { lastEmailTo, useBrowser } from "./support/browser.ts";
import { send, signUpAndOpenChat, storedReplies, uniqueEmail } from "./support/chat.ts";

const browser = useBrowser();

describe("the user's data", () => {
  it("downloads a JSON copy with the user's chat, then deletes the account: signed out, signing in fails", async () => {
    const page = await browser.newPage();
    const email = uniqueEmail("leaving");
    await signUpAndOpenChat(page, email);
    const line = `Remember my kite called Zephyr ${Date.now()}`;
    await send(page, line);
    await storedReplies(page).nth(1).waitFor();

    await page.goto("/settings");
    await page.getByTestId("start-data-export").click();
    const link = page.getByTestId("data-export-link");
    await link.waitFor({ timeout: 30_000 });
    const href = (await link.getAttribute("href")) ?? "";
    expect(href).toMatch(/^\/media-private\/exports\/.+\.json\?expires=\d+&signature=/);
    const download = await page.request.get(href);
    expect(download.status()).toBe(200);
    const archive = (await download.json()) as {
      account: { email: string };
      chats: { messages: { text: string }[] }[];
    };
    expect(archive.account.email).toBe(email);
    expect(archive.chats.flatMap((chat) => chat.messages.map((message) => message.text))).toContain(line);
    expect((await lastEmailTo(browser.baseURL(), email)).subject).toContain("data is ready");

    await page.getByTestId("delete-account").click();
    const dialog = page.getByTestId("delete-account-dialog");
    await dialog.getByText("payment and token records").waitFor();
    await page.getByTestId("delete-account-password").fill("not-my-password");
    await page.getByTestId("confirm-delete-account").click();
    await dialog.getByText("That password is not right.").waitFor();
    await page.getByTestId("delete-account-password").fill("chat-pass-1");
    await page.getByTestId("confirm-delete-account").click();
    await page.getByTestId("account-deleted").waitFor();
    expect(await page.evaluate(() => localStorage.getItem("_accessToken"))).toBeNull();
    expect((await lastEmailTo(browser.baseURL(), email)).subject).toContain("account was deleted");
    // the archive went with the account
    expect((await page.request.get(href)).status()).toBe(404);

    await page.goto("/login");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill("chat-pass-1");
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await page.getByText("Wrong email or password.").waitFor();
  });
});
