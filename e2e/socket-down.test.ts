import type { Page, WebSocketRoute } from "playwright-core";
import { describe, expect, it } from "vitest";
import { useBrowser } from "./support/browser.ts";
import { send, signUpAndOpenChat, storedReplies, topChatSnippetShows, uniqueEmail } from "./support/chat.ts";

const browser = useBrowser();

/**
 * Puts the app's `/ws/v2` socket under the test's control: while `down`, every attempt is refused
 * (closed before it opens, as a 403 on the upgrade is); otherwise it goes through to the server.
 */
async function controlSocket(page: Page, options: { down: boolean }) {
  const state = { down: options.down, attempts: 0, live: [] as WebSocketRoute[] };
  await page.routeWebSocket(/\/ws\/v2/, async (socket) => {
    state.attempts += 1;
    if (state.down) {
      await socket.close({ code: 1006 });
      return;
    }
    state.live.push(socket);
    socket.connectToServer();
  });
  return {
    get attempts() {
      return state.attempts;
    },
    async goDown() {
      state.down = true;
      await Promise.all(state.live.splice(0).map((socket) => socket.close({ code: 1006 })));
    },
    comeBack() {
      state.down = false;
    },
  };
}

const userMessages = (page: Page, text: string) =>
  page.locator('[data-testid="chat-message"][data-from="user"]').filter({ hasText: text });
const presence = (page: Page) => page.getByTestId("chat-status").textContent();

describe("chatting while the socket is down", () => {
  it("shows the reply anyway when the socket never connects, and does not say Online", async () => {
    const page = await browser.newPage();
    const socket = await controlSocket(page, { down: true });
    await signUpAndOpenChat(page, uniqueEmail("no-socket"));
    await expect.poll(() => socket.attempts).toBeGreaterThan(0);
    await expect.poll(() => presence(page)).toBe("Reconnecting…");
    await page.getByTestId("connection-notice").waitFor();
    const before = await storedReplies(page).count();

    await send(page, "Are you there without a socket?");
    await userMessages(page, "without a socket").waitFor();
    await expect.poll(() => storedReplies(page).count(), { timeout: 20_000 }).toBe(before + 1);
    // merged through the conversation's reducer: the sent message shows once
    expect(await userMessages(page, "without a socket").count()).toBe(1);
    expect(await presence(page)).not.toBe("Online");
    expect(await presence(page)).toBe("Reconnecting…");
  });

  it("catches up while the socket is away mid-chat, then goes back online when it returns", async () => {
    const page = await browser.newPage();
    const socket = await controlSocket(page, { down: false });
    await signUpAndOpenChat(page, uniqueEmail("drop"));
    await expect.poll(() => presence(page)).toBe("Online");

    await socket.goDown();
    await expect.poll(() => presence(page)).toBe("Reconnecting…");
    const before = await storedReplies(page).count();
    await send(page, "The line dropped, did you get this?");
    await expect.poll(() => storedReplies(page).count(), { timeout: 20_000 }).toBe(before + 1);
    expect(await userMessages(page, "did you get this").count()).toBe(1);
    expect(await presence(page)).toBe("Reconnecting…");
    // the chat list beside the conversation shows the reply that came by polling
    const reply = await storedReplies(page).last().getByTestId("message-text").textContent();
    await topChatSnippetShows(page, reply);

    socket.comeBack();
    await expect.poll(() => presence(page), { timeout: 10_000 }).toBe("Online");
    expect(await page.getByTestId("connection-notice").count()).toBe(0);
    expect(await userMessages(page, "did you get this").count()).toBe(1);
  });

  it("signs out, without reconnecting, when the server ends the session behind the socket", async () => {
    const page = await browser.newPage();
    const socket = await controlSocket(page, { down: false });
    await signUpAndOpenChat(page, uniqueEmail("ended"));
    await expect.poll(() => presence(page)).toBe("Online");
    const attempts = socket.attempts;
    const token = await page.evaluate(() => localStorage.getItem("_accessToken"));

    // "sign out everywhere" from another device: the server closes this session's sockets
    const response = await fetch(`${browser.baseURL()}/api/auth/sessions`, {
      method: "DELETE",
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.status).toBeLessThan(300);
    await page.waitForURL("**/login?source=ExpiredToken", { timeout: 10_000 });
    expect(await page.evaluate(() => localStorage.getItem("_accessToken"))).toBeNull();
    expect(socket.attempts).toBe(attempts);
  });
});
