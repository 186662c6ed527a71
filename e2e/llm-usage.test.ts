import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  startFakeUpstream,
  streamCompletion,
  structuredCompletion,
  wantsJsonSchema,
} from "../apps/server/test/helpers/fake-upstream.ts";
import { makeAdmin } from "./support/admin.ts";
import { useBrowser } from "./support/browser.ts";
import { send, signUpAndOpenChat, storedReplies, uniqueEmail } from "./support/chat.ts";
import { useOwnServer } from "./support/server.ts";

const browser = useBrowser();

describe("the LLM's reported tokens on the System screen", () => {
  let upstream: Awaited<ReturnType<typeof startFakeUpstream>>;

  beforeAll(async () => {
    upstream = await startFakeUpstream((_req, res, body) =>
      // the memory job asks the same server for facts, by a JSON schema: nothing to remember
      wantsJsonSchema(body)
        ? structuredCompletion(res, { facts: [] }, { model: "usage-model" })
        : streamCompletion(res, ["The lamp is lit, ", "come in."], {
            model: "usage-model",
            usage: { prompt_tokens: 1234, completion_tokens: 56 },
          }),
    );
  });
  afterAll(() => upstream?.close());
  // started after the upstream it is pointed at, and stopped before it
  const server = useOwnServer((port) => ({
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    LLM_BASE_URL: `${upstream.url}/v1`,
    LLM_MODEL: "usage-model",
  }));

  it("shows the day's prompt and completion tokens for the model after a reply", async () => {
    const page = await browser.newPage();
    const base = server.base();
    const email = uniqueEmail("usage");
    await signUpAndOpenChat(page, email, { baseURL: base });
    const before = await storedReplies(page).count();
    await send(page, "Is the lamp lit tonight?");
    await expect.poll(() => storedReplies(page).count(), { timeout: 30_000 }).toBeGreaterThan(before);

    await makeAdmin(email, server.sqlitePath());
    await page.goto(`${base}/admin/system?tab=usage`);
    const row = page.getByTestId("admin-llm-usage-row").filter({ hasText: "usage-model" });
    await row.waitFor();
    const text = (await row.textContent()) ?? "";
    expect(text).toContain(new Date().toISOString().slice(0, 10));
    expect(text).toMatch(/1,234 prompt · 56 completion tokens\s*over 1 reply/);
    expect(text).not.toContain("not reported");
  });
});
