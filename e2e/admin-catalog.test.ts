import type { Page } from "playwright-core";
import sharp from "sharp";
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

/** A plain PNG for the upload controls. */
async function pngFile(name: string, color: string) {
  const buffer = await sharp({ create: { width: 300, height: 400, channels: 3, background: color } })
    .png()
    .toBuffer();
  return { name, mimeType: "image/png", buffer };
}

/** Creates a catalog character of its own by the API, so other tests' catalog stays as it is. */
async function createCharacter(operator: Page, name: string): Promise<{ id: number }> {
  return operator.evaluate(async (characterName) => {
    const response = await fetch("/api/admin/characters", {
      method: "POST",
      headers: {
        Authorization: `Bearer ${localStorage.getItem("_accessToken")}`,
        "Content-Type": "application/json",
      },
      body: JSON.stringify({
        name: characterName,
        age: 31,
        gender: "anime_male",
        tagline: "Freshly drawn",
        description: "A lighthouse keeper who paints the sea at night.",
        personality: "Calm",
        first_msg: "The lamp is lit. Come in.",
      }),
    });
    return (await response.json()) as { id: number };
  }, name);
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

  it("the Admin link is in the account menu of operators only", async () => {
    const member = await browser.newPage(VIEWPORTS.mobile);
    await signUpAndOpenChat(member, uniqueEmail("not-an-operator"));
    await member.getByTestId("account-menu-button").click();
    await member.getByTestId("nav-log-out").waitFor();
    expect(await member.getByTestId("nav-admin").count()).toBe(0);

    const operator = await newAdmin("menu-operator", VIEWPORTS.mobile);
    await operator.goto("/settings");
    await operator.getByTestId("account-menu-button").click();
    await operator.getByRole("menuitem", { name: "Admin" }).click();
    await operator.waitForURL((url) => url.pathname === "/admin");
    await operator.getByTestId("admin-console").waitFor();
  });

  it("the character editor: the name in the heading, pictures previewed before upload or removed, labels apart", async () => {
    const operator = await newAdmin("editor-operator");
    const created = await createCharacter(operator, "Lighthouse Keeper");
    await operator.goto(`/admin/characters/${created.id}`);
    await operator.getByTestId("admin-character-editor").waitFor();
    await expect
      .poll(() => operator.getByRole("heading", { level: 1 }).textContent())
      .toBe("Lighthouse Keeper");

    // the portrait: a styled control, a preview of the chosen picture, removed before sending
    const portrait = operator.getByTestId("admin-portrait");
    await portrait.getByRole("button", { name: "Choose a picture" }).waitFor();
    // the browser's own file input is not what the operator sees
    expect(
      (await portrait.getByTestId("admin-portrait-input").boundingBox())?.width ?? 0,
    ).toBeLessThanOrEqual(1);
    await portrait.getByTestId("admin-portrait-input").setInputFiles(await pngFile("sea.png", "#3060a0"));
    const preview = portrait.getByTestId("admin-portrait-preview");
    expect(await preview.getByRole("img").getAttribute("src")).toMatch(/^blob:/);
    expect(await preview.textContent()).toContain("sea.png");
    await portrait.getByTestId("admin-portrait-remove").click();
    await preview.waitFor({ state: "detached" });
    await portrait.getByTestId("admin-portrait-choose").waitFor();

    // chosen again and uploaded: the new portrait replaces the preview
    await portrait.getByTestId("admin-portrait-input").setInputFiles(await pngFile("lamp.png", "#d08020"));
    await portrait.getByTestId("admin-portrait-upload").click();
    await portrait.getByTestId("admin-portrait-current").waitFor();
    expect(await portrait.getByTestId("admin-portrait-current").getAttribute("src")).toMatch(/\/media\//);

    // a gallery photo: previewed, added, listed with its label apart from its delete button
    const gallery = operator.getByTestId("admin-media");
    await gallery.getByTestId("admin-media-input").setInputFiles(await pngFile("waves.png", "#20a0a0"));
    await gallery.getByTestId("admin-media-preview").waitFor();
    await gallery.getByTestId("admin-media-upload").click();
    const item = operator.getByTestId("admin-media-item").first();
    // the upload ends in the listed photo or in a notice: a notice fails with its words
    const failure = operator.getByTestId("admin-upload-failure");
    await Promise.race([item.waitFor(), failure.waitFor()]);
    if (!(await item.isVisible())) throw new Error(`the upload failed: ${await failure.textContent()}`);
    expect(await item.getByTestId("admin-media-label").textContent()).toBe("Photo");
    // the label and the delete button stand apart ("photoDelete" ran together)
    const labelBox = await item.getByTestId("admin-media-label").boundingBox();
    const deleteButton = item.getByRole("button", { name: "Delete photo 1" });
    const buttonBox = await deleteButton.boundingBox();
    if (!labelBox || !buttonBox) throw new Error("the label or the delete button is not shown");
    const apart =
      buttonBox.x >= labelBox.x + labelBox.width + 8 || buttonBox.y >= labelBox.y + labelBox.height;
    expect(apart).toBe(true);
    await deleteButton.click();
    await item.getByRole("button", { name: "Delete for good" }).click();
    await operator.getByTestId("admin-media-item").waitFor({ state: "detached" });
  });
});
