import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { skipOverlays, useBrowser, VIEWPORTS } from "./support/browser.ts";
import { uniqueEmail } from "./support/chat.ts";

const browser = useBrowser();

interface ManifestIcon {
  src: string;
  sizes: string;
  type: string;
  purpose?: string;
}

/** Width and height from a PNG's IHDR chunk. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(0, 8).toString("hex")).toBe("89504e470d0a1a0a");
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** Waits until the service worker is active, then reloads so that it controls the page. */
async function underServiceWorker(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

async function signUp(page: Page) {
  await skipOverlays(page, { gender: "female" });
  await page.goto("/register");
  await page.getByLabel("Email").fill(uniqueEmail("pwa"));
  await page.getByLabel("Password", { exact: true }).fill("install-pass-1");
  await page.getByRole("button", { name: "Create account" }).click();
  await page.waitForFunction(() => localStorage.getItem("_accessToken") !== null);
}

/** A `beforeinstallprompt` as Chromium fires it, whose user choice the test decides. */
async function offerInstall(page: Page, outcome: "accepted" | "dismissed") {
  await page.evaluate((choice) => {
    const event = new Event("beforeinstallprompt", { cancelable: true }) as Event & {
      prompt(): Promise<void>;
      userChoice: Promise<{ outcome: string; platform: string }>;
    };
    const calls = window as unknown as { promptCalls: number };
    calls.promptCalls = 0;
    event.prompt = async () => {
      calls.promptCalls++;
    };
    event.userChoice = Promise.resolve({ outcome: choice, platform: "web" });
    window.dispatchEvent(event);
  }, outcome);
}

const trackedEvents = (page: Page) =>
  page.evaluate(() =>
    ((window as unknown as { __reverieAnalytics?: { event: string }[] }).__reverieAnalytics ?? []).map(
      (entry) => entry.event,
    ),
  );
const storedAnswer = (page: Page) => page.evaluate(() => localStorage.getItem("is-pwa-installed"));

describe("the installable app", () => {
  it("links a web manifest that meets Chromium's install criteria", async () => {
    const page = await browser.newPage(VIEWPORTS.desktop, { serviceWorkers: "allow" });
    await skipOverlays(page);
    await page.goto("/terms");
    const href = await page.locator('link[rel="manifest"]').getAttribute("href");
    expect(href).toBe("/manifest.webmanifest");

    const response = await fetch(`${browser.baseURL()}${href}`);
    expect(response.headers.get("content-type")).toBe("application/manifest+json");
    expect(response.headers.get("cache-control")).toBe("no-cache");
    const manifest = (await response.json()) as Record<string, unknown> & { icons: ManifestIcon[] };
    expect(manifest).toMatchObject({
      short_name: "Reverie",
      start_url: "/",
      scope: "/",
      display: "standalone",
      theme_color: "#0b0710",
      background_color: "#0b0710",
    });
    expect(String(manifest.name)).toContain("Reverie");

    for (const size of [192, 512]) {
      for (const purpose of ["any", "maskable"]) {
        const icon = manifest.icons.find(
          (entry) => entry.sizes === `${size}x${size}` && entry.purpose === purpose,
        );
        expect(icon, `${purpose} ${size}`).toBeDefined();
        const image = await fetch(new URL(icon?.src ?? "", browser.baseURL()));
        expect(image.headers.get("content-type")).toBe("image/png");
        expect(pngSize(Buffer.from(await image.arrayBuffer()))).toEqual({ width: size, height: size });
      }
    }
  });

  it("registers /service-worker.js on page load, which controls the page after a reload", async () => {
    const page = await browser.newPage(VIEWPORTS.desktop, { serviceWorkers: "allow" });
    await skipOverlays(page);
    await page.goto("/terms");
    await underServiceWorker(page);
    const worker = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      return { script: navigator.serviceWorker.controller?.scriptURL, scope: registration?.scope };
    });
    expect(worker.script).toBe(`${browser.baseURL()}/service-worker.js`);
    expect(worker.scope).toBe(`${browser.baseURL()}/`);
  });

  it("opens the app shell offline after a first visit, and never caches API answers", async () => {
    const page = await browser.newPage(VIEWPORTS.mobile, { serviceWorkers: "allow" });
    await skipOverlays(page, { gender: "female" });
    await page.goto("/");
    await page.getByTestId("character-card").first().waitFor();
    await underServiceWorker(page);
    await page.getByTestId("character-card").first().waitFor();
    // the worker precaches only the shell and the landing route (decision 0042): another screen's
    // code is cached when it is first opened
    await page.goto("/terms");
    await page.getByRole("heading", { name: /Terms/ }).first().waitFor();

    await page.context().setOffline(true);
    await page.goto("/");
    await page.getByTestId("app-shell").waitFor();
    await page.getByTestId("offline-notice").waitFor();
    // the screen opened before comes from the worker's run-time cache
    await page.goto("/terms");
    await page.getByRole("heading", { name: /Terms/ }).first().waitFor();

    const cached = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys()) {
        const cache = await caches.open(name);
        urls.push(...(await cache.keys()).map((request) => new URL(request.url).pathname));
      }
      return urls;
    });
    expect(cached).toContain("/index.html");
    expect(cached.some((url) => url.startsWith("/assets/"))).toBe(true);
    // a screen never opened is not fetched ahead
    expect(cached.some((url) => url.startsWith("/assets/admin-system-"))).toBe(false);
    expect(cached.filter((url) => /^\/(api|ws|media)/.test(url))).toEqual([]);
    await page.context().setOffline(false);
  });
});

describe("'Get our app!'", () => {
  it("is not offered to a visitor who is not signed in", async () => {
    const page = await browser.newPage(VIEWPORTS.desktop, { serviceWorkers: "allow" });
    await skipOverlays(page, { gender: "female" });
    await page.goto("/terms");
    await page.getByTestId("app-shell").waitFor();
    await offerInstall(page, "accepted");
    await page.waitForTimeout(500);
    expect(await page.getByRole("dialog", { name: "Get our app!" }).count()).toBe(0);
  });

  it("installs on Install when the prompt is accepted, and is not offered again", async () => {
    const page = await browser.newPage(VIEWPORTS.mobile, { serviceWorkers: "allow" });
    await signUp(page);
    await offerInstall(page, "accepted");
    const modal = page.getByRole("dialog", { name: "Get our app!" });
    await modal.waitFor();
    await modal.getByText("Install it on your device for a faster and more convenient experience").waitFor();
    const install = modal.getByRole("button", { name: "Install" });
    expect(await install.isEnabled()).toBe(true);
    await install.click();
    await modal.waitFor({ state: "detached" });

    expect(await storedAnswer(page)).toBe("true");
    expect(await page.evaluate(() => (window as unknown as { promptCalls: number }).promptCalls)).toBe(1);
    const events = await trackedEvents(page);
    expect(events).toContain("pwa_install_button_click");
    expect(events).toContain("pwa_installed");
    expect(events).not.toContain("pwa_install_rejected");

    await page.reload();
    await page.getByTestId("app-shell").waitFor();
    await offerInstall(page, "accepted");
    await page.waitForTimeout(500);
    expect(await modal.count()).toBe(0);
  });

  it("records a rejected prompt as 'false'", async () => {
    const page = await browser.newPage(VIEWPORTS.desktop, { serviceWorkers: "allow" });
    await signUp(page);
    await offerInstall(page, "dismissed");
    const modal = page.getByRole("dialog", { name: "Get our app!" });
    await modal.getByRole("button", { name: "Install" }).click();
    await modal.waitFor({ state: "detached" });
    expect(await storedAnswer(page)).toBe("false");
    const events = await trackedEvents(page);
    expect(events).toEqual(expect.arrayContaining(["pwa_install_button_click", "pwa_install_rejected"]));
    expect(events).not.toContain("pwa_installed");
  });

  it("records closing it as 'false' without prompting", async () => {
    const page = await browser.newPage(VIEWPORTS.desktop, { serviceWorkers: "allow" });
    await signUp(page);
    await offerInstall(page, "accepted");
    const modal = page.getByRole("dialog", { name: "Get our app!" });
    await modal.getByRole("button", { name: "Close" }).click();
    await modal.waitFor({ state: "detached" });
    expect(await storedAnswer(page)).toBe("false");
    expect(await page.evaluate(() => (window as unknown as { promptCalls: number }).promptCalls)).toBe(0);
    const events = await trackedEvents(page);
    expect(events).toContain("pwa_install_modal_closed");
    expect(events).not.toContain("pwa_install_button_click");
  });
});

describe("a screen whose code does not load", () => {
  it("says so with Retry and Reload, and Retry loads it once the network is back", async () => {
    const page = await browser.newPage(VIEWPORTS.desktop, { serviceWorkers: "allow" });
    await skipOverlays(page, { gender: "female" });
    const terms = /\/assets\/terms-[\w-]+\.js$/;
    await page.route(terms, (route) => route.abort("internetdisconnected"));
    await page.goto("/terms");
    const panel = page.getByTestId("chunk-error");
    await panel.waitFor();
    await panel.getByRole("heading", { name: "This page didn't load" }).waitFor();
    expect(await panel.getByRole("button", { name: "Reload" }).count()).toBe(1);
    // the shell stays: only the screen's part of the page shows the failure
    await page.getByTestId("app-shell").waitFor();

    await page.unroute(terms);
    await panel.getByRole("button", { name: "Retry" }).click();
    await panel.waitFor({ state: "detached" });
    await page.getByRole("heading", { name: /Terms/ }).first().waitFor();
  });
});
