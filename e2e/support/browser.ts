import { DatabaseSync } from "node:sqlite";
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
    /**
     * A page in a fresh context. The app's service worker is blocked unless asked for: its first
     * install precaches every asset, which only the installable-app tests are about.
     */
    async newPage(
      viewport: { width: number; height: number } = VIEWPORTS.desktop,
      options: { serviceWorkers?: "allow" | "block" } = {},
    ): Promise<Page> {
      const context = await browser.newContext({
        baseURL: inject("baseURL"),
        viewport,
        serviceWorkers: options.serviceWorkers ?? "block",
      });
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

/** The newest email the app sent to an address (the dev mailbox of the test server). */
export async function lastEmailTo(baseURL: string, to: string): Promise<{ subject: string; text: string }> {
  for (let attempt = 0; attempt < 40; attempt++) {
    const response = await fetch(`${baseURL}/api/dev/mailbox?to=${encodeURIComponent(to)}&limit=1`);
    const { items } = (await response.json()) as { items: { subject: string; text: string }[] };
    if (items[0]) return items[0];
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no email reached ${to}`);
}

/** The first link in an email's text that points at the app. */
export function appLinkIn(text: string, baseURL: string): string {
  const match = text.match(new RegExp(`${baseURL.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}/\\S+`));
  if (!match) throw new Error(`no app link in: ${text}`);
  return match[0].replace(/[).,]+$/, "");
}

/**
 * Arranges an account for a test (a premium plan, a used-up free quota) directly in the server's
 * database, since buying arrives with payments. Token balances are left to the ledger.
 */
export function arrangeAccount(email: string, changes: { plan?: "free" | "premium"; free_msgs?: number }) {
  const database = new DatabaseSync(inject("sqlitePath"));
  try {
    const sets = Object.keys(changes).map((column) => `${column} = ?`);
    const result = database
      .prepare(`update users set ${sets.join(", ")} where email = ?`)
      .run(...Object.values(changes), email.toLowerCase());
    if (result.changes !== 1) throw new Error(`no account ${email} to arrange`);
  } finally {
    database.close();
  }
}
