import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { asPerson, useBrowser } from "./support/browser.ts";
import { send, uniqueEmail } from "./support/chat.ts";
import { queryDatabase } from "./support/database.ts";
import { until } from "./support/wait.ts";

const base = () => inject("baseURL");

const browser = useBrowser();

interface SentBatch {
  client_id: string;
  session_id: string;
  events: { event: string; props: Record<string, unknown>; user_id?: string }[];
}

function watchAnalytics(page: Page) {
  const batches: SentBatch[] = [];
  const links: string[] = [];
  let batchesFinished = 0;
  // a batch whose answer the page never reads stays open in Chromium and the page never goes idle
  page.on("requestfinished", (request) => {
    if (new URL(request.url()).pathname === "/api/analytics/events") batchesFinished += 1;
  });
  page.on("request", (request) => {
    const { pathname } = new URL(request.url());
    if (pathname === "/api/analytics/events" && request.method() === "POST") {
      batches.push(request.postDataJSON() as SentBatch);
    }
    if (pathname === "/api/user/analytics" && request.method() === "PATCH") {
      links.push((request.postDataJSON() as { new_id: string }).new_id);
    }
  });
  return {
    batches,
    links,
    sentEvents: () => batches.flatMap((batch) => batch.events.map((event) => event.event)),
    allFinished: () => batchesFinished === batches.length,
  };
}

const storedRows = (clientId: string) =>
  queryDatabase<{ event: string; user_id: string | null; session_id: string }>(
    inject("sqlitePath"),
    "select event, user_id, session_id from analytics_events where client_id = ? order by id",
    clientId,
  );

describe("first-party analytics in the browser", () => {
  it("sends nothing before the age is confirmed, then the funnel's events reach the server and are stored", async () => {
    const page = await browser.newPage();
    await asPerson(page);
    const analytics = watchAnalytics(page);

    await page.goto(`${base()}/`);
    await page.getByRole("dialog", { name: "Warning 18+" }).waitFor();
    await page.waitForLoadState("load");
    // before the age is confirmed the visit is counted, under an id the browser does not keep
    await until(() => analytics.batches.length > 0, "the visit to be sent");
    expect(analytics.sentEvents()).toEqual(["Visit"]);
    expect(
      await page.evaluate(() =>
        Object.keys(localStorage).filter((key) => key.startsWith("reverie:analytics")),
      ),
    ).toEqual([]);

    await page.getByRole("button", { name: "I am over 18 - Continue" }).click();
    await page.getByRole("button", { name: "Accept All" }).click();
    await page.getByRole("heading", { name: "I'm Interested in:" }).waitFor();
    await page.getByRole("button", { name: "Girls" }).click();
    await until(
      () => analytics.sentEvents().includes("Gender of Interest Selected"),
      "the interest event to be sent",
    );
    expect(analytics.sentEvents().slice(0, 2)).toEqual(["Visit", "Age Gate Confirmed"]);
    await until(analytics.allFinished, "every batch sent so far to finish");
    expect(await page.evaluate(() => localStorage.getItem("reverie:analytics:client"))).toBe(
      analytics.batches[0]?.client_id,
    );

    const email = uniqueEmail("analytics");
    await page.goto(`${base()}/register`);
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill("chat-pass-1");
    await page.getByRole("button", { name: "Create account" }).click();
    await page.waitForFunction(() => localStorage.getItem("_accessToken") !== null);
    await until(() => analytics.sentEvents().includes("Sign Up Completed"), "the sign-up event to be sent");
    await page.goto(`${base()}/chat/1`);
    await page.getByTestId("conversation").waitFor();
    await send(page, "Hello there");
    await until(() => analytics.sentEvents().includes("Message Sent"), "the message event to be sent");
    await until(() => analytics.links.length > 0, "PATCH /api/user/analytics");

    const clientId = analytics.batches[0]?.client_id ?? "";
    expect(clientId).not.toBe("");
    expect(new Set(analytics.batches.map((batch) => batch.client_id))).toEqual(new Set([clientId]));
    // linked once the user is known (again on the next page when that one left before the answer came)
    expect(new Set(analytics.links)).toEqual(new Set([clientId]));

    const rows = storedRows(clientId);
    const stored = rows.map((row) => row.event);
    for (const event of [
      "Visit",
      "Age Gate Confirmed",
      "Gender of Interest Selected",
      "Sign Up Completed",
      "Message Sent",
    ]) {
      expect(stored, event).toContain(event);
    }
    // the signed-in user's events carry their id (their token came with the batch)
    const userId = await page.evaluate(
      () =>
        (window as unknown as { __reverieAnalytics: { userId?: string }[] }).__reverieAnalytics.at(-1)
          ?.userId,
    );
    expect(userId).toBeTruthy();
    expect(rows.find((row) => row.event === "Message Sent")?.user_id).toBe(userId);
    expect(rows.find((row) => row.event === "Visit")?.user_id).toBeNull();
  });
});
