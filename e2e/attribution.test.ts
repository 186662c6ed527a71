import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeUpstream } from "../apps/server/test/helpers/fake-upstream.ts";
import { type OidcServer, startOidcServer } from "../apps/server/test/helpers/oidc-server.ts";
import { continueWithGoogle, skipOverlays, useBrowser } from "./support/browser.ts";
import { uniqueEmail } from "./support/chat.ts";
import { queryDatabase } from "./support/database.ts";
import { useOwnServer } from "./support/server.ts";
import { until } from "./support/wait.ts";

const browser = useBrowser();
let tracker: Awaited<ReturnType<typeof startFakeUpstream>>;
let oidc: OidcServer;

beforeAll(async () => {
  tracker = await startFakeUpstream((_req, res) => {
    res.writeHead(200).end("OK");
  });
  // a real OpenID Connect provider on loopback plays Google for the social sign-up
  oidc = await startOidcServer();
});
afterAll(async () => {
  await oidc?.stop();
  tracker?.close();
});
// started after the tracker and the provider it is pointed at, and stopped before them
const server = useOwnServer((port) => ({
  PUBLIC_URL: `http://127.0.0.1:${port}`,
  GOOGLE_CLIENT_ID: "reverie-e2e",
  GOOGLE_CLIENT_SECRET: "reverie-e2e-secret",
  GOOGLE_DISCOVERY_URL: oidc.discoveryUrl,
  AD_POSTBACK_URL: `${tracker.url}/postback?subid={subid}&event={event}&payout={payout}&txid={event_id}`,
}));

const query = <Row>(sql: string, ...values: string[]): Row[] =>
  queryDatabase<Row>(server.sqlitePath(), sql, ...values);

const storedSubId = (page: Page) => page.evaluate(() => localStorage.getItem("subid"));

const postbacksFor = (subid: string) =>
  tracker.recorded
    .map((request) => new URL(request.path, "http://tracker").searchParams)
    .filter((params) => params.get("subid") === subid);

describe("ad attribution in the browser", () => {
  it("keeps the ad's sub id past mistyped addresses, and the sign-up records the lead and reaches the tracker", async () => {
    const page = await browser.newPage();
    await skipOverlays(page, { gender: "female" });
    await page.goto(`${server.base()}/abc123XYZ`);
    await page.waitForFunction(() => localStorage.getItem("subid") === "abc123XYZ");

    for (const typo of ["/setings", "/gallerry", "/Login"]) {
      await page.goto(`${server.base()}${typo}`);
      // the landing for /setings and /gallerry; the sign-in screen for /Login (paths match case-blind)
      await page.locator('[data-testid="category-tabs"], form').first().waitFor();
      // the landing loads the sub id's check on demand: let it run before reading what is stored
      await page.waitForLoadState("networkidle");
      expect(await storedSubId(page), typo).toBe("abc123XYZ");
    }

    const email = uniqueEmail("lead");
    await page.goto(`${server.base()}/register`);
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill("lead-pass-1");
    await page.getByRole("button", { name: "Create account" }).click();
    await page.waitForFunction(() => localStorage.getItem("_accessToken") !== null);

    const [lead] = await until(() => {
      const rows = query<{ subid: string; email: string; status: string }>(
        "select subid, email, status from leads where email = ?",
        email,
      );
      return rows.length > 0 && rows;
    }, "the lead");
    expect(lead).toEqual({ subid: "abc123XYZ", email, status: "lead" });

    const [postback] = await until(() => {
      const found = postbacksFor("abc123XYZ");
      return found.length > 0 && found;
    }, "the lead postback");
    expect(postback?.get("event")).toBe("lead");
    expect(postback?.get("payout")).toBe("0.00");
    expect(postback?.get("txid")).toMatch(/^[0-9a-f-]{36}$/);
    // the tracker never hears who it was
    expect(tracker.recorded.some((request) => request.path.includes(email.split("@")[0] ?? email))).toBe(
      false,
    );

    // signed in with a sub id stored: the advertising token is saved with the account
    await until(
      () =>
        query<{ advertising_subid: string | null }>(
          "select advertising_subid from users where email = ?",
          email,
        )[0]?.advertising_subid === "abc123XYZ",
      "the advertising token",
    );

    // a later ad click while signed in moves the token (last touch) and records no second lead
    await page.goto(`${server.base()}/zz998877`);
    await until(
      () =>
        query<{ advertising_subid: string | null }>(
          "select advertising_subid from users where email = ?",
          email,
        )[0]?.advertising_subid === "zz998877",
      "the newer advertising token",
    );
    expect(query("select id from leads where email = ?", email)).toHaveLength(1);
    await page.close();
  });

  it("a social sign-up from /register reports its lead with the account's email and counts as a sign-up", async () => {
    const page = await browser.newPage();
    await skipOverlays(page, { gender: "female" });
    const email = uniqueEmail("social-lead");
    oidc.signInAs({ sub: `sub-${email}`, email, name: "Social Lead" });
    const sentEvents: { event: string; props: Record<string, unknown> }[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).pathname === "/api/analytics/events" && request.method() === "POST") {
        const batch = request.postDataJSON() as {
          events: { event: string; props: Record<string, unknown> }[];
        };
        sentEvents.push(...batch.events);
      }
    });
    await page.goto(`${server.base()}/soc1al-42`);
    await page.waitForFunction(() => localStorage.getItem("subid") === "soc1al-42");
    await page.goto(`${server.base()}/register`);
    await continueWithGoogle(page);

    const [lead] = await until(() => {
      const rows = query<{ subid: string; email: string }>(
        "select subid, email from leads where email = ?",
        email,
      );
      return rows.length > 0 && rows;
    }, "the social sign-up's lead");
    expect(lead).toEqual({ subid: "soc1al-42", email });
    await until(() => postbacksFor("soc1al-42").length > 0, "the social lead's postback");
    expect(await page.evaluate(() => localStorage.getItem("source"))).toBeNull();
    const signUp = await until(
      () => sentEvents.find((event) => event.event === "Sign Up Completed"),
      "Sign Up Completed",
    );
    expect(signUp.props).toMatchObject({ method: "google" });
    await page.close();

    // the same Google account again from /register (a new browser): a sign-in, not a sign-up
    const returning = await browser.newPage();
    await skipOverlays(returning, { gender: "female" });
    oidc.signInAs({ sub: `sub-${email}`, email, name: "Social Lead" });
    await returning.goto(`${server.base()}/register`);
    await continueWithGoogle(returning);
    await returning.waitForURL((url) => url.pathname === "/");
    const tracked = await returning.evaluate(() =>
      ((window as unknown as { __reverieAnalytics?: { event: string }[] }).__reverieAnalytics ?? []).map(
        (event) => event.event,
      ),
    );
    expect(tracked).not.toContain("Sign Up Completed");
    expect(query("select count(*) as n from leads where email = ?", email)).toEqual([{ n: 1 }]);
    await returning.close();
  });
});
