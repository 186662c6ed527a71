import { type Browser, chromium, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHROMIUM_PATH, skipOverlays, VIEWPORTS } from "./support/browser.ts";
import { send, signUpAndOpenChat, storedReplies, uniqueEmail } from "./support/chat.ts";
import {
  canMakeNetworkNamespaces,
  createNetworkNamespace,
  type NetworkNamespace,
} from "./support/network-namespace.ts";
import { useOwnServer } from "./support/server.ts";

const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-background-networking",
  "--disable-gpu",
  "--disable-dev-shm-usage",
];

/**
 * A server as `npm start` runs it: listening on every interface, with PUBLIC_URL at its default
 * (localhost), opened by other addresses: 127.0.0.1 on this machine, and the address another
 * device on the network would use, from a network namespace of this test's own.
 */
const server = useOwnServer((port) => ({ HOST: "0.0.0.0", PUBLIC_URL: `http://localhost:${port}` }));

/** Signs up, opens a chat, sends a message, and returns the socket frames that brought the reply. */
async function chatThroughTheSocket(page: Page, baseURL: string) {
  const frames: string[] = [];
  const refusedSockets: number[] = [];
  page.on("websocket", (socket) => {
    socket.on("framereceived", ({ payload }) => {
      if (typeof payload === "string" && payload !== "pong") frames.push(payload);
    });
  });
  page.on("response", (response) => {
    if (response.url().includes("/ws/v2") && response.status() !== 101)
      refusedSockets.push(response.status());
  });
  await signUpAndOpenChat(page, uniqueEmail("anywhere"), { baseURL, byForm: true });
  await page.getByText("Online", { exact: true }).first().waitFor();
  const before = await storedReplies(page).count();
  await send(page, "Hello from another address!");
  await expect.poll(() => storedReplies(page).count(), { timeout: 20_000 }).toBe(before + 1);
  expect(refusedSockets).toEqual([]);
  return frames.map((frame) => JSON.parse(frame) as { action: string; message?: { type?: string } });
}

describe("the app opened by another address than PUBLIC_URL", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("at http://127.0.0.1 streams the reply over the socket", async () => {
    const context = await browser.newContext({ viewport: VIEWPORTS.desktop });
    try {
      const frames = await chatThroughTheSocket(await context.newPage(), server.base());
      const sequence = frames.map((frame) => `${frame.action}:${frame.message?.type}`);
      expect(sequence).toContain("update:text");
      expect(sequence.at(-1)).toBe("add:text");
    } finally {
      await context.close();
    }
  });
});

describe.runIf(await canMakeNetworkNamespaces())("the app opened from another device over plain http", () => {
  let namespace: NetworkNamespace;
  let browser: Browser;
  beforeAll(async () => {
    namespace = await createNetworkNamespace(CHROMIUM_PATH);
    browser = await chromium.launch({ executablePath: namespace.chromiumPath, args: CHROMIUM_ARGS });
  });
  afterAll(async () => {
    await browser?.close();
    await namespace?.remove();
  });

  it("shows the page on a phone and chats live, by the machine's LAN address", async () => {
    const baseURL = `http://${namespace.hostAddress}:${server.port()}`;
    const context = await browser.newContext({ viewport: VIEWPORTS.mobile, isMobile: true, hasTouch: true });
    try {
      const page = await context.newPage();
      const failed: string[] = [];
      page.on("requestfailed", (request) => failed.push(request.url()));
      // plain http to a LAN address is not a secure context: APIs such as crypto.randomUUID are missing
      const errors: string[] = [];
      page.on("pageerror", (error) => errors.push(error.message));
      page.on("console", (message) => {
        if (message.type() === "error") errors.push(message.text());
      });
      await skipOverlays(page, { gender: "female" });
      const landing = await page.goto(`${baseURL}/`);
      expect(landing?.headers()["content-security-policy"]).not.toContain("upgrade-insecure-requests");
      expect(landing?.headers()["strict-transport-security"]).toBeUndefined();
      // the catalog renders: the scripts loaded over http
      await page.locator("a[href^='/chat/']").first().waitFor();
      expect(failed.filter((url) => url.startsWith("https:"))).toEqual([]);

      const frames = await chatThroughTheSocket(page, baseURL);
      expect(frames.map((frame) => `${frame.action}:${frame.message?.type}`)).toContain("update:text");
      // the developer mailbox is not there for another device
      expect((await page.request.get(`${baseURL}/api/dev/mailbox`)).status()).toBe(404);
      const health = await (await page.request.get(`${baseURL}/api/health`)).json();
      expect(Object.keys(health)).toEqual(["status"]);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
