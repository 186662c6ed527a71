import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";
import { afterAll, beforeAll, inject } from "vitest";

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export const VIEWPORTS = {
  mobile: { width: 375, height: 812 },
  desktop: { width: 1280, height: 800 },
} as const;

/** One Debian Chromium per test file; each test gets a fresh context (empty localStorage). */
export function useBrowser() {
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    browser = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      args: ["--no-sandbox", "--disable-background-networking", "--disable-gpu", "--disable-dev-shm-usage"],
    });
    console.log(`e2e: ${browser.browserType().name()} ${browser.version()} (${CHROMIUM_PATH})`);
  });

  afterAll(async () => {
    await Promise.all(contexts.map((context) => context.close()));
    await browser?.close();
  });

  return {
    baseURL: () => inject("baseURL"),
    async newPage(viewport: { width: number; height: number } = VIEWPORTS.desktop): Promise<Page> {
      const context = await browser.newContext({ baseURL: inject("baseURL"), viewport });
      contexts.push(context);
      const page = await context.newPage();
      page.setDefaultTimeout(15_000);
      return page;
    },
  };
}

/** Confirms age and dismisses the cookie banner by setting what those buttons store. */
export async function skipOverlays(page: Page, options: { gender?: "female" | "male" } = {}) {
  await page.addInitScript((gender) => {
    localStorage.setItem("IamOver18", "true");
    localStorage.setItem("isCookieShow", "true");
    if (gender) localStorage.setItem("isStartedChoosing", gender);
  }, options.gender);
}
