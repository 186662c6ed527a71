import { describe, expect, it } from "vitest";
import { skipOverlays, useBrowser, VIEWPORTS } from "./support/browser.ts";

const browser = useBrowser();

describe("browsing the catalog", () => {
  it("opens a character page from the catalog, with the character's first message", async () => {
    const page = await browser.newPage(VIEWPORTS.desktop);
    await skipOverlays(page, { gender: "male" });
    await page.goto("/?gender=male");
    const card = page.getByTestId("character-card").first();
    await card.waitFor();
    expect(await card.getAttribute("data-gender")).toBe("male");
    await card.click();
    await page.waitForURL(/\/chat\/\d+$/);
    const id = page.url().split("/").pop();
    const model = await (await fetch(`${browser.baseURL()}/api/models/${id}`)).json();
    await page
      .getByRole("heading", { name: new RegExp(model.name) })
      .first()
      .waitFor();
    await page.getByText(model.first_msg).first().waitFor();
  });

  it("browses the gallery and opens one item", async () => {
    const page = await browser.newPage(VIEWPORTS.mobile);
    await skipOverlays(page, { gender: "female" });
    await page.goto("/gallery");
    const items = page.getByTestId("gallery-item");
    await items.first().waitFor();
    expect(await items.count()).toBeGreaterThan(6);
    await items.first().click();
    await page.waitForURL(/\/gallery\/\d+$/);
    // the media of the item loads (an image or a video)
    await page.locator("main img, main video").first().waitFor();
  });

  it("loads the character images for real", async () => {
    const page = await browser.newPage(VIEWPORTS.desktop);
    await skipOverlays(page, { gender: "female" });
    await page.goto("/explore?gender=anime_female");
    await page.getByTestId("character-card").first().waitFor();
    await page.waitForLoadState("networkidle");
    const broken = await page.evaluate(() =>
      [...document.querySelectorAll("img")]
        .filter((img) => img.complete && img.naturalWidth === 0)
        .map((img) => img.src),
    );
    expect(broken).toEqual([]);
  });
});
