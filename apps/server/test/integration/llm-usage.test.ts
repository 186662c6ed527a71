import type { IncomingMessage, ServerResponse } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OpenAiCompatibleProvider } from "../../src/providers/llm/openai-compatible.ts";
import { signUp, type TestAccount } from "../helpers/accounts.ts";
import { createStaffApp } from "../helpers/admin.ts";
import {
  type FakeUsage,
  rateLimitedOnce,
  streamCompletion,
  useFakeUpstream,
} from "../helpers/fake-upstream.ts";
import type { TestApp } from "../helpers/test-app.ts";
import { until } from "../helpers/wait.ts";

/** What the fake model server streams next: its words, and the usage chunk unless left out. */
let next: { pieces: string[]; usage?: FakeUsage } = { pieces: ["Hello."] };
/** when the fake server last answered (epoch ms) */
let answeredAt = 0;
const answer = (_req: IncomingMessage, res: ServerResponse) => {
  answeredAt = Date.now();
  streamCompletion(res, next.pieces, next);
};
// the first request of the file is refused once with 429 and Retry-After: 1, as a rate limit does
const limited = rateLimitedOnce("1", answer);
const upstream = useFakeUpstream((req, res, body) => limited(req, res, body));

let t: TestApp;
let admin: TestAccount;
let moderator: TestAccount;

beforeAll(async () => {
  const llm = new OpenAiCompatibleProvider({ baseUrl: upstream.url, model: "fake-model" });
  ({ t, admin, moderator } = await createStaffApp({ llm }));
});
afterAll(async () => {
  await t.close();
});

/** Sends `text` in a new chat and waits for the character's stored reply. */
async function replyTo(text: string): Promise<string> {
  const member = await signUp(t);
  const models = await t.get("/api/models?gender=female");
  const chat = await member.call("POST", "/api/chats", { model_id: models.body.items[0].id });
  expect(
    (await member.call("POST", `/api/chats/${chat.body.id}/messages`, { message: { text } })).status,
  ).toBe(202);
  const history = await until(
    () => member.call("GET", `/api/chats/${chat.body.id}/messages?limit=10&page=1`),
    (page) => page.body.items.length >= 3,
    "the reply",
  );
  return history.body.items.at(-1).text;
}

describe("a rate limited model server, and the tokens it reports", () => {
  it("waits out a 429's Retry-After, then records the reply's tokens for the model and day", async () => {
    next = { pieces: ["Hi ", "there."], usage: { prompt_tokens: 950, completion_tokens: 12 } };
    expect(await replyTo("hello you")).toBe("Hi there.");
    expect(limited.limited).toBe(1);
    expect(answeredAt - limited.limitedAt).toBeGreaterThanOrEqual(950);
    const [refused, answered] = upstream.recorded;
    expect(upstream.recorded).toHaveLength(2);
    expect(answered?.body).toEqual(refused?.body);
    expect(answered?.body?.stream_options).toEqual({ include_usage: true });

    const today = new Date().toISOString().slice(0, 10);
    const system = await moderator.call("GET", "/api/admin/system");
    expect(system.status).toBe(200);
    expect(system.body.llm_usage).toEqual([
      {
        day: today,
        model: "fake-model",
        replies: 1,
        prompt_tokens: 950,
        completion_tokens: 12,
        unreported: 0,
      },
    ]);
  });

  it("adds later replies to the day's row, and counts those without usage as not reported", async () => {
    next = { pieces: ["Again."], usage: { prompt_tokens: 1000, completion_tokens: 3 } };
    await replyTo("once more");
    next = { pieces: ["Quiet."] };
    await replyTo("and again");
    const system = await admin.call("GET", "/api/admin/system");
    expect(system.body.llm_usage).toEqual([
      expect.objectContaining({
        model: "fake-model",
        replies: 2,
        prompt_tokens: 1950,
        completion_tokens: 15,
        unreported: 1,
      }),
    ]);
  });
});
