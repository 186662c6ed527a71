import type { Page } from "playwright-core";

/**
 * Walks the character constructor from its current step, taking the first offered option of every
 * trait not chosen yet (and `category`, where the constructor asks for it), names the character and
 * creates it.
 */
export async function buildCharacter(
  page: Page,
  name: string,
  options: { age: string; category?: "female" | "male" },
) {
  await page.getByTestId("create-step").waitFor();
  for (let step = 0; step < 20; step += 1) {
    if (await page.getByTestId("builder-create").isVisible()) break;
    if (options.category) {
      const category = page.locator(
        `[data-testid="trait-option"][data-trait="gender"][data-value="${options.category}"]`,
      );
      if (await category.isVisible()) await category.click();
    }
    const pickers = page.locator('[data-testid="create-step"] [data-testid="trait-picker"]');
    for (let index = 0; index < (await pickers.count()); index += 1) {
      const picker = pickers.nth(index);
      if ((await picker.locator('[data-testid="trait-option"][aria-pressed="true"]').count()) > 0) continue;
      await picker.locator('[data-testid="trait-option"]:not([disabled])').first().click();
    }
    if (await page.getByTestId("character-name").isVisible()) {
      await page.getByTestId("character-name").fill(name);
      await page.getByTestId("character-age").fill(options.age);
    }
    await page.getByTestId("builder-next").click();
  }
  await page.getByTestId("builder-create").click();
}
