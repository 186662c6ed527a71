import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { skipOverlays, useBrowser, VIEWPORTS } from "./support/browser.ts";
import { uniqueEmail } from "./support/chat.ts";

const browser = useBrowser();

interface TabReport {
  list: string;
  tab: string;
  /** fully inside its list's visible box and the viewport as the page opens */
  visible: boolean;
  /** the list scrolls sideways and marks the end that hides tabs */
  signalled: boolean;
  /** fully visible once scrolled to */
  reachable: boolean;
}

/** Every tab of every tab list on the page: on screen, or reachable by scrolling a list that says so. */
async function tabReports(page: Page): Promise<TabReport[]> {
  return page.evaluate(() => {
    const inside = (box: DOMRect, frame: { left: number; right: number }) =>
      box.left >= frame.left - 0.5 && box.right <= frame.right + 0.5;
    const reports: TabReport[] = [];
    for (const list of document.querySelectorAll<HTMLElement>('[role="tablist"]')) {
      const frame = () => {
        const box = list.getBoundingClientRect();
        return { left: Math.max(0, box.left), right: Math.min(window.innerWidth, box.right) };
      };
      const tabs = [...list.querySelectorAll<HTMLElement>('[role="tab"]')];
      const visible = tabs.map((tab) => inside(tab.getBoundingClientRect(), frame()));
      const scrolls = list.scrollWidth > list.clientWidth;
      const signalled =
        scrolls && (list.dataset.overflowEnd !== undefined || list.dataset.overflowStart !== undefined);
      tabs.forEach((tab, index) => {
        tab.scrollIntoView({ block: "nearest", inline: "nearest", behavior: "instant" });
        reports.push({
          list: list.getAttribute("aria-label") ?? "",
          tab: tab.textContent ?? "",
          visible: visible[index] ?? false,
          signalled,
          reachable: inside(tab.getBoundingClientRect(), frame()),
        });
      });
      list.scrollLeft = 0;
    }
    return reports;
  });
}

async function expectNoClippedTab(page: Page, where: string) {
  await page.locator('[role="tablist"]').first().waitFor();
  const reports = await tabReports(page);
  expect(reports.length, where).toBeGreaterThan(0);
  for (const report of reports) {
    const ok = report.visible || (report.signalled && report.reachable);
    expect(ok, `${where}: "${report.tab}" in ${report.list} ${JSON.stringify(report)}`).toBe(true);
  }
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, where).toBeLessThanOrEqual(0);
}

describe("tabs on a 375 px phone", () => {
  it("shows every category tab whole, 'Anime guys' included, or scrolls to it with the cut end faded", async () => {
    const page = await browser.newPage(VIEWPORTS.mobile);
    await skipOverlays(page, { gender: "female" });
    for (const path of ["/", "/gallery"]) {
      await page.goto(path);
      await page.getByRole("tab", { name: "Anime guys" }).waitFor();
      await expectNoClippedTab(page, path);
    }

    await page.goto("/register");
    await page.getByLabel("Email").fill(uniqueEmail("tabs"));
    await page.getByLabel("Password", { exact: true }).fill("tabs-pass-1");
    await page.getByRole("button", { name: "Create account" }).click();
    await page.waitForFunction(() => localStorage.getItem("_accessToken") !== null);
    for (const path of ["/my_ais", "/generate_image"]) {
      await page.goto(path);
      await expectNoClippedTab(page, path);
    }
  });

  it("fades the hidden end of a list too wide for its space, and scrolls the chosen tab into view", async () => {
    const page = await browser.newPage({ width: 300, height: 700 });
    await skipOverlays(page, { gender: "female" });
    await page.goto("/");
    const list = page.getByRole("tablist", { name: "Category" });
    await list.waitFor();
    await expectNoClippedTab(page, "/ at 300 px");
    expect(await list.getAttribute("data-overflow-end")).toBe("true");
    await page.getByRole("tab", { name: "Girls", exact: true }).focus();
    await page.keyboard.press("End");
    await expect
      .poll(() => page.getByRole("tab", { name: "Anime guys" }).getAttribute("aria-selected"))
      .toBe("true");
    await expect
      .poll(() =>
        page.evaluate(() => {
          const tab = document.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]');
          const box = tab?.getBoundingClientRect();
          const frame = tab?.closest('[role="tablist"]')?.getBoundingClientRect();
          return Boolean(box && frame && box.right <= frame.right + 0.5 && box.left >= frame.left - 0.5);
        }),
      )
      .toBe(true);
    // the fade follows the list's scroll events, a frame after the scroll itself
    await expect.poll(() => list.getAttribute("data-overflow-start")).toBe("true");
  });
});
