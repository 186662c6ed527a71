import { mkdir } from "node:fs/promises";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { arrangeAccount, useBrowser } from "./support/browser.ts";
import { send, signUpAndOpenChat, storedReplies, uniqueEmail } from "./support/chat.ts";

const browser = useBrowser();

/** A V2 card with its first message and two alternate greetings. */
const GREETINGS = [
  "The lamp room smells of oil and salt. I'm {{char}}, and you're late.",
  "*{{char}} waves from the lighthouse gallery* You made it through the storm!",
  "Rain again. {{char}} sets two mugs of cocoa by the lamp.",
];
const CARD = {
  spec: "chara_card_v2",
  spec_version: "2.0",
  data: {
    name: "Mira Solenne",
    description: "Mira, 29, keeps the lighthouse on a cold northern island.",
    personality: "dry, warm underneath, fond of storms",
    scenario: "",
    first_mes: GREETINGS[0],
    mes_example: "",
    creator_notes: "",
    system_prompt: "",
    post_history_instructions: "",
    alternate_greetings: GREETINGS.slice(1),
    tags: [],
    creator: "e2e",
    character_version: "1",
    extensions: {},
  },
};
const shown = (text: string | undefined) => (text ?? "").replaceAll("{{char}}", "Mira Solenne");

/** Screenshots for people to look at, outside the repository. */
const SHOTS = "/tmp/greeting-shots";

async function shoot(page: Page, name: string) {
  await mkdir(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png` }).catch(() => undefined);
}

const firstMessage = (page: Page) => storedReplies(page).first();
const position = (page: Page) => page.getByTestId("greeting-position").textContent();

describe("choosing the first message among a card's greetings", () => {
  it("flips to the second greeting, keeps it, and the arrows go once the user replies", async () => {
    const page = await browser.newPage();
    const email = uniqueEmail("greetings");
    await signUpAndOpenChat(page, email);
    // premium includes characters each month
    arrangeAccount(email, { plan: "premium" });
    await page.reload();

    await page.goto("/my_ais");
    await page.getByTestId("import-card").first().click();
    await page.getByTestId("card-file").setInputFiles({
      name: "mira-solenne.json",
      mimeType: "application/json",
      buffer: Buffer.from(JSON.stringify(CARD)),
    });
    await page.getByTestId("card-age").fill("29");
    await page.getByTestId("card-import-submit").click();
    await page.waitForURL((url) => /^\/my_ais\/\d+$/.test(url.pathname), { timeout: 20_000 });
    await page.getByTestId("chat-with-character").click();
    await page.getByTestId("conversation").waitFor();

    await page.getByTestId("greeting-arrows").waitFor();
    expect(await position(page)).toBe("1 / 3");
    expect(await firstMessage(page).getByTestId("message-text").textContent()).toBe(shown(GREETINGS[0]));
    expect(await page.getByTestId("greeting-previous").isDisabled()).toBe(true);

    await page.getByTestId("greeting-next").click();
    await expect.poll(() => position(page)).toBe("2 / 3");
    await expect
      .poll(() => firstMessage(page).getByTestId("message-text").textContent())
      .toBe(shown(GREETINGS[1]));
    await shoot(page, "second-greeting");

    // the flip chose it: the chat opens again with the second greeting
    await page.reload();
    await page.getByTestId("greeting-arrows").waitFor();
    expect(await position(page)).toBe("2 / 3");
    expect(await firstMessage(page).getByTestId("message-text").textContent()).toBe(shown(GREETINGS[1]));

    const before = await storedReplies(page).count();
    await send(page, "Hello Mira, the storm was something.");
    await expect.poll(() => storedReplies(page).count(), { timeout: 30_000 }).toBeGreaterThan(before);
    expect(await page.getByTestId("greeting-arrows").count()).toBe(0);
    expect(await firstMessage(page).getByTestId("message-text").textContent()).toBe(shown(GREETINGS[1]));
  });
});
