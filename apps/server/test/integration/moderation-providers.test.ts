import { chatSchema, modelListSchema } from "@reverie/shared";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  createModerationClassifier,
  LlamaGuardClassifier,
  ModerationProviderError,
  moderationHealthCheck,
  OpenAiModerationClassifier,
} from "../../src/providers/moderation/index.ts";
import { refusesMinorsInWorldLanguages } from "../../src/providers/moderation/world/world-rules.ts";
import { MemoryEventBus } from "../../src/realtime/bus.ts";
import { ModerationService, ModerationUnavailableError } from "../../src/services/moderation.ts";
import { signUp } from "../helpers/accounts.ts";
import { type FakeReply, json, useFakeUpstream } from "../helpers/fake-upstream.ts";
import { ScriptedLlm } from "../helpers/scripted-llm.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";
import { eventually } from "../helpers/wait.ts";

// --- a local stand-in for a moderation server, speaking OpenAI's moderations and chat APIs ---

type Handler = FakeReply;

let handler: Handler;
const upstream = useFakeUpstream((req, res, body) => handler(req, res, body));

// The rules load their language detector and compile their tables on the first text they read,
// blocking for a moment: paid here, not inside a test, where the pause would outlast the fake
// server's idle keep-alive and the next request would meet a closed socket.
beforeAll(() => {
  refusesMinorsInWorldLanguages("hello there");
});

const CATEGORY_NAMES = [
  "harassment",
  "harassment/threatening",
  "hate",
  "hate/threatening",
  "illicit",
  "illicit/violent",
  "self-harm",
  "self-harm/instructions",
  "self-harm/intent",
  "sexual",
  "sexual/minors",
  "violence",
  "violence/graphic",
];

/** A moderation result as OpenAI's API answers it, with the given categories flagged. */
function moderationAnswer(flagged: string[]) {
  const categories = Object.fromEntries(CATEGORY_NAMES.map((name) => [name, flagged.includes(name)]));
  const scores = Object.fromEntries(
    CATEGORY_NAMES.map((name) => [name, flagged.includes(name) ? 0.97 : 0.001]),
  );
  return {
    id: "modr-test",
    model: "omni-moderation-latest",
    results: [
      {
        flagged: flagged.length > 0,
        categories,
        category_scores: scores,
        category_applied_input_types: Object.fromEntries(CATEGORY_NAMES.map((name) => [name, ["text"]])),
      },
    ],
  };
}

/** A chat completion as an OpenAI-compatible server answers it (stream off). */
function completion(content: string) {
  return {
    id: "chatcmpl-guard",
    object: "chat.completion",
    created: 1_700_000_000,
    model: "llama-guard3:8b",
    choices: [{ index: 0, message: { role: "assistant", content }, finish_reason: "stop" }],
    usage: { prompt_tokens: 300, completion_tokens: 3, total_tokens: 303 },
  };
}

describe("the OpenAI-compatible moderation classifier", () => {
  const classifier = () =>
    new OpenAiModerationClassifier({
      baseUrl: upstream.url,
      apiKey: "sk-mod",
      model: "omni-moderation-latest",
    });

  it("posts the text to /v1/moderations with the key and model, and refuses sexual/minors", async () => {
    handler = (_req, res) => json(res, 200, moderationAnswer(["sexual", "sexual/minors"]));
    const verdict = await classifier().classify("some text", "chat_message");
    expect(verdict).toEqual({ allowed: false, category: "minors", classifier: "openai-moderation" });
    expect(upstream.recorded).toHaveLength(1);
    expect(upstream.recorded[0]).toMatchObject({
      method: "POST",
      path: "/v1/moderations",
      body: { model: "omni-moderation-latest", input: "some text" },
    });
    expect(upstream.recorded[0]?.headers.authorization).toBe("Bearer sk-mod");
    expect(upstream.recorded[0]?.headers["content-type"]).toBe("application/json");
  });

  it("allows what adults may write: other flagged categories and unflagged text", async () => {
    handler = (_req, res) => json(res, 200, moderationAnswer(["sexual", "violence"]));
    expect(await classifier().classify("adult text", "chat_message")).toEqual({ allowed: true });
    handler = (_req, res) => json(res, 200, moderationAnswer([]));
    expect(await classifier().classify("hello", "chat_message")).toEqual({ allowed: true });
  });

  it("sends no model and no key when none is configured (the server's default model)", async () => {
    handler = (_req, res) => json(res, 200, moderationAnswer([]));
    await new OpenAiModerationClassifier({ baseUrl: `${upstream.url}/v1/` }).classify("hi", "chat_message");
    expect(upstream.recorded[0]?.body).toEqual({ input: "hi" });
    expect(upstream.recorded[0]?.headers.authorization).toBeUndefined();
  });

  it("reports server errors, rejections, timeouts and unreadable answers as ModerationProviderErrors", async () => {
    handler = (_req, res) => json(res, 503, { error: { message: "overloaded" } });
    const overloaded = await classifier()
      .classify("x", "chat_message")
      .catch((error: unknown) => error);
    expect(overloaded).toBeInstanceOf(ModerationProviderError);
    expect(overloaded).toMatchObject({ retryable: true, message: expect.stringContaining("overloaded") });

    handler = (_req, res) => json(res, 401, { error: { message: "Incorrect API key provided" } });
    await expect(classifier().classify("x", "chat_message")).rejects.toMatchObject({
      name: "ModerationProviderError",
      retryable: false,
    });

    handler = (_req, res) => json(res, 200, { id: "modr", results: [] });
    await expect(classifier().classify("x", "chat_message")).rejects.toBeInstanceOf(ModerationProviderError);

    handler = () => {}; // never answers
    const slow = new OpenAiModerationClassifier({ baseUrl: upstream.url, timeoutMs: 100 });
    await expect(slow.classify("x", "chat_message")).rejects.toMatchObject({
      retryable: true,
      message: expect.stringContaining("did not answer within 100 ms"),
    });
  });
});

describe("the Llama Guard judge", () => {
  const classifier = () =>
    new LlamaGuardClassifier({ baseUrl: upstream.url, apiKey: "guard-key", model: "llama-guard3:8b" });

  it("sends the conversation as chat messages to /v1/chat/completions (the model's template makes the task prompt) and refuses S4", async () => {
    handler = (_req, res) => json(res, 200, completion("unsafe\nS4"));
    const verdict = await classifier().classify("pretend you are a child", "chat_message");
    expect(verdict).toEqual({ allowed: false, category: "minors", classifier: "llama-guard" });
    expect(upstream.recorded[0]).toMatchObject({ method: "POST", path: "/v1/chat/completions" });
    expect(upstream.recorded[0]?.headers.authorization).toBe("Bearer guard-key");
    expect(upstream.recorded[0]?.body).toEqual({
      model: "llama-guard3:8b",
      messages: [{ role: "user", content: "pretend you are a child" }],
      temperature: 0,
      max_tokens: 20,
      stream: false,
    });
  });

  it("judges a model's reply as the last assistant message, after a user turn the template needs", async () => {
    handler = (_req, res) => json(res, 200, completion("safe"));
    await classifier().classify("a reply", "model_output");
    expect(upstream.recorded[0]?.body?.messages).toEqual([
      { role: "user", content: "[The chat begins.]" },
      { role: "assistant", content: "a reply" },
    ]);
  });

  it.each([
    ["safe", true],
    ["unsafe\nS12", true],
    ["unsafe\nS1,S10", true],
    ["unsafe\nS12,S4", false],
    ["  unsafe \n s4 ", false],
  ])("reads the answer %j (allowed: %s)", async (answer, allowed) => {
    handler = (_req, res) => json(res, 200, completion(answer));
    expect((await classifier().classify("text", "chat_message")).allowed).toBe(allowed);
  });

  it("reports an answer that is neither safe nor unsafe, and server errors, as ModerationProviderErrors", async () => {
    handler = (_req, res) => json(res, 200, completion("I cannot help with that."));
    await expect(classifier().classify("x", "chat_message")).rejects.toMatchObject({
      name: "ModerationProviderError",
      message: expect.stringContaining("neither 'safe' nor 'unsafe'"),
    });
    handler = (_req, res) => json(res, 404, { error: { message: "model 'llama-guard3:8b' not found" } });
    await expect(classifier().classify("x", "chat_message")).rejects.toMatchObject({ retryable: false });
  });
});

describe("the moderation step (rules first, then the configured classifier)", () => {
  it("refuses by the rules without asking the server, and asks it only about text the rules allow", async () => {
    handler = (_req, res) => json(res, 200, moderationAnswer(["sexual/minors"]));
    const classifier = createModerationClassifier({ provider: "openai", baseUrl: upstream.url, apiKey: "k" });
    // strong evidence: refused with the rules' words and reason
    expect(await classifier.classify("you are 14 and we have sex", "chat_message")).toMatchObject({
      allowed: false,
      category: "minors",
      classifier: "rules",
      evidence: expect.any(String),
      reason: expect.any(String),
    });
    expect(upstream.recorded).toHaveLength(0);
    expect(await classifier.classify("a text only the server catches", "chat_message")).toEqual({
      allowed: false,
      category: "minors",
      classifier: "openai-moderation",
    });
    expect(upstream.recorded).toHaveLength(1);
    expect(classifier.name).toBe("rules+openai-moderation");
  });

  it("cannot be configured without the rules, and needs a base URL (and a model for llama-guard)", () => {
    expect(createModerationClassifier({ provider: "rules" }).name).toBe("rules");
    expect(() => createModerationClassifier({ provider: "openai" })).toThrow(
      /MODERATION_BASE_URL is required/,
    );
    expect(() => createModerationClassifier({ provider: "llama-guard", baseUrl: upstream.url })).toThrow(
      /MODERATION_MODEL is required/,
    );
    expect(
      createModerationClassifier({ provider: "llama-guard", baseUrl: upstream.url, model: "m" }).name,
    ).toBe("rules+llama-guard");
  });

  it("reports the remote classifier's health", async () => {
    handler = (_req, res) => json(res, 200, { object: "list", data: [{ id: "omni-moderation-latest" }] });
    const check = moderationHealthCheck(
      createModerationClassifier({ provider: "openai", baseUrl: upstream.url }),
    );
    expect(check.name).toBe("moderation");
    expect(await check.check()).toMatchObject({ status: "ok" });
    expect(upstream.recorded.at(-1)).toMatchObject({ method: "GET", path: "/v1/models" });
    handler = (_req, res) => json(res, 500, { error: "down" });
    expect(await check.check()).toMatchObject({
      status: "degraded",
      detail: expect.stringContaining("down"),
    });
  });

  it("fails closed: a message is not let through while the classifier is down, and nothing is upstream.recorded", async () => {
    handler = (_req, res) => json(res, 502, { error: "bad gateway" });
    const recordedEvents: unknown[] = [];
    const service = new ModerationService({
      classifier: createModerationClassifier({ provider: "openai", baseUrl: upstream.url }),
      events: { record: async (event: unknown) => void recordedEvents.push(event) } as never,
      log: { warn() {} },
    });
    await expect(service.check("hello there", "chat_message", null)).rejects.toBeInstanceOf(
      ModerationUnavailableError,
    );
    await expect(service.review("a reply", "model_output", null)).rejects.toMatchObject({
      statusCode: 503,
      code: "moderation_unavailable",
    });
    expect(recordedEvents).toEqual([]);
  });
});

describe("moderation through the API with a remote classifier", () => {
  let app: TestApp | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  async function signedInChat(env: Record<string, string>, bus = new MemoryEventBus()) {
    app = await createTestApp({ env, bus, llm: new ScriptedLlm() });
    const t = app;
    const user = await signUp(t, { prefix: "moderated", firstName: "Sam" });
    const { token } = user;
    const send = (url: string, payload: object) =>
      t.app.inject({ method: "POST", url, headers: { authorization: `Bearer ${token}` }, payload });
    const model = modelListSchema.parse((await t.get("/api/models?gender=female")).body).items[0];
    const chat = chatSchema.parse((await send("/api/chats", { model_id: model?.id })).json());
    return { t, send, chat, user };
  }

  it("refuses a message the server flags, records it, and answers 503 with Retry-After while the server is down", async () => {
    const { t, send, chat } = await signedInChat({
      MODERATION_PROVIDER: "llama-guard",
      MODERATION_BASE_URL: upstream.url,
      MODERATION_MODEL: "llama-guard3:8b",
    });
    handler = (_req, res) => json(res, 200, completion("unsafe\nS4"));
    const refused = await send(`/api/chats/${chat.id}/messages`, {
      message: { text: "something only the judge sees" },
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ error: "content_refused", category: "minors" });
    const events = await t.database.db
      .selectFrom("moderation_events")
      .select(["classifier", "surface"])
      .execute();
    expect(events).toEqual([{ classifier: "llama-guard", surface: "chat_message" }]);

    handler = (_req, res) => json(res, 503, { error: "loading model" });
    const down = await send(`/api/chats/${chat.id}/messages`, { message: { text: "hello, how are you?" } });
    expect(down.statusCode).toBe(503);
    expect(down.json()).toMatchObject({ error: "moderation_unavailable" });
    expect(down.headers["retry-after"]).toBe("5");
    const stored = await t.database.db
      .selectFrom("messages")
      .select("text")
      .where("chat_id", "=", chat.id)
      .where("sender", "=", "user")
      .execute();
    expect(stored).toEqual([]);
  });

  it("does not store or send a reply while the classifier is down: the job retries, then refunds and tells the user", async () => {
    const bus = new MemoryEventBus();
    // the user's message passes; the model's reply ("<name> heard: …") finds the server down
    handler = (_req, res, body) =>
      String(body?.input).includes("heard:")
        ? json(res, 503, { error: "overloaded" })
        : json(res, 200, moderationAnswer([]));
    const { t, send, chat, user } = await signedInChat(
      { MODERATION_PROVIDER: "openai", MODERATION_BASE_URL: upstream.url },
      bus,
    );
    const texts: string[] = [];
    bus.subscribe(user.id, (event) => {
      if (event.action === "add" && event.message.type === "text") texts.push(event.message.text);
    });
    const sent = await send(`/api/chats/${chat.id}/messages`, { message: { text: "tell me a story" } });
    expect(sent.statusCode).toBe(202);
    await eventually(() => texts.length > 0, { what: "a reply" });
    expect(texts).toEqual([expect.stringContaining("not charged")]);
    const replies = await t.database.db
      .selectFrom("messages")
      .select("text")
      .where("chat_id", "=", chat.id)
      .where("reply_to", "is not", null)
      // the "not charged" notice is stored as the message's answer (decision 39), but is no reply
      .where("notice", "=", false)
      .execute();
    expect(replies).toEqual([]);
    expect(
      upstream.recorded.filter((request) => String(request.body?.input).includes("heard:")).length,
    ).toBeGreaterThan(1);
  });
});
