import type { ServerResponse } from "node:http";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RecordedRequest, startFakeUpstream } from "../apps/server/test/helpers/fake-upstream.ts";
import { arrangeAccount, skipOverlays, useBrowser } from "./support/browser.ts";
import { buildCharacter } from "./support/characters.ts";
import { send, signUpAndOpenChat, storedReplies, uniqueEmail } from "./support/chat.ts";
import { buyTokens, checkoutOutcome, payWithCard, TEST_CARDS, tokenCount } from "./support/payments.ts";
import { useOwnServer } from "./support/server.ts";

const browser = useBrowser();
const CARD_WITH_LOREBOOK = path.resolve(
  import.meta.dirname,
  "../apps/server/test/fixtures/cards/v2-lorebook.png",
);

describe("custom characters in the browser", () => {
  it("builds a character step by step: its portrait arrives, then the user chats with it", async () => {
    const page = await browser.newPage();
    const email = uniqueEmail("builder");
    await signUpAndOpenChat(page, email);
    // premium includes characters each month
    arrangeAccount(email, { plan: "premium" });
    await page.reload();

    await page.goto("/create_ai");
    await buildCharacter(page, "Nova", { age: "27", category: "female" });
    await page.waitForURL((url) => /^\/my_ais\/\d+$/.test(url.pathname), { timeout: 20_000 });
    await page
      .locator('[data-testid="my-ai-details"][data-portrait-status="ready"]')
      .waitFor({ timeout: 30_000 });
    const failedCalls: string[] = [];
    page.on("response", (response) => {
      const { pathname } = new URL(response.url());
      if (pathname.startsWith("/api/") && response.status() >= 400) {
        failedCalls.push(`${response.status()} ${response.request().method()} ${pathname}`);
      }
    });
    await page.getByTestId("chat-with-character").click();
    await page.waitForURL((url) => /^\/chat\/\d+$/.test(url.pathname));
    await page.getByTestId("conversation").waitFor();
    // the one call that opens the chat tells who the character is: their profile, no 404 on the way
    await page.getByTestId("character-profile").getByText("Nova").first().waitFor();
    expect(failedCalls).toEqual([]);
    const before = await storedReplies(page).count();
    await send(page, "Hi Nova, tell me about your day");
    await expect.poll(() => storedReplies(page).count(), { timeout: 30_000 }).toBe(before + 1);
  });

  it("a free-plan user's new character opens with the Premium offer; after subscribing, they chat with it", async () => {
    const page = await browser.newPage();
    await signUpAndOpenChat(page, uniqueEmail("paywall-builder"));
    await buyTokens(page, "tokens_100");

    await page.goto("/create_ai");
    await buildCharacter(page, "Iris", { age: "26", category: "female" });
    await page.waitForURL(
      (url) => url.pathname === "/my_ai" && url.searchParams.get("callback") === "paywall",
      {
        timeout: 20_000,
      },
    );
    const offer = page.getByTestId("creation-paywall-offer");
    await offer.getByText("Iris is ready").waitFor();
    const stored = await page.evaluate(() => ({
      character: JSON.parse(localStorage.getItem("paywall_ai") ?? "null") as {
        id: number;
        name: string;
      } | null,
      callback: localStorage.getItem("callback"),
    }));
    expect(stored.character?.name).toBe("Iris");
    // spent: the next character goes the usual way
    expect(stored.callback).toBeNull();

    await offer.getByTestId("creation-paywall-link").click();
    await page.waitForURL((url) => url.pathname === "/paywall");
    await page
      .locator('[data-testid="plan-card"][data-plan-id="premium_1_month"]')
      .getByTestId("choose-plan")
      .click();
    await payWithCard(page, TEST_CARDS.approves);
    expect(await checkoutOutcome(page)).toBe("premium-started");
    await page.getByTestId("checkout-continue").click();
    await page.waitForURL((url) => url.pathname === `/my_ais/${stored.character?.id}`);
    await page.getByTestId("my-ai-details").waitFor();
    expect(await page.getByTestId("creation-paywall-offer").count()).toBe(0);

    await page.getByTestId("chat-with-character").click();
    await page.waitForURL((url) => url.pathname === `/chat/${stored.character?.id}`);
    await page.getByTestId("conversation").waitFor();
    const before = await storedReplies(page).count();
    await send(page, "Hi Iris, I went premium for you");
    await expect.poll(() => storedReplies(page).count(), { timeout: 30_000 }).toBe(before + 1);
  });

  it("/my_ai with no new character kept says so and offers the constructor", async () => {
    const page = await browser.newPage();
    await signUpAndOpenChat(page, uniqueEmail("my-ai-empty"));
    await page.goto("/my_ai");
    await page.getByTestId("my-ai-empty").waitFor();
    expect(new URL(page.url()).pathname).toBe("/my_ai");
    await page.getByTestId("my-ai-empty").getByRole("link", { name: "Create your AI" }).click();
    await page.waitForURL((url) => url.pathname === "/create_ai");
  });

  it("generates 2 pictures of a character: they appear and the balance drops once per picture", async () => {
    const page = await browser.newPage();
    await signUpAndOpenChat(page, uniqueEmail("pictures"));
    await buyTokens(page, "tokens_100");
    await page.goto("/generate_image?model_id=1");
    await page.getByTestId("image-prompt").fill("reading a book in a sunny café");
    await page.locator('[data-testid="image-count"] [data-count="2"]').click();
    await page.getByTestId("generate-images").click();
    await page
      .locator('[data-testid="generation-progress"][data-status="done"]')
      .waitFor({ timeout: 60_000 });
    expect(await page.getByTestId("generated-image").count()).toBe(2);
    const perPicture = Number(await page.getByTestId("image-price").getAttribute("data-per-picture"));
    expect(perPicture).toBeGreaterThan(0);
    await expect.poll(() => tokenCount(page)).toBe(100 - 2 * perPicture);
  });
});

describe("an imported card with a real LLM", () => {
  let upstream: Awaited<ReturnType<typeof startFakeUpstream>>;
  const requests: RecordedRequest[] = [];

  beforeAll(async () => {
    upstream = await startFakeUpstream((_req, res: ServerResponse, body) => {
      if (body) requests.push({ method: "POST", path: "", headers: {}, body });
      res.writeHead(200, { "content-type": "text/event-stream; charset=utf-8", "cache-control": "no-cache" });
      const chunk = (delta: object, finish: string | null = null) =>
        `data: ${JSON.stringify({
          id: "chatcmpl-e2e",
          object: "chat.completion.chunk",
          created: 1_700_000_000,
          model: "test-model",
          choices: [{ index: 0, delta, finish_reason: finish }],
        })}\n\n`;
      res.end(
        `${chunk({ role: "assistant", content: "" })}${chunk({ content: "The light has been dark a long time." })}${chunk({}, "stop")}data: [DONE]\n\n`,
      );
    });
  });
  afterAll(async () => {
    await upstream?.close();
  });
  // started after the upstream it is pointed at, and stopped before it
  const server = useOwnServer((port) => ({
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    LLM_BASE_URL: `${upstream.url}/v1`,
    LLM_MODEL: "test-model",
  }));

  it("imports a V2 PNG card and chats with it: its lorebook entry is in the prompt", async () => {
    const page = await browser.newPage();
    const base = server.base();
    await skipOverlays(page, { gender: "female" });
    await signUpAndOpenChat(page, uniqueEmail("card"), { baseURL: base });
    // a character costs tokens on the free plan
    await buyTokens(page, "tokens_100", base);
    await page.goto(`${base}/my_ais`);
    await page.getByTestId("import-card").first().click();
    await page.getByTestId("card-file").setInputFiles(CARD_WITH_LOREBOOK);
    await page.getByTestId("card-age").fill("30");
    await page.getByTestId("card-import-submit").click();
    await page.waitForURL((url) => /^\/my_ais\/\d+$/.test(url.pathname), { timeout: 20_000 });
    await page.getByTestId("chat-with-character").click();
    await page.getByTestId("conversation").waitFor();
    requests.length = 0;
    await send(page, "Have you been to the lighthouse lately?");
    // the reply streams; the memory's extraction request that follows it does not
    const replyRequests = () =>
      requests.filter((request) => (request.body as { stream?: boolean }).stream === true);
    await expect.poll(() => replyRequests().length, { timeout: 30_000 }).toBeGreaterThan(0);
    const prompt = JSON.stringify(replyRequests().at(-1)?.body);
    expect(prompt).toContain("Cape Ferro");
  });
});
