import { describe, expect, it } from "vitest";
import { makeAdmin, signUp } from "./support/admin.ts";
import { skipOverlays, useBrowser, VIEWPORTS } from "./support/browser.ts";
import { signUpAndOpenChat, uniqueEmail } from "./support/chat.ts";

const browser = useBrowser();

async function newAdmin(label: string, viewport?: (typeof VIEWPORTS)[keyof typeof VIEWPORTS]) {
  const page = await browser.newPage(viewport);
  const email = uniqueEmail(label);
  await signUp(page, email);
  await makeAdmin(email);
  return page;
}

/** The ids of the characters a visitor's catalog of that category shows (a fresh browser, nothing cached). */
async function visitorCatalog(gender: string): Promise<string[]> {
  const visitor = await browser.newPage(VIEWPORTS.desktop);
  await skipOverlays(visitor, { gender: "male" });
  await visitor.goto(`/?gender=${gender}`);
  await visitor.getByTestId("character-card").first().waitFor();
  const ids = await visitor
    .getByTestId("character-card")
    .evaluateAll((cards) => cards.map((card) => card.getAttribute("data-model-id") ?? ""));
  await visitor.close();
  return ids;
}

describe("the console's Characters and Moderation screens", () => {
  it("an admin hides a character and a visitor's catalog no longer shows it", async () => {
    const operator = await newAdmin("catalog-operator");
    // a character of its own, so the other browser tests' catalog stays as it is
    const created = await operator.evaluate(async () => {
      const response = await fetch("/api/admin/characters", {
        method: "POST",
        headers: {
          Authorization: `Bearer ${localStorage.getItem("_accessToken")}`,
          "Content-Type": "application/json",
        },
        body: JSON.stringify({
          name: "Hideable",
          age: 29,
          gender: "anime_male",
          tagline: "Here today",
          description: "A wandering painter who never stays long.",
          personality: "Gentle",
          first_msg: "Oh, hello.",
        }),
      });
      return (await response.json()) as { id: number };
    });
    expect(await visitorCatalog("anime_male")).toContain(String(created.id));

    await operator.goto("/admin/characters");
    await operator.getByRole("tab", { name: "Anime guys" }).click();
    const row = operator.locator(`[data-testid="admin-character-row"][data-character-id="${created.id}"]`);
    await row.getByTestId("admin-character-visibility").click();
    await operator
      .locator(`[data-testid="admin-character-row"][data-character-id="${created.id}"][data-hidden="true"]`)
      .waitFor();

    const after = await visitorCatalog("anime_male");
    expect(after.length).toBeGreaterThan(0);
    expect(after).not.toContain(String(created.id));
  });

  it("a user reports a message and it shows in the moderation queue", async () => {
    const member = await browser.newPage(VIEWPORTS.mobile);
    const memberEmail = uniqueEmail("reporter");
    await signUpAndOpenChat(member, memberEmail);
    const greeting = member.locator('[data-testid="chat-message"][data-from="model"]').first();
    await greeting.getByTestId("report-button").click();
    await member.getByTestId("report-dialog").waitFor();
    await member.getByTestId("report-reason").selectOption("violence");
    await member.getByTestId("report-submit").click();
    await member.getByTestId("report-toast").waitFor();

    const operator = await newAdmin("moderation-operator", VIEWPORTS.mobile);
    await operator.goto("/admin/moderation");
    const report = operator.getByTestId("admin-report").filter({ hasText: memberEmail });
    await report.waitFor();
    expect(await report.textContent()).toContain("violence");
    // the console fits a 375 px phone
    expect(await operator.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      VIEWPORTS.mobile.width,
    );

    await report.getByLabel("Reason").fill("Fiction, fine");
    await report.getByTestId("admin-report-dismiss").click();
    await report.waitFor({ state: "detached" });

    // the Characters screen fits the phone too
    await operator.goto("/admin/characters");
    await operator.getByTestId("admin-character-row").first().waitFor();
    expect(await operator.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      VIEWPORTS.mobile.width,
    );

    // a character's page: a new bundle made with its form, and the page still fits the phone
    await operator.goto("/admin/characters/1");
    const form = operator.getByTestId("admin-new-bundle");
    await form.getByLabel("Title").fill("Phone-made set");
    await form.getByLabel("Description").fill("Made at 375 px.");
    await form.getByRole("button", { name: "Create bundle" }).click();
    await operator.getByTestId("admin-bundle-card").filter({ hasText: "Phone-made set" }).waitFor();
    expect(await operator.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      VIEWPORTS.mobile.width,
    );
  });
});
