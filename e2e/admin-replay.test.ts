import { DatabaseSync } from "node:sqlite";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { skipOverlays, useBrowser, VIEWPORTS } from "./support/browser.ts";
import { send, signUpAndOpenChat, storedReplies, uniqueEmail } from "./support/chat.ts";
import { type RunningServer, startServer } from "./support/server.ts";

// replay is off on the suite's shared server; this one records every session
let server: RunningServer;
beforeAll(async () => {
  server = await startServer((port) => ({
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    REPLAY_ENABLED: "true",
    REPLAY_SAMPLE_RATE: "1",
  }));
});
afterAll(async () => {
  await server?.stop();
});
const base = () => `http://127.0.0.1:${server.port}`;

const browser = useBrowser();

/** Headless Chromium says "HeadlessChrome", which ingestion drops as a bot's: a person's browser here. */
const DESKTOP_CHROME =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

async function asPerson(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.setUserAgentOverride", { userAgent: DESKTOP_CHROME });
}

function query<T>(sqlitePath: string, sql: string, ...values: string[]): T[] {
  const database = new DatabaseSync(sqlitePath, { readOnly: true });
  try {
    return database.prepare(sql).all(...values) as T[];
  } finally {
    database.close();
  }
}

/** Makes the account an admin in the server's database, as `npm run admin:create` would. */
function makeAdmin(sqlitePath: string, email: string) {
  const database = new DatabaseSync(sqlitePath);
  try {
    const result = database.prepare("update users set role = 'admin' where email = ?").run(email);
    expect(Number(result.changes)).toBe(1);
  } finally {
    database.close();
  }
}

async function signUp(page: Page, email: string, baseURL = "") {
  await skipOverlays(page, { gender: "female" });
  await page.goto(`${baseURL}/register`);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill("secret-pass");
  await page.getByRole("button", { name: "Create account" }).click();
  await page.waitForFunction(() => localStorage.getItem("_accessToken") !== null);
}

/** The page goes to the background, as when its tab is switched or closed: the recorder uploads. */
async function hide(page: Page) {
  await page.evaluate(() => {
    Object.defineProperty(document, "visibilityState", { value: "hidden", configurable: true });
    document.dispatchEvent(new Event("visibilitychange"));
  });
}

async function until(condition: () => boolean, what: string, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe("session replays in the admin console", () => {
  it("an admin watches a sampled session in the rrweb player, and the console itself is never recorded", async () => {
    // a member's sampled session: a chat with a private line
    const member = await browser.newPage();
    await asPerson(member);
    const memberEmail = uniqueEmail("replayed-member");
    const secretLine = "a private note about lanterns 4412";
    await signUpAndOpenChat(member, memberEmail, { baseURL: base() });
    await send(member, secretLine);
    await member.getByText(secretLine).waitFor();
    await storedReplies(member).nth(1).waitFor({ timeout: 30_000 });
    const [memberRow] = query<{ id: string }>(
      server.sqlitePath,
      "select id from users where email = ?",
      memberEmail,
    );
    expect(memberRow).toBeTruthy();
    const memberId = memberRow?.id ?? "";
    await hide(member);
    await until(
      () =>
        query<{ chunks: number }>(
          server.sqlitePath,
          "select chunks from session_replays where user_id = ?",
          memberId,
        ).length > 0,
      "the member's replay to be stored",
    );
    const characterName = query<{ name: string }>(
      server.sqlitePath,
      "select name from characters where id = 1",
    )[0]?.name;
    expect(characterName).toBeTruthy();

    // the operator, recorded too (a person's browser, sampled), opens the console's replays
    const operator = await browser.newPage();
    await asPerson(operator);
    const operatorEmail = uniqueEmail("replay-operator");
    await signUp(operator, operatorEmail, base());
    makeAdmin(server.sqlitePath, operatorEmail);
    await operator.goto(`${base()}/admin/system?tab=replays`);
    const row = operator.getByTestId("admin-replay").filter({ hasText: memberId }).first();
    await row.waitFor();
    await row.getByRole("button", { name: "Watch" }).click();
    await operator.getByTestId("admin-replay-viewer").waitFor();
    await operator.getByTestId("replay-player").waitFor();

    // the recorded chat page is rebuilt in the player's frame: public text, the message as asterisks
    const replayed = operator.frameLocator('[data-testid="replay-stage"] iframe');
    await replayed
      .getByText(characterName ?? "")
      .first()
      .waitFor({ timeout: 20_000 });
    const frameText = (await replayed.locator("body").textContent()) ?? "";
    expect(frameText).not.toContain(secretLine);
    expect(frameText).not.toContain(memberEmail);
    await operator.waitForFunction(
      () => !document.querySelector('[data-testid="replay-time"]')?.textContent?.startsWith("00:00 /"),
      undefined,
      { timeout: 20_000 },
    );

    // the console is never recorded: the operator's own recording holds none of its pages, only the
    // app's screens they open afterwards
    const [operatorRow] = query<{ id: string }>(
      server.sqlitePath,
      "select id from users where email = ?",
      operatorEmail,
    );
    await operator.goto(`${base()}/gallery`);
    await operator.getByRole("heading", { level: 1 }).first().waitFor();
    await operator.waitForFunction(() =>
      performance.getEntriesByType("resource").some((entry) => /\/assets\/rrweb-[^/]+\.js$/.test(entry.name)),
    );
    const operatorEvents = () =>
      query<{ events: string }>(
        server.sqlitePath,
        `select c.events from session_replay_chunks c join session_replays r on r.id = c.replay_id
         where r.user_id = ?`,
        operatorRow?.id ?? "",
      )
        .map((chunk) => chunk.events)
        .join("\n");
    // hidden again until the upload lands: the recorder may start just after the first time
    for (let attempt = 0; attempt < 20 && !operatorEvents().includes("/gallery"); attempt += 1) {
      await hide(operator);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    expect(operatorEvents()).toContain("/gallery");
    expect(operatorEvents()).not.toContain("/admin");
    expect(operatorEvents()).not.toContain(memberId);
  });
});

describe("the Dashboard, Payments and System screens", () => {
  async function operatorOn(viewport: { width: number; height: number }) {
    const page = await browser.newPage(viewport);
    const email = uniqueEmail("console-operator");
    await signUp(page, email);
    makeAdmin(inject("sqlitePath"), email);
    return page;
  }

  for (const [name, viewport] of Object.entries(VIEWPORTS)) {
    it(`render and fit a ${name} screen (${viewport.width} px)`, async () => {
      const page = await operatorOn(viewport);
      await page.goto("/admin");
      await page.getByTestId("admin-dashboard").waitFor();
      await page.getByTestId("admin-stats-totals").waitFor();
      await page.getByRole("tab", { name: "7 days" }).click();
      await page.waitForURL((url) => url.searchParams.get("days") === "7");
      await page.getByTestId("admin-chart-people").locator("svg").first().waitFor();
      await page.getByTestId("admin-funnel").waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        viewport.width,
      );

      await page.goto("/admin/payments");
      await page.getByTestId("admin-payments").waitFor();
      await page.getByRole("tab", { name: "Orders" }).click();
      await page.getByTestId("admin-orders-status").waitFor();
      await page.getByRole("tab", { name: "Subscriptions" }).click();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        viewport.width,
      );

      await page.goto("/admin/system");
      await page.getByTestId("admin-provider-llm").waitFor();
      await page.getByRole("tab", { name: "Jobs" }).click();
      await page.getByText("Recent failures").waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        viewport.width,
      );
    });
  }
});
