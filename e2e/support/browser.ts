import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, inject } from "vitest";
import { withDatabase } from "./database.ts";
import { until } from "./wait.ts";

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export const VIEWPORTS = {
  mobile: { width: 375, height: 812 },
  desktop: { width: 1280, height: 800 },
} as const;

/**
 * One Debian Chromium per test file; each test gets a fresh context (empty localStorage), closed
 * when the test ends so that its pages stop polling and animating while the next tests run.
 */
export function useBrowser() {
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  const trails = new Map<Page, string[]>();

  beforeAll(async () => {
    browser = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      args: ["--no-sandbox", "--disable-background-networking", "--disable-gpu", "--disable-dev-shm-usage"],
    });
    console.log(`e2e: ${browser.browserType().name()} ${browser.version()} (${CHROMIUM_PATH})`);
  });

  afterEach(async (context) => {
    if (context.task.result?.state === "fail") await reportPages(trails);
    trails.clear();
    await Promise.all(contexts.splice(0).map((open) => open.close()));
  });

  afterAll(async () => {
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
      trails.set(page, followPage(page));
      // two files run at once on CI's two cores: a sign-up's password hash can take longer than 15 s there
      page.setDefaultTimeout(30_000);
      return page;
    },
  };
}

const TRAIL_LENGTH = 25;

/** What a page logged, failed to load or was answered with an error, newest last (for failures). */
function followPage(page: Page): string[] {
  const trail: string[] = [];
  const note = (line: string) => {
    trail.push(`${new Date().toISOString().slice(11, 23)} ${line}`);
    if (trail.length > TRAIL_LENGTH) trail.shift();
  };
  page.on("console", (message) => {
    if (message.type() === "error" || message.type() === "warning")
      note(`console ${message.type()}: ${message.text()}`);
  });
  page.on("pageerror", (error) => note(`page error: ${error.message}`));
  page.on("requestfailed", (request) =>
    note(`failed ${request.method()} ${request.url()}: ${request.failure()?.errorText}`),
  );
  page.on("response", (response) => {
    if (response.status() >= 400)
      note(`${response.status()} ${response.request().method()} ${response.url()}`);
  });
  page.on("framenavigated", (frame) => {
    if (frame === page.mainFrame()) note(`navigated to ${frame.url()}`);
  });
  return trail;
}

/** A failed test prints where each of its pages was, what they showed and their trail, for CI's log. */
async function reportPages(trails: Map<Page, string[]>) {
  for (const [page, trail] of trails) {
    if (page.isClosed()) continue;
    const shown = await page
      .locator("body")
      .textContent({ timeout: 2_000 })
      .catch((error: Error) => `(unreadable: ${error.message})`);
    console.log(
      [
        `e2e failure: page at ${page.url()}`,
        `  shows: ${(shown ?? "").replace(/\s+/g, " ").slice(0, 600)}`,
        ...trail.map((line) => `  ${line}`),
      ].join("\n"),
    );
  }
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
  return until(
    async () => {
      const response = await fetch(`${baseURL}/api/dev/mailbox?to=${encodeURIComponent(to)}&limit=1`);
      const { items } = (await response.json()) as { items: { subject: string; text: string }[] };
      return items[0];
    },
    `an email to ${to}`,
    10_000,
  );
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
  const sets = Object.keys(changes).map((column) => `${column} = ?`);
  const result = withDatabase(inject("sqlitePath"), (database) =>
    database
      .prepare(`update users set ${sets.join(", ")} where email = ?`)
      .run(...Object.values(changes), email.toLowerCase()),
  );
  if (result.changes !== 1) throw new Error(`no account ${email} to arrange`);
}

/** Headless Chromium says "HeadlessChrome", which ingestion drops as a bot's: a person's browser here. */
export const DESKTOP_CHROME =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

/** Makes the page's requests say they come from a person's desktop Chrome (DESKTOP_CHROME). */
export async function asPerson(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.setUserAgentOverride", { userAgent: DESKTOP_CHROME });
}

/** The page goes to the background, as when its tab is switched or closed (the replay recorder uploads then). */
export async function hide(page: Page) {
  await page.evaluate(() => {
    Object.defineProperty(document, "visibilityState", { value: "hidden", configurable: true });
    document.dispatchEvent(new Event("visibilitychange"));
  });
}

/**
 * Clicks "Continue with Google" and waits until the page is signed in and the provider's popup has
 * closed; returns the popup.
 */
export async function continueWithGoogle(page: Page): Promise<Page> {
  const [popup] = await Promise.all([
    page.waitForEvent("popup"),
    page.getByRole("button", { name: "Continue with Google" }).click(),
  ]);
  await page.waitForFunction(() => localStorage.getItem("_accessToken") !== null, undefined, {
    timeout: 20_000,
  });
  if (!popup.isClosed()) await popup.waitForEvent("close", { timeout: 10_000 });
  return popup;
}
