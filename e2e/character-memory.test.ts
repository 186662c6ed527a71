import { mkdir } from "node:fs/promises";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { useBrowser, VIEWPORTS } from "./support/browser.ts";
import { send, signUpAndOpenChat, storedReplies, uniqueEmail } from "./support/chat.ts";

const browser = useBrowser();

/** Screenshots for people to look at, outside the repository. */
const SHOTS = "/tmp/memory-shots";

async function shoot(page: Page, name: string) {
  await mkdir(SHOTS, { recursive: true });
  // the panel rises in; its animation is over by then
  await page.waitForTimeout(400);
  await page.screenshot({ path: `${SHOTS}/${name}.png` }).catch(() => undefined);
}

/** Sends `text` and waits until the character's stored answer to it is on the page; returns it. */
async function sendAndWaitForReply(page: Page, text: string): Promise<string> {
  const before = await storedReplies(page).count();
  await send(page, text);
  await expect.poll(() => storedReplies(page).count(), { timeout: 30_000 }).toBeGreaterThan(before);
  return (await storedReplies(page).last().getByTestId("message-text").textContent()) ?? "";
}

const panel = (page: Page) => page.getByTestId("memory-panel");
const itemWith = (page: Page, text: string) =>
  panel(page).getByTestId("memory-item").filter({ hasText: text });

/**
 * Signs up, tells the character about Biscuit, sees the panel learn it (and one thing added by
 * hand), deletes Biscuit and asks for the dog's name; the panel, read afresh, no longer holds it.
 * Returns the character's answer to the question.
 */
async function rememberBiscuitThenDeleteIt(page: Page): Promise<string> {
  await signUpAndOpenChat(page, uniqueEmail("memory"));
  await sendAndWaitForReply(page, "I've got a dog called Biscuit");

  await page.getByTestId("memory-toggle").click();
  await expect
    .poll(() => panel(page).getByRole("heading", { level: 2 }).textContent())
    .toMatch(/^What .+ remembers$/);
  // the job that learns from the exchange runs after the reply: memory_update brings it in
  await itemWith(page, "Biscuit").waitFor({ timeout: 30_000 });
  expect(await panel(page).getByRole("heading", { name: "Pets" }).count()).toBe(1);
  await page.getByTestId("memory-add-open").click();
  await page.getByLabel("What it is").selectOption("worry");
  await page.getByTestId("memory-add-text").fill("is nervous about the driving test");
  await page.getByLabel(/^Date/).fill("2027-03-14");
  await page.getByTestId("memory-add-submit").click();
  await panel(page).getByRole("heading", { name: "Worries" }).waitFor();
  await shoot(page, "memory-1280");

  await itemWith(page, "Biscuit").getByTestId("memory-delete").click();
  await itemWith(page, "Biscuit").waitFor({ state: "detached" });
  // focus stays in the panel, and Escape closes it, back to its toggle
  await expect
    .poll(() => panel(page).evaluate((element) => element.contains(document.activeElement)))
    .toBe(true);
  await page.keyboard.press("Escape");
  await panel(page).waitFor({ state: "detached" });
  expect(
    await page.getByTestId("memory-toggle").evaluate((element) => element === document.activeElement),
  ).toBe(true);

  const answer = await sendAndWaitForReply(page, "What's my dog's name?");
  // the server forgot it too, and did not learn it again from the next exchange
  await page.getByTestId("memory-toggle").click();
  await panel(page).getByRole("heading", { name: "Worries" }).waitFor();
  expect(await itemWith(page, "Biscuit").count()).toBe(0);
  return answer;
}

describe("what the character remembers", () => {
  it("learns the user's dog from the chat, shows it beside the chat, and once it is deleted neither keeps nor names it", async () => {
    const answer = await rememberBiscuitThenDeleteIt(await browser.newPage(VIEWPORTS.desktop));
    expect(answer).not.toMatch(/biscuit/i);
  });

  it("adds, edits and forgets everything in the phone's sheet", async () => {
    const page = await browser.newPage(VIEWPORTS.mobile);
    await signUpAndOpenChat(page, uniqueEmail("memory-phone"));

    const toggle = page.getByTestId("memory-toggle");
    expect(await toggle.getAttribute("aria-expanded")).toBe("false");
    await shoot(page, "chat-header-375");
    await toggle.click();
    await panel(page).waitFor();
    expect(await panel(page).getAttribute("role")).toBe("dialog");
    await panel(page).getByTestId("memory-empty").waitFor();
    await shoot(page, "memory-empty-375");

    // add two things, one with a date
    await page.getByTestId("memory-add-open").click();
    await page.getByLabel("What it is").selectOption("like");
    await page.getByTestId("memory-add-text").fill("loves rainy Sunday mornings");
    await page.getByTestId("memory-add-submit").click();
    await itemWith(page, "loves rainy Sunday mornings").waitFor();

    await page.getByTestId("memory-add-open").click();
    await page.getByLabel("What it is").selectOption("date");
    await page.getByTestId("memory-add-text").fill("has a driving test");
    await page.getByLabel(/^Date/).fill("2027-03-14");
    await shoot(page, "memory-add-375");
    await page.getByTestId("memory-add-submit").click();
    await itemWith(page, "has a driving test").waitFor();
    expect(await itemWith(page, "has a driving test").locator("time").textContent()).toBe("14 March 2027");

    // edit in place: Escape cancels, Enter saves
    await itemWith(page, "rainy Sunday").getByTestId("memory-edit").click();
    const field = page.getByTestId("memory-edit-input");
    await field.fill("something else");
    await field.press("Escape");
    await itemWith(page, "loves rainy Sunday mornings").waitFor();
    expect(await panel(page).isVisible()).toBe(true);

    await itemWith(page, "rainy Sunday").getByTestId("memory-edit").click();
    await page.getByTestId("memory-edit-input").fill("loves rainy Sunday mornings and strong coffee");
    await page.getByTestId("memory-edit-input").press("Enter");
    await itemWith(page, "and strong coffee").getByTestId("memory-edit").waitFor();
    await shoot(page, "memory-375");

    // an empty edit is refused in place
    await itemWith(page, "and strong coffee").getByTestId("memory-edit").click();
    await page.getByTestId("memory-edit-input").fill("   ");
    await page.getByTestId("memory-edit-input").press("Enter");
    await panel(page).getByRole("alert").filter({ hasText: "Please write what to remember." }).waitFor();
    // so is one the server turns down: its reason shows, and what was typed stays to try again
    await page.route("**/api/chats/*/memory/*", (route) =>
      route.request().method() === "PATCH"
        ? route.fulfill({
            status: 400,
            contentType: "application/json",
            body: JSON.stringify({ statusCode: 400, error: "Bad Request", message: "Not right now." }),
          })
        : route.fallback(),
    );
    await page.getByTestId("memory-edit-input").fill("loves thunderstorms");
    await page.getByTestId("memory-edit-input").press("Enter");
    await panel(page).getByRole("alert").filter({ hasText: "Not right now." }).waitFor();
    expect(await page.getByTestId("memory-edit-input").inputValue()).toBe("loves thunderstorms");
    await page.unroute("**/api/chats/*/memory/*");
    await page.getByTestId("memory-edit-input").press("Escape");
    await itemWith(page, "and strong coffee").waitFor();

    // forgetting everything asks first
    await page.getByTestId("memory-forget-all").click();
    const dialog = page.getByTestId("memory-forget-dialog");
    await dialog.waitFor();
    await dialog.getByRole("button", { name: "Keep it" }).click();
    await dialog.waitFor({ state: "detached" });
    expect(await panel(page).getByTestId("memory-item").count()).toBe(2);

    await page.getByTestId("memory-forget-all").click();
    await page.getByTestId("memory-forget-confirm").click();
    await panel(page).getByTestId("memory-empty").waitFor();
    await expect
      .poll(() =>
        panel(page)
          .getByRole("heading", { level: 2 })
          .evaluate((h) => h === document.activeElement),
      )
      .toBe(true);

    // the list is the server's: it stays empty when the sheet is opened again
    await page.getByTestId("memory-close").click();
    await panel(page).waitFor({ state: "detached" });
    expect(await toggle.evaluate((element) => element === document.activeElement)).toBe(true);
    await toggle.click();
    await panel(page).getByTestId("memory-empty").waitFor();
  });
});
