import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { useBrowser } from "./support/browser.ts";
import { signUpAndOpenChat, uniqueEmail } from "./support/chat.ts";
import { buyTokens } from "./support/payments.ts";

const browser = useBrowser();

/** Shares of red and blue pixels on the torso (bottom-centre band), and the sky's brightness (top band). */
async function pictureColours(page: Page) {
  const image = page.locator('[data-testid="generated-image"] img').first();
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), {
      timeout: 20_000,
    })
    .toBeGreaterThan(0);
  return image.evaluate((img: HTMLImageElement) => {
    const canvas = document.createElement("canvas");
    canvas.width = img.naturalWidth;
    canvas.height = img.naturalHeight;
    const context = canvas.getContext("2d");
    if (!context) throw new Error("no 2d canvas");
    context.drawImage(img, 0, 0);
    const { width: W, height: H } = canvas;
    const torso = context.getImageData(
      Math.round(W * 0.3),
      Math.round(H * 0.85),
      Math.round(W * 0.4),
      Math.round(H * 0.15),
    ).data;
    let red = 0;
    let blue = 0;
    for (let i = 0; i < torso.length; i += 4) {
      const [r, g, b] = [torso[i] as number, torso[i + 1] as number, torso[i + 2] as number];
      if (r > 110 && r > g * 1.8 && r > b * 1.6) red += 1;
      if (b > 110 && b > r * 1.5 && b > g * 1.15) blue += 1;
    }
    const sky = context.getImageData(0, 0, W, Math.round(H * 0.06)).data;
    let light = 0;
    for (let i = 0; i < sky.length; i += 4)
      light += ((sky[i] as number) + (sky[i + 1] as number) + (sky[i + 2] as number)) / 3;
    return { red: red / (torso.length / 4), blue: blue / (torso.length / 4), sky: light / (sky.length / 4) };
  });
}

async function generate(page: Page, prompt: string) {
  await page.getByTestId("image-prompt").fill(prompt);
  await page.getByTestId("generate-images").click();
  await page.locator('[data-testid="generation-progress"][data-status="done"]').waitFor({ timeout: 60_000 });
  return pictureColours(page);
}

describe("pictures follow what was typed", () => {
  it("offers the offline renderer's illustration style, and draws the place, time and clothes typed", async () => {
    const page = await browser.newPage();
    await signUpAndOpenChat(page, uniqueEmail("prompted"));
    // the chat's style switch names the style as the server draws it, too
    await page.getByTestId("realistic-toggle").getByText("Illustration").waitFor();
    expect(await page.getByTestId("realistic-toggle").getByText("Realistic").count()).toBe(0);
    await buyTokens(page, "tokens_100");
    await page.goto("/generate_image?model_id=1");

    // the offline renderer draws illustrations: no "Realistic" on offer, and the screen says so
    const styles = page.getByTestId("image-style");
    await styles.locator('[data-style="realistic"]').waitFor();
    expect(await styles.locator('[data-style="realistic"]').textContent()).toBe("Illustration");
    expect(await styles.getByText("Realistic").count()).toBe(0);
    await page.getByTestId("image-medium-note").getByText("illustrations, not photos").waitFor();

    const bridge = await generate(page, "Charles Bridge at night, violin, red coat");
    const beach = await generate(page, "at the beach on a sunny day, blue hoodie");
    expect(bridge.red).toBeGreaterThan(0.2);
    expect(beach.red).toBeLessThan(0.05);
    expect(beach.blue).toBeGreaterThan(0.2);
    expect(bridge.blue).toBeLessThan(0.05);
    expect(bridge.sky).toBeLessThan(beach.sky * 0.5);
  });

  it("the builder's preview shows the face with the chosen ethnicity, hair and eyes", async () => {
    const page = await browser.newPage();
    await signUpAndOpenChat(page, uniqueEmail("preview"));
    await page.goto("/create_ai");
    await page.getByTestId("create-step").waitFor();
    await page.locator('[data-testid="trait-option"][data-trait="gender"][data-value="female"]').click();
    await page.getByTestId("builder-next").click();
    const option = (trait: string, value: string) =>
      page.locator(
        `[data-testid="create-step"] [data-testid="trait-option"][data-trait="${trait}"][data-value="${value}"]`,
      );
    await option("ethnicity", "latin").click();
    await option("hair_style", "wavy_red").click();
    await option("eyes_color", "green").click();
    const portrait = page
      .locator('[data-testid="character-preview"] [data-testid="preview-portrait"]')
      .last();
    await expect
      .poll(() => portrait.getAttribute("src"))
      .toMatch(/ethnicity=latin.*hair_style=wavy_red.*eyes_color=green/);
    await expect
      .poll(() => portrait.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), {
        timeout: 20_000,
      })
      .toBeGreaterThan(0);
  });
});
