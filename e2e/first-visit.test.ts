import { describe, expect, it } from "vitest";
import { skipOverlays, useBrowser, VIEWPORTS } from "./support/browser.ts";

const browser = useBrowser();

describe("a first visit", () => {
  it("shows the age gate, with the spec's exact texts, before any content", async () => {
    const page = await browser.newPage();
    const apiCalls: string[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).pathname.startsWith("/api/")) apiCalls.push(request.url());
    });
    await page.goto("/");
    const gate = page.getByRole("dialog", { name: "Warning 18+" });
    await gate.waitFor();
    for (const text of ["This site is for adults only!", "It contains AI-generated adult content."]) {
      expect(await gate.getByText(text, { exact: true }).count()).toBe(1);
    }
    // "AI" with a capital i: a lowercase L ("Al") is read out as the name Al by screen readers
    expect(await gate.textContent()).not.toMatch(/\bAl\b/);
    for (const name of ["Terms of Service", "Privacy Policy", "I am over 18 - Continue"]) {
      expect(await gate.getByRole("button", { name, exact: true }).count(), name).toBe(1);
    }
    // no content is rendered, nor fetched, before the age is confirmed: only the visit is counted
    // (the remote configuration says whether analytics are on; see lib/analytics.ts)
    expect(await page.getByTestId("character-card").count()).toBe(0);
    expect(await page.locator("main").count()).toBe(0);
    const contentCalls = apiCalls.filter(
      (url) => !["/api/config", "/api/analytics/events"].includes(new URL(url).pathname),
    );
    expect(contentCalls).toEqual([]);
    expect(await page.getByText("We use cookies").count()).toBe(0);
  });

  it("shows the cookie banner after confirming age, and remembers both choices", async () => {
    const page = await browser.newPage();
    await page.goto("/gallery");
    await page.getByRole("button", { name: "I am over 18 - Continue" }).click();
    await page.getByRole("dialog", { name: "Warning 18+" }).waitFor({ state: "detached" });
    expect(await page.evaluate(() => localStorage.getItem("IamOver18"))).not.toBeNull();

    const banner = page.getByText("We use cookies");
    await banner.waitFor();
    expect(await page.getByRole("link", { name: "Read more" }).getAttribute("href")).toBe("/terms");
    // the banner sits at the bottom beside the interest selection, and is answered while it is open
    await page.getByRole("heading", { name: "I'm Interested in:" }).waitFor();
    await page.getByRole("button", { name: "Accept All" }).click();
    await banner.waitFor({ state: "detached" });
    expect(await page.evaluate(() => localStorage.getItem("isCookieShow"))).not.toBeNull();
    await page.getByRole("heading", { name: "I'm Interested in:" }).waitFor();

    await page.reload();
    await page.getByRole("heading", { name: "I'm Interested in:" }).waitFor();
    expect(await page.getByRole("dialog", { name: "Warning 18+" }).count()).toBe(0);
    expect(await page.getByText("We use cookies").count()).toBe(0);
  });

  for (const [label, viewport] of Object.entries(VIEWPORTS)) {
    it(`choosing Girls shows female characters (${label}, ${viewport.width} px)`, async () => {
      const page = await browser.newPage(viewport);
      await page.addInitScript(() => {
        localStorage.setItem("IamOver18", "true");
        localStorage.setItem("isCookieShow", "true");
      });
      await page.goto("/");
      await page.getByRole("heading", { name: "I'm Interested in:" }).waitFor();
      await page.getByRole("button", { name: "Girls" }).click();
      await page.waitForURL(/gender=female/);
      expect(await page.evaluate(() => localStorage.getItem("isStartedChoosing"))).toBe("female");

      const cards = page.getByTestId("character-card");
      await cards.first().waitFor();
      const genders = await cards.evaluateAll((nodes) =>
        nodes.map((node) => node.getAttribute("data-gender")),
      );
      expect(genders.length).toBeGreaterThanOrEqual(6);
      expect(new Set(genders)).toEqual(new Set(["female"]));

      // every card is on screen width-wise: the grid fits the viewport
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);

      const events = await page.evaluate(
        () =>
          (window as unknown as { __reverieAnalytics: { event: string; props?: Record<string, unknown> }[] })
            .__reverieAnalytics,
      );
      expect(events.map((entry) => entry.event)).toContain("Gender Interest Selection Pop Up Shown");
      expect(events.find((entry) => entry.event === "Gender of Interest Selected")?.props).toEqual({
        gender: "female",
      });
    });
  }

  for (const [label, viewport] of Object.entries(VIEWPORTS)) {
    it(`never stacks two dialogs: the cookie banner is a bar at the bottom beside the interest choice (${label})`, async () => {
      const page = await browser.newPage(viewport);
      // the most dialogs open at once, watched from the first paint to the end of the visit
      await page.addInitScript(() => {
        const watch = window as unknown as { mostDialogs: number };
        watch.mostDialogs = 0;
        const count = () => {
          const open = document.querySelectorAll('[role="dialog"][aria-modal="true"]').length;
          watch.mostDialogs = Math.max(watch.mostDialogs, open);
        };
        new MutationObserver(count).observe(document, { childList: true, subtree: true });
      });
      const mostDialogs = () =>
        page.evaluate(() => (window as unknown as { mostDialogs: number }).mostDialogs);

      await page.goto("/");
      await page.getByRole("button", { name: "I am over 18 - Continue" }).click();
      const interest = page.getByRole("dialog", { name: "I'm Interested in:" });
      await interest.waitFor();
      const banner = page.getByTestId("cookie-banner");
      await banner.waitFor();

      // the banner is no dialog, sits at the bottom of the screen and covers nothing of the choice
      expect(await banner.getAttribute("role")).toBeNull();
      expect(await banner.getAttribute("aria-modal")).toBeNull();
      const bannerBox = await banner.boundingBox();
      const interestBox = await interest.boundingBox();
      if (!bannerBox || !interestBox) throw new Error("the banner or the interest choice is not laid out");
      expect(bannerBox.y + bannerBox.height).toBeGreaterThan(viewport.height - 120);
      expect(bannerBox.y + bannerBox.height).toBeLessThanOrEqual(viewport.height);
      const overlaps =
        bannerBox.x < interestBox.x + interestBox.width &&
        interestBox.x < bannerBox.x + bannerBox.width &&
        bannerBox.y < interestBox.y + interestBox.height &&
        interestBox.y < bannerBox.y + bannerBox.height;
      expect(overlaps).toBe(false);
      // both tiles can be tapped: what is at their centre is the tile itself
      for (const name of ["Girls", "Guys"]) {
        const tile = interest.getByRole("button", { name, exact: true });
        const box = await tile.boundingBox();
        if (!box) throw new Error(`${name} is not laid out`);
        const hit = await page.evaluate(
          ({ x, y }) => document.elementFromPoint(x, y)?.closest("button")?.textContent ?? "",
          { x: box.x + box.width / 2, y: box.y + box.height / 2 },
        );
        expect(hit).toContain(name);
      }

      await page.getByRole("button", { name: "Accept All" }).click();
      await banner.waitFor({ state: "detached" });
      await interest.getByRole("button", { name: "Girls", exact: true }).click();
      await page.waitForURL(/gender=female/);
      await page.getByTestId("character-card").first().waitFor();
      expect(await mostDialogs()).toBe(1);
    });
  }

  it("sends an unknown route to the not-found screen", async () => {
    const page = await browser.newPage();
    await skipOverlays(page, { gender: "female" });
    await page.goto("/this/route/does-not-exist");
    await page.waitForURL("**/not-found");
    await page.getByRole("heading", { name: /not found/i }).waitFor();
  });

  it("shows /terms and /privacy_policy without the age gate", async () => {
    const page = await browser.newPage();
    for (const path of ["/terms", "/privacy_policy"]) {
      await page.goto(path);
      await page.getByRole("heading", { level: 1 }).waitFor();
      expect(await page.getByRole("dialog", { name: "Warning 18+" }).count(), path).toBe(0);
    }
  });

  it("sends signed-out visitors from a member screen to /login, keeping where they wanted to go", async () => {
    const page = await browser.newPage();
    await skipOverlays(page, { gender: "female" });
    await page.goto("/settings?tab=profile");
    await page.waitForURL("**/login");
    expect(await page.evaluate(() => localStorage.getItem("returnUrl"))).toBe("/settings?tab=profile");
  });
});
