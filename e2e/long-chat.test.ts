import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { skipOverlays, useBrowser } from "./support/browser.ts";
import { send, signUpAndOpenChat, uniqueEmail } from "./support/chat.ts";
import { chatIdOf, longChatText, seedLongChat } from "./support/long-chat.ts";

const browser = useBrowser();

const MESSAGES = 1_000;
/** The most message rows the list may hold at once (the viewport's and a few beyond each edge). */
const MAX_ROWS = 60;

const rows = (page: Page) => page.locator('[data-testid="message-list"] [data-testid="chat-message"]');
const scroller = (page: Page) => page.getByTestId("message-scroller");
/** The row of seeded message `n`. */
const seeded = (page: Page, n: number) => rows(page).filter({ hasText: new RegExp(`^#${n} `) });

/** The character's stored rows other than the seeded ones (the replies to what the test sends). */
const replies = (page: Page) =>
  rows(page)
    .and(page.locator('[data-from="model"]:not([data-message-id^="-"])'))
    .filter({ hasNotText: /^#\d+ / });

/** The message number (`#n`) of each row in the DOM, in DOM order. */
const renderedNumbers = (page: Page) =>
  rows(page)
    .getByTestId("message-text")
    .evaluateAll((elements) =>
      elements.map((element) => Number(/^#(\d+) /.exec(element.textContent ?? "")?.[1])),
    );

/** The number (`#n`) of the first seeded row wholly in the scroller's visible box. */
const firstNumberInView = (page: Page) =>
  scroller(page).evaluate((element) => {
    const view = element.getBoundingClientRect();
    const row = [...element.querySelectorAll('[data-testid="chat-message"]')].find(
      (candidate) => candidate.getBoundingClientRect().top >= view.top,
    );
    return Number(/^#(\d+) /.exec(row?.textContent ?? "")?.[1]);
  });

/** Whether an element lies within the scroller's visible box. */
async function inView(page: Page, locator: ReturnType<Page["locator"]>): Promise<boolean> {
  const [box, view] = await Promise.all([locator.boundingBox(), scroller(page).boundingBox()]);
  if (!box || !view) return false;
  return box.y >= view.y - 1 && box.y + box.height <= view.y + view.height + 1;
}

describe("a long chat in the browser", () => {
  it("keeps a bounded number of rows while scrolling through 1,000 messages, oldest first at the top", async () => {
    const page = await browser.newPage();
    const email = uniqueEmail("long-chat");
    await signUpAndOpenChat(page, email);
    const ids = seedLongChat(inject("sqlitePath"), chatIdOf(inject("sqlitePath"), email, 1), MESSAGES);

    // Older pages are held back at first, to see that the first one, added above, moves nothing on screen.
    let release = () => {};
    let hold: Promise<void> | null = new Promise((resolve) => {
      release = resolve;
    });
    await page.route(/\/api\/chats\/\d+\/messages\?/, async (route) => {
      if (hold && new URL(route.request().url()).searchParams.get("page") !== "1") await hold;
      await route.continue();
    });

    await page.reload();
    await seeded(page, MESSAGES).waitFor();
    await expect.poll(() => inView(page, seeded(page, MESSAGES))).toBe(true);
    expect(await rows(page).count()).toBeLessThanOrEqual(MAX_ROWS);

    await scroller(page).evaluate((element) => {
      element.scrollTop = 0;
    });
    await page.locator('[role="status"]', { hasText: "Loading earlier messages" }).waitFor();
    const oldestBefore = Math.min(...(await renderedNumbers(page)));
    const anchor = seeded(page, oldestBefore);
    const yBefore = (await anchor.boundingBox())?.y;
    hold = null;
    release();
    await expect.poll(async () => Math.min(...(await renderedNumbers(page)))).toBeLessThan(oldestBefore);
    await page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
    );
    expect((await anchor.boundingBox())?.y).toBeCloseTo(yBefore ?? Number.NaN, 0);

    // Up to the oldest message, a page at a time; the DOM never holds more than a screenful or so.
    let mostRows = 0;
    await expect
      .poll(
        async () => {
          await scroller(page).evaluate((element) => {
            element.scrollTop = 0;
          });
          mostRows = Math.max(mostRows, await rows(page).count());
          return seeded(page, 1).count();
        },
        { timeout: 90_000, interval: 50 },
      )
      .toBe(1);
    await expect.poll(() => inView(page, seeded(page, 1))).toBe(true);
    expect(await seeded(page, 1).getByTestId("message-text").textContent()).toBe(longChatText(1));
    expect(mostRows).toBeLessThanOrEqual(MAX_ROWS);
    expect(await rows(page).count()).toBeLessThanOrEqual(MAX_ROWS);
    // in conversation order: #1, #2, #3 … with their stored ids
    const numbers = await renderedNumbers(page);
    expect(numbers).toEqual(numbers.map((_, index) => index + 1));
    const rowIds = await rows(page).evaluateAll((elements) =>
      elements.map((element) => Number(element.getAttribute("data-message-id"))),
    );
    expect(rowIds).toEqual(ids.slice(0, rowIds.length));

    // Back to the newest, then a message: it and the reply show at the bottom.
    await expect
      .poll(
        async () => {
          await scroller(page).evaluate((element) => {
            element.scrollTop = element.scrollHeight;
          });
          return inView(page, seeded(page, MESSAGES));
        },
        { timeout: 20_000 },
      )
      .toBe(true);
    await send(page, "That was a long conversation!");
    // the reply: a stored message of the character's, newer than every seeded one, last in the list
    const last = rows(page).last();
    await expect
      .poll(
        async () =>
          `${await last.getAttribute("data-from")} ${Number(await last.getAttribute("data-message-id")) > (ids.at(-1) ?? 0)}`,
        { timeout: 20_000 },
      )
      .toBe("model true");
    await expect.poll(() => inView(page, last)).toBe(true);
    await expect
      .poll(() =>
        scroller(page).evaluate((element) => element.scrollHeight - element.scrollTop - element.clientHeight),
      )
      .toBeLessThan(2);
    // screen readers hear the reply (the list itself is not a live region: rows come and go as it scrolls)
    const reply = await last.getByTestId("message-text").textContent();
    expect(await page.getByRole("log").textContent()).toContain(reply);
    const mine = rows(page).filter({ hasText: "That was a long conversation!" });
    expect(await mine.count()).toBe(1);
    expect(Number(await mine.getAttribute("data-message-id"))).toBeGreaterThan(ids.at(-1) ?? 0);
    expect(await rows(page).count()).toBeLessThanOrEqual(MAX_ROWS);
  }, 180_000);

  it("stays where the user reads while a reply arrives, and follows replies at the bottom", async () => {
    const page = await browser.newPage();
    const email = uniqueEmail("long-chat-reading");
    await signUpAndOpenChat(page, email);
    seedLongChat(inject("sqlitePath"), chatIdOf(inject("sqlitePath"), email, 1), 200);
    await page.reload();
    await seeded(page, 200).waitFor();

    // The same account in another browser sends the messages; this page only receives the replies.
    const token = await page.evaluate(() => localStorage.getItem("_accessToken"));
    const other = await browser.newPage();
    await skipOverlays(other, { gender: "female" });
    await other.addInitScript((value) => localStorage.setItem("_accessToken", value ?? ""), token);
    await other.goto("/chat/1");
    await other.getByTestId("conversation").waitFor();
    await expect.poll(() => page.getByTestId("chat-status").textContent()).toBe("Online");

    // Reading a little way up: a reply arrives below and nothing on screen moves.
    await scroller(page).evaluate((element) => {
      element.scrollTop = element.scrollHeight - element.clientHeight - 1500;
    });
    await expect
      .poll(() => page.locator('[role="status"]', { hasText: "Loading earlier messages" }).count())
      .toBe(0);
    const reading = seeded(page, await firstNumberInView(page));
    const yBefore = (await reading.boundingBox())?.y;
    await send(other, "Are you still reading?");
    const firstReply = replies(other).last();
    await firstReply.waitFor({ timeout: 20_000 });
    const firstText = (await firstReply.getByTestId("message-text").textContent()) ?? "";
    await expect.poll(() => page.getByRole("log").textContent(), { timeout: 20_000 }).toContain(firstText);
    await page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
    );
    expect((await reading.boundingBox())?.y).toBeCloseTo(yBefore ?? Number.NaN, 0);

    // At the bottom, the next reply is followed: it shows last, with the view pinned to it.
    await expect
      .poll(async () => {
        await scroller(page).evaluate((element) => {
          element.scrollTop = element.scrollHeight;
        });
        return inView(page, rows(page).filter({ hasText: firstText }));
      })
      .toBe(true);
    await expect.poll(() => other.getByTestId("send-button").isDisabled()).toBe(true);
    await send(other, "Tell me one more thing.");
    await expect.poll(() => replies(other).count(), { timeout: 20_000 }).toBe(2);
    const secondText = (await replies(other).last().getByTestId("message-text").textContent()) ?? "";
    const last = rows(page).last();
    await expect
      .poll(() => last.getByTestId("message-text").textContent(), { timeout: 20_000 })
      .toBe(secondText);
    await expect.poll(() => inView(page, last)).toBe(true);
    await expect
      .poll(() =>
        scroller(page).evaluate((element) => element.scrollHeight - element.scrollTop - element.clientHeight),
      )
      .toBeLessThan(2);
  }, 120_000);
});
