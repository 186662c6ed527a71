import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { useBrowser, VIEWPORTS } from "./support/browser.ts";
import { send, signUpAndOpenChat, storedReplies, uniqueEmail } from "./support/chat.ts";
import { useOwnServer } from "./support/server.ts";

const browser = useBrowser();

/** What the page (and its service worker) asks for from now on; `stop` ends the count. */
function countRequests(context: BrowserContext) {
  const urls: string[] = [];
  const listener = (request: { url(): string }) => urls.push(new URL(request.url()).pathname);
  context.on("request", listener);
  return {
    urls,
    stop() {
      context.off("request", listener);
      return urls;
    },
  };
}

/** Waits until the service worker is active, then reloads so that it controls the page. */
async function underServiceWorker(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

/** Waits until the chat list and this chat's history are kept for reading offline. */
async function keptForOffline(page: Page) {
  await page.waitForFunction(() => {
    const kept = localStorage.getItem("reverie:offline-snapshot") ?? "";
    return kept.includes('"mine"') && kept.includes('"messages"') && kept.includes('"user"');
  });
}

/**
 * Signs up, opens a chat (the character's first message), sends one message and waits for the
 * reply, then opens the chat list under the service worker: what a returning user has seen.
 */
async function chatSeenOnline(page: Page, baseURL?: string) {
  await signUpAndOpenChat(page, uniqueEmail("offline"), { baseURL });
  const before = await storedReplies(page).count();
  await send(page, "Tell me about the lighthouse");
  await expect.poll(() => storedReplies(page).count(), { timeout: 20_000 }).toBe(before + 1);
  await page.goto(`${baseURL ?? ""}/chat`);
  await page.getByTestId("chat-list-item").first().waitFor();
  await underServiceWorker(page);
  await page.getByTestId("chat-list-item").first().waitFor();
  await keptForOffline(page);
  return { replies: before + 1 };
}

/** The kept chats, read-only: the list, then the conversation with its history and no way to send. */
async function readsKeptChats(page: Page, replies: number) {
  await page.getByTestId("chat-list-item").first().waitFor();
  expect(await page.getByTestId("loading-screen").count()).toBe(0);
  await page.getByTestId("chat-list-item").first().click();
  await page.getByTestId("conversation").waitFor();
  await page.getByTestId("read-only-notice").waitFor();
  await expect.poll(() => storedReplies(page).count()).toBe(replies);
  expect(await page.getByText("Tell me about the lighthouse").count()).toBe(1);
  await page.getByLabel(/^Message /).fill("Are you still there?");
  expect(await page.getByTestId("send-button").isDisabled()).toBe(true);
}

/** Sends a message and waits for the reply: the chat works again. */
async function chatsAgain(page: Page, replies: number) {
  await page.getByTestId("read-only-notice").waitFor({ state: "detached", timeout: 70_000 });
  await expect.poll(() => page.getByTestId("send-button").isDisabled(), { timeout: 10_000 }).toBe(false);
  await page.getByTestId("send-button").click();
  await expect.poll(() => storedReplies(page).count(), { timeout: 20_000 }).toBe(replies + 1);
  expect(await page.getByTestId("offline-notice").count()).toBe(0);
}

/**
 * A handful a second at most, and in fact far fewer: the retries back off. The count includes the
 * one-time loads of the screen's lazy chunks (seven since the memory panel's), which are not retried.
 */
const MAX_REQUESTS_IN_5_S = 12;

describe("signed in without a connection", () => {
  it("opens offline on the kept chats, read-only, sends a handful of requests, and resumes online", async () => {
    const page = await browser.newPage(VIEWPORTS.mobile, { serviceWorkers: "allow" });
    const { replies } = await chatSeenOnline(page);

    await page.context().setOffline(true);
    await page.reload();
    await page.getByTestId("offline-notice").waitFor();
    expect(await page.getByTestId("offline-notice").getAttribute("data-connectivity")).toBe("offline");
    await readsKeptChats(page, replies);

    const requests = countRequests(page.context());
    await page.waitForTimeout(5_000);
    const sent = requests.stop();
    expect(sent.length, sent.join(" ")).toBeLessThanOrEqual(MAX_REQUESTS_IN_5_S);
    // still the kept chat, not "Loading..."
    expect(await page.getByTestId("loading-screen").count()).toBe(0);
    expect(await storedReplies(page).count()).toBe(replies);

    await page.context().setOffline(false);
    await page.getByTestId("offline-notice").waitFor({ state: "detached" });
    await chatsAgain(page, replies);
  }, 120_000);
});

describe("logging out offline", () => {
  it("signs the device out at once and forgets the kept chats", async () => {
    const page = await browser.newPage(VIEWPORTS.desktop, { serviceWorkers: "allow" });
    await chatSeenOnline(page);
    await page.context().setOffline(true);
    await page.reload();
    await page.getByTestId("chat-list-item").first().waitFor();

    await page.getByRole("button", { name: "Account" }).first().click();
    await page.getByTestId("nav-log-out").click();
    await page.waitForFunction(() => localStorage.getItem("_accessToken") === null);
    expect(await page.evaluate(() => localStorage.getItem("reverie:offline-snapshot"))).toBeNull();
    await page.context().setOffline(false);
  }, 120_000);
});

describe("signed in while the server is down", () => {
  const server = useOwnServer(() => ({}));

  it("keeps its requests low while the server is away, shows the kept chats, and recovers after a restart", async () => {
    const page = await browser.newPage(VIEWPORTS.mobile, { serviceWorkers: "allow" });
    const { replies } = await chatSeenOnline(page, server.base());

    await server.kill();
    // the open page: the socket drops and tries again, on a backoff
    const whileOpen = countRequests(page.context());
    await page.waitForTimeout(5_000);
    const sentWhileOpen = whileOpen.stop();
    expect(sentWhileOpen.length, sentWhileOpen.join(" ")).toBeLessThanOrEqual(MAX_REQUESTS_IN_5_S);

    // a reload: the service worker opens the app, the server does not answer
    await page.reload();
    await page.getByTestId("offline-notice").waitFor();
    expect(await page.getByTestId("offline-notice").getAttribute("data-connectivity")).toBe("unreachable");
    await readsKeptChats(page, replies);
    const afterReload = countRequests(page.context());
    await page.waitForTimeout(5_000);
    const sentAfterReload = afterReload.stop();
    expect(sentAfterReload.length, sentAfterReload.join(" ")).toBeLessThanOrEqual(MAX_REQUESTS_IN_5_S);
    expect(await page.getByTestId("loading-screen").count()).toBe(0);

    await server.restart();
    await page.getByTestId("offline-notice").waitFor({ state: "detached", timeout: 70_000 });
    await chatsAgain(page, replies);
  }, 180_000);
});
