import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { useBrowser, VIEWPORTS } from "./support/browser.ts";
import { signUpAndOpenChat, uniqueEmail } from "./support/chat.ts";
import { buyTokens, tokenCount } from "./support/payments.ts";

const browser = useBrowser();

/** A picture that is the file its buyer paid for: signed, not a blurred stand-in, drawn, not blurred by CSS. */
async function isSharp(image: Locator): Promise<boolean> {
  return image.evaluate((element) => {
    const img = element as HTMLImageElement;
    const src = img.getAttribute("src") ?? "";
    return (
      src.includes("/media-private/") &&
      !src.includes("/previews/") &&
      img.complete &&
      img.naturalWidth > 0 &&
      !getComputedStyle(img).filter.includes("blur")
    );
  });
}

async function allSharp(images: Locator): Promise<boolean> {
  const count = await images.count();
  if (count === 0) return false;
  for (let index = 0; index < count; index += 1) {
    if (!(await isSharp(images.nth(index)))) return false;
  }
  return true;
}

/** A touch swipe across the viewer: what a phone's finger sends as pointer events. */
async function swipe(page: Page, direction: "left" | "right") {
  const stage = page.getByTestId("media-lightbox").locator("img, video").first();
  const box = await stage.boundingBox();
  if (!box) throw new Error("the viewer shows nothing to swipe");
  const y = box.y + box.height / 2;
  const [from, to] =
    direction === "left"
      ? [box.x + box.width * 0.8, box.x + box.width * 0.2]
      : [box.x + box.width * 0.2, box.x + box.width * 0.8];
  const touch = { pointerType: "touch", pointerId: 11, isPrimary: true, bubbles: true, clientY: y };
  await stage.dispatchEvent("pointerdown", { ...touch, clientX: from });
  await stage.dispatchEvent("pointerup", { ...touch, clientX: to });
}

const position = (page: Page) => page.getByTestId("lightbox-position").textContent();

describe("a bought gallery pack (decision 37)", () => {
  it("shows its pictures and cover sharp, opens each full size and browses them, also after a reload", async () => {
    const page = await browser.newPage(VIEWPORTS.mobile);
    await signUpAndOpenChat(page, uniqueEmail("pack"));
    await buyTokens(page, "tokens_350");

    await page.goto("/gallery");
    const card = page.locator('[data-testid="gallery-packs"] [data-testid="bundle-card"]').first();
    await card.waitFor();
    const bundleId = await card.getAttribute("data-bundle-id");
    const price = Number(((await card.getByTestId("bundle-price").textContent()) ?? "").replace(/\D/g, ""));
    await card.click();
    const dialog = page.getByTestId("bundle-dialog");
    // locked: blurred stand-ins that open nothing
    await dialog.locator("ul img").first().waitFor();
    expect(await dialog.getByTestId("bundle-item-open").count()).toBe(0);

    await dialog.getByTestId("bundle-unlock").click();
    await dialog.getByTestId("confirm-bundle-purchase").click();
    await dialog.getByTestId("bundle-unlocked").waitFor();
    await expect.poll(() => tokenCount(page)).toBe(350 - price);

    // the window itself turns sharp, without a reload
    const tiles = dialog.getByTestId("bundle-item-open");
    await expect.poll(() => tiles.count(), { timeout: 10_000 }).toBeGreaterThan(2);
    const total = await tiles.count();
    await expect.poll(() => allSharp(tiles.locator("img")), { timeout: 10_000 }).toBe(true);

    // a tap opens the picture full size
    await tiles.nth(0).click();
    const viewer = page.getByTestId("media-lightbox");
    await viewer.waitFor();
    const full = viewer.getByTestId("lightbox-image");
    await expect.poll(() => isSharp(full)).toBe(true);
    expect(await full.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThanOrEqual(720);
    expect(await position(page)).toBe(`1 / ${total}`);

    // browse: the next button, the arrow keys, a swipe either way
    await viewer.getByTestId("lightbox-next").click();
    expect(await position(page)).toBe(`2 / ${total}`);
    await page.keyboard.press("ArrowRight");
    expect(await position(page)).toBe(`3 / ${total}`);
    await page.keyboard.press("ArrowLeft");
    expect(await position(page)).toBe(`2 / ${total}`);
    await swipe(page, "left");
    expect(await position(page)).toBe(`3 / ${total}`);
    await swipe(page, "right");
    expect(await position(page)).toBe(`2 / ${total}`);
    await viewer.getByTestId("lightbox-previous").click();
    expect(await position(page)).toBe(`1 / ${total}`);
    expect(await viewer.getByTestId("lightbox-previous").isDisabled()).toBe(true);
    await expect.poll(() => isSharp(viewer.getByTestId("lightbox-image"))).toBe(true);

    // Escape closes the viewer only, then the pack's window
    await page.keyboard.press("Escape");
    await viewer.waitFor({ state: "detached" });
    expect(await dialog.isVisible()).toBe(true);
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });

    // the card says it is the user's, with a sharp cover; so after a reload, and on the item's own page
    const owned = page.locator(`[data-testid="gallery-packs"] [data-bundle-id="${bundleId}"]`);
    await owned.getByTestId("bundle-owned").waitFor();
    await page.reload();
    await owned.getByTestId("bundle-owned").waitFor();
    await expect.poll(() => isSharp(owned.locator("img").first()), { timeout: 10_000 }).toBe(true);
    await expect.poll(() => allSharp(owned.locator("img"))).toBe(true);
    await owned.click();
    await expect
      .poll(() => allSharp(dialog.getByTestId("bundle-item-open").locator("img")), { timeout: 10_000 })
      .toBe(true);
    await dialog.getByTestId("bundle-item-open").nth(1).click();
    expect(await position(page)).toBe(`2 / ${total}`);
    await expect.poll(() => isSharp(page.getByTestId("lightbox-image"))).toBe(true);
  });
});
