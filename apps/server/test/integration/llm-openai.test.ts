import type { IncomingMessage, ServerResponse } from "node:http";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { CHARACTERS } from "../../src/db/seed/characters.ts";
import {
  createLlmProvider,
  LlmError,
  llmHealthCheck,
  OpenAiCompatibleProvider,
  PersonaEngine,
} from "../../src/providers/llm/index.ts";
import type { CharacterCard, ChatTurn, LlmUsageReport, ReplyRequest } from "../../src/providers/llm/types.ts";
import {
  closedPort,
  type RecordedRequest,
  rateLimitedOnce,
  startFakeUpstream,
  streamCompletion,
} from "../helpers/fake-upstream.ts";

// --- a local stand-in for an OpenAI-compatible server, speaking the real SSE protocol ---

type Handler = (req: IncomingMessage, res: ServerResponse) => void | Promise<void>;

let upstream: Awaited<ReturnType<typeof startFakeUpstream>>;
let baseUrl: string;
let handler: Handler;
let recorded: RecordedRequest[];

beforeAll(async () => {
  upstream = await startFakeUpstream((req, res) => handler(req, res));
  baseUrl = `${upstream.url}/v1`;
  recorded = upstream.recorded;
});
afterAll(() => upstream.close());
beforeEach(() => {
  recorded.length = 0;
});

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let chunkId = 0;
/** One `chat.completion.chunk` event, as OpenAI sends it. */
function chunk(delta: Record<string, unknown>, finishReason: string | null = null): string {
  return `data: ${JSON.stringify({
    id: `chatcmpl-test${++chunkId}`,
    object: "chat.completion.chunk",
    created: 1_700_000_000,
    model: "test-model",
    system_fingerprint: "fp_test",
    choices: [{ index: 0, delta, logprobs: null, finish_reason: finishReason }],
  })}\n\n`;
}

/** A whole streamed completion: role first, then the content pieces, then stop and [DONE]. */
function completion(pieces: string[]): string {
  return [
    chunk({ role: "assistant", content: "" }),
    ...pieces.map((content) => chunk({ content })),
    chunk({}, "stop"),
  ]
    .concat("data: [DONE]\n\n")
    .join("");
}

function startStream(res: ServerResponse): void {
  res.writeHead(200, {
    "content-type": "text/event-stream; charset=utf-8",
    "cache-control": "no-cache",
    connection: "keep-alive",
  });
}

function jsonError(res: ServerResponse, status: number, error: Record<string, unknown>): void {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify({ error }));
}

// --- the request side ---

const sofiaSeed = CHARACTERS.find((character) => character.slug === "sofia-reyes");
if (!sofiaSeed) throw new Error("seed character missing");
const sofia: CharacterCard = {
  id: 1,
  name: sofiaSeed.name,
  age: sofiaSeed.age,
  gender: sofiaSeed.gender,
  tagline: sofiaSeed.tagline,
  description: sofiaSeed.description,
  personality: sofiaSeed.personality,
  hobbies: sofiaSeed.hobbies,
  relationship: sofiaSeed.relationship,
  first_msg: sofiaSeed.first_msg,
};
const history: ChatTurn[] = [
  { from: "model", text: sofia.first_msg },
  { from: "user", text: "Hi! I'm Sam. My day was long, but it's better now." },
  { from: "model", text: "Sam! Then let's make the rest of it good. What would cheer you up?" },
  { from: "user", text: "Tell me about your flamenco class tonight." },
];
const request: ReplyRequest = { character: sofia, history, userName: "Sam" };

function provider(options: Partial<ConstructorParameters<typeof OpenAiCompatibleProvider>[0]> = {}) {
  return new OpenAiCompatibleProvider({ baseUrl, apiKey: "sk-test", model: "test-model", ...options });
}

/** Every delta until the stream ends or fails. */
async function drain(stream: AsyncIterable<string>): Promise<{ deltas: string[]; error: unknown }> {
  const deltas: string[] = [];
  try {
    for await (const delta of stream) deltas.push(delta);
    return { deltas, error: null };
  } catch (error) {
    return { deltas, error };
  }
}

describe("OpenAiCompatibleProvider: streaming", () => {
  it("sends the model, the prompt and stream: true, and yields the deltas in order as they arrive", async () => {
    const pieces = [
      "Ay, ",
      "class was ",
      "wonderful",
      " tonight, Sam. ",
      "My feet ache, ",
      "but my heart doesn't.",
    ];
    let release!: () => void;
    const firstDeltaSeen = new Promise<void>((resolve) => {
      release = resolve;
    });
    handler = async (_req, res) => {
      startStream(res);
      res.write(": keep-alive\n\n");
      res.write("\n");
      res.write(chunk({ role: "assistant", content: "" }));
      res.write(chunk({ content: pieces[0] }));
      // the rest only once the client has the first delta: proves it streams, not buffers
      await firstDeltaSeen;
      for (const content of pieces.slice(1)) {
        res.write(chunk({ content }));
        await delay(2);
      }
      res.write(chunk({}, "stop"));
      res.end("data: [DONE]\n\n");
    };

    const deltas: string[] = [];
    for await (const delta of provider({ temperature: 0.8 }).streamReply(request)) {
      deltas.push(delta);
      if (deltas.length === 1) release();
    }
    expect(deltas).toEqual(pieces);

    const [call] = recorded;
    expect(call?.method).toBe("POST");
    expect(call?.path).toBe("/v1/chat/completions");
    expect(call?.headers.authorization).toBe("Bearer sk-test");
    expect(call?.headers["content-type"]).toMatch(/application\/json/);
    const body = call?.body as {
      model: string;
      stream: boolean;
      temperature: number;
      messages: { role: string; content: string }[];
    };
    expect(body.model).toBe("test-model");
    expect(body.stream).toBe(true);
    expect(body.temperature).toBe(0.8);
    expect(body.messages[0]?.role).toBe("system");
    expect(body.messages[0]?.content).toContain("Sofia Reyes");
    expect(body.messages[0]?.content).toContain("AI companion");
    expect(body.messages.slice(1)).toEqual([
      { role: "assistant", content: history[0]?.text },
      { role: "user", content: history[1]?.text },
      { role: "assistant", content: history[2]?.text },
      { role: "user", content: history[3]?.text },
    ]);
  });

  it("copes with chunks split mid-line and mid-character", async () => {
    const pieces = ["Café con leche ☕, ", "naïve questions, ", "¡olé! ", "and the moon 🌙 over Sevilla."];
    const bytes = Buffer.from(completion(pieces), "utf8");
    // cut at odd places, including inside the multibyte characters
    const cuts = new Set<number>();
    for (const char of ["é", "☕", "ï", "¡", "🌙"]) {
      const at = bytes.indexOf(Buffer.from(char, "utf8"));
      cuts.add(at + 1);
    }
    for (let at = 5; at < bytes.length; at += 37) cuts.add(at);
    const offsets = [0, ...[...cuts].sort((a, b) => a - b), bytes.length];
    handler = async (_req, res) => {
      startStream(res);
      for (let index = 1; index < offsets.length; index++) {
        res.write(bytes.subarray(offsets[index - 1], offsets[index]));
        await delay(1);
      }
      res.end();
    };
    const { deltas, error } = await drain(provider().streamReply(request));
    expect(error).toBeNull();
    expect(deltas).toEqual(pieces);
  });

  it("sends no Authorization header without an API key (local servers)", async () => {
    handler = (_req, res) => {
      startStream(res);
      res.end(completion(["Hola"]));
    };
    const { deltas } = await drain(provider({ apiKey: undefined }).streamReply(request));
    expect(deltas).toEqual(["Hola"]);
    expect(recorded[0]?.headers.authorization).toBeUndefined();
  });

  it("adds /v1 to a bare host, like the image and speech settings", async () => {
    handler = (_req, res) => {
      startStream(res);
      res.write(chunk({ content: "Hi" }, "stop"));
      res.end("data: [DONE]\n\n");
    };
    const bareHost = baseUrl.replace(/\/v1$/, "/");
    expect((await drain(provider({ baseUrl: bareHost }).streamReply(request))).deltas).toEqual(["Hi"]);
    expect(recorded[0]?.path).toBe("/v1/chat/completions");
  });

  it("accepts a server that ignores stream: true and answers with one JSON completion", async () => {
    handler = (_req, res) => {
      res.writeHead(200, { "content-type": "application/json" });
      res.end(
        JSON.stringify({
          id: "chatcmpl-x",
          object: "chat.completion",
          choices: [
            { index: 0, message: { role: "assistant", content: "All at once." }, finish_reason: "stop" },
          ],
        }),
      );
    };
    expect((await drain(provider().streamReply(request))).deltas).toEqual(["All at once."]);
  });

  it("stops reading and closes the connection when the caller aborts", async () => {
    let closed = false;
    handler = async (_req, res) => {
      res.on("close", () => {
        closed = true;
      });
      startStream(res);
      for (let index = 0; index < 200 && !res.destroyed; index++) {
        res.write(chunk({ content: `word${index} ` }));
        await delay(5);
      }
      res.end();
    };
    const controller = new AbortController();
    const deltas: string[] = [];
    const outcome = await (async () => {
      try {
        for await (const delta of provider().streamReply({ ...request, signal: controller.signal })) {
          deltas.push(delta);
          if (deltas.length === 2) controller.abort();
        }
        return null;
      } catch (error) {
        return error;
      }
    })();
    expect(outcome).toMatchObject({ name: "AbortError" });
    expect(outcome).not.toBeInstanceOf(LlmError);
    expect(deltas).toHaveLength(2);
    await expect.poll(() => closed).toBe(true);
  });
});

describe("OpenAiCompatibleProvider: failures", () => {
  it("HTTP 401 is not retryable and carries the upstream message", async () => {
    handler = (_req, res) =>
      jsonError(res, 401, {
        message:
          "Incorrect API key provided: sk-test. You can find your API key at https://platform.openai.com.",
        type: "invalid_request_error",
        param: null,
        code: "invalid_api_key",
      });
    const { deltas, error } = await drain(provider().streamReply(request));
    expect(deltas).toEqual([]);
    expect(error).toBeInstanceOf(LlmError);
    expect(error).toMatchObject({ retryable: false });
    expect((error as LlmError).message).toMatch(/401/);
    expect((error as LlmError).message).toMatch(/Incorrect API key provided/);
  });

  it("HTTP 400 (e.g. an unknown model) is not retryable either", async () => {
    handler = (_req, res) =>
      jsonError(res, 404, { message: "The model `test-model` does not exist", code: "model_not_found" });
    const { error } = await drain(provider().streamReply(request));
    expect(error).toMatchObject({ name: "LlmError", retryable: false });
    expect((error as LlmError).message).toMatch(/does not exist/);
  });

  it("HTTP 500 and 429 are retryable", async () => {
    handler = (_req, res) =>
      jsonError(res, 500, { message: "The server had an error while processing your request." });
    const serverError = await drain(provider().streamReply(request));
    expect(serverError.error).toBeInstanceOf(LlmError);
    expect(serverError.error).toMatchObject({ retryable: true });
    expect((serverError.error as LlmError).message).toMatch(/500.*server had an error/);

    handler = (_req, res) => {
      // longer than one reply waits: left to the job queue, which is told how long
      res.setHeader("retry-after", "60");
      jsonError(res, 429, {
        message: "Rate limit reached for requests",
        type: "requests",
        code: "rate_limit_exceeded",
      });
    };
    const rateLimited = await drain(provider().streamReply(request));
    expect(rateLimited.error).toBeInstanceOf(LlmError);
    expect(rateLimited.error).toMatchObject({ retryable: true, retryAfterMs: 60_000 });
    expect((rateLimited.error as LlmError).message).toMatch(/429.*Rate limit reached/);
    expect(recorded).toHaveLength(2);
  });

  it("an error object inside the stream becomes an LlmError after the deltas before it", async () => {
    handler = (_req, res) => {
      startStream(res);
      res.write(chunk({ role: "assistant", content: "" }));
      res.write(chunk({ content: "Let me " }));
      res.end(
        `data: ${JSON.stringify({ error: { message: "The model is overloaded", type: "server_error", code: 502 } })}\n\n`,
      );
    };
    const overloaded = await drain(provider().streamReply(request));
    expect(overloaded.deltas).toEqual(["Let me "]);
    expect(overloaded.error).toBeInstanceOf(LlmError);
    expect(overloaded.error).toMatchObject({ retryable: true });
    expect((overloaded.error as LlmError).message).toMatch(/The model is overloaded/);

    handler = (_req, res) => {
      startStream(res);
      res.end(
        `data: ${JSON.stringify({ error: { message: "This model's maximum context length is 8192 tokens", type: "invalid_request_error", code: 400 } })}\n\n`,
      );
    };
    const tooLong = await drain(provider().streamReply(request));
    expect(tooLong.error).toMatchObject({ name: "LlmError", retryable: false });
  });

  it("a stream cut mid-way (socket destroyed before [DONE]) is retryable, after the first deltas", async () => {
    handler = async (_req, res) => {
      startStream(res);
      res.write(chunk({ role: "assistant", content: "" }));
      res.write(chunk({ content: "Tonight " }));
      res.write(chunk({ content: "we danced " }));
      await delay(20);
      res.socket?.destroy();
    };
    const { deltas, error } = await drain(provider().streamReply(request));
    expect(deltas).toEqual(["Tonight ", "we danced "]);
    expect(error).toBeInstanceOf(LlmError);
    expect(error).toMatchObject({ retryable: true });
  });

  it("a stream that simply ends without [DONE] or a finish reason is retryable too", async () => {
    handler = (_req, res) => {
      startStream(res);
      res.end(chunk({ content: "Half a tho" }));
    };
    const { deltas, error } = await drain(provider().streamReply(request));
    expect(deltas).toEqual(["Half a tho"]);
    expect(error).toMatchObject({ name: "LlmError", retryable: true });
  });

  it("times out, retryably, when the server does not answer or stalls mid-stream", async () => {
    handler = () => {
      // never answers
    };
    const silent = await drain(provider({ timeoutMs: 150 }).streamReply(request));
    expect(silent.error).toBeInstanceOf(LlmError);
    expect(silent.error).toMatchObject({ retryable: true });
    expect((silent.error as LlmError).message).toMatch(/did not answer within 150 ms/);

    handler = (_req, res) => {
      startStream(res);
      res.write(chunk({ content: "Wait for " }));
      // then nothing
    };
    const stalled = await drain(provider({ timeoutMs: 150 }).streamReply(request));
    expect(stalled.deltas).toEqual(["Wait for "]);
    expect(stalled.error).toMatchObject({ name: "LlmError", retryable: true });
  });

  it("a server that is not there is retryable", async () => {
    const port = await closedPort();
    const nobody = new OpenAiCompatibleProvider({
      baseUrl: `http://127.0.0.1:${port}/v1`,
      model: "test-model",
    });
    const { error } = await drain(nobody.streamReply(request));
    expect(error).toMatchObject({ name: "LlmError", retryable: true });
    expect((error as LlmError).message).toMatch(/ECONNREFUSED/);
  });
});

describe("OpenAiCompatibleProvider: Retry-After", () => {
  it("waits what a 429's Retry-After (delay-seconds) asks, then tries again", async () => {
    handler = rateLimitedOnce("1", (_req, res) => streamCompletion(res, ["Ay, ", "there you are."]));
    const started = Date.now();
    const { deltas, error } = await drain(provider().streamReply(request));
    expect(error).toBeNull();
    expect(deltas.join("")).toBe("Ay, there you are.");
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(recorded).toHaveLength(2);
    expect(recorded[1]?.body).toEqual(recorded[0]?.body);
  });

  it("waits until a 503's Retry-After date", async () => {
    const at = new Date(Math.ceil((Date.now() + 1500) / 1000) * 1000);
    handler = rateLimitedOnce(at.toUTCString(), (_req, res) => streamCompletion(res, ["Back."]), 503);
    const { deltas, error } = await drain(provider().streamReply(request));
    expect(error).toBeNull();
    expect(deltas).toEqual(["Back."]);
    expect(Date.now()).toBeGreaterThanOrEqual(at.getTime() - 50);
    expect(recorded).toHaveLength(2);
  });

  it("does not wait past the caller's deadline: the error says how long the server asked", async () => {
    handler = rateLimitedOnce("5", (_req, res) => streamCompletion(res, ["Late."]));
    const { error } = await drain(provider().streamReply({ ...request, deadlineAt: Date.now() + 10_000 }));
    expect(error).toBeInstanceOf(LlmError);
    expect(error).toMatchObject({ retryable: true, retryAfterMs: 5000 });
    expect(recorded).toHaveLength(1);
  });

  it("stops waiting when the caller aborts, with the caller's reason", async () => {
    handler = rateLimitedOnce("20", (_req, res) => streamCompletion(res, ["Never."]));
    const controller = new AbortController();
    const reason = new Error("the attempt's deadline");
    setTimeout(() => controller.abort(reason), 200);
    const started = Date.now();
    const { error } = await drain(provider().streamReply({ ...request, signal: controller.signal }));
    expect(error).toBe(reason);
    expect(Date.now() - started).toBeLessThan(5000);
    expect(recorded).toHaveLength(1);
  });
});

describe("OpenAiCompatibleProvider: usage", () => {
  it("asks for the usage chunk and reports its tokens for the model once the reply is complete", async () => {
    handler = (_req, res) =>
      streamCompletion(res, ["Hola, ", "Sam."], { usage: { prompt_tokens: 812, completion_tokens: 9 } });
    const reports: LlmUsageReport[] = [];
    const llm = provider();
    llm.reportUsageTo((report) => {
      reports.push(report);
    });
    const { deltas, error } = await drain(llm.streamReply(request));
    expect(error).toBeNull();
    expect(deltas.join("")).toBe("Hola, Sam.");
    expect(recorded[0]?.body?.stream_options).toEqual({ include_usage: true });
    expect(reports).toEqual([{ model: "test-model", usage: { promptTokens: 812, completionTokens: 9 } }]);
  });

  it("reports no tokens, rather than an estimate, when the server sends none", async () => {
    handler = (_req, res) => streamCompletion(res, ["Hi."]);
    const reports: LlmUsageReport[] = [];
    const llm = provider({ model: "quiet-model" });
    llm.reportUsageTo((report) => {
      reports.push(report);
    });
    await drain(llm.streamReply(request));
    expect(reports).toEqual([{ model: "quiet-model", usage: null }]);
  });

  it("reads the usage of a server that answers with one JSON completion", async () => {
    handler = (_req, res) => {
      res.writeHead(200, { "content-type": "application/json" });
      res.end(
        JSON.stringify({
          choices: [{ index: 0, message: { role: "assistant", content: "Hello." }, finish_reason: "stop" }],
          usage: { prompt_tokens: 40, completion_tokens: 2, total_tokens: 42 },
        }),
      );
    };
    const reports: LlmUsageReport[] = [];
    const llm = provider();
    llm.reportUsageTo((report) => {
      reports.push(report);
    });
    await drain(llm.streamReply(request));
    expect(reports).toEqual([{ model: "test-model", usage: { promptTokens: 40, completionTokens: 2 } }]);
  });

  it("a listener that fails does not fail the reply; a failed reply reports nothing", async () => {
    handler = (_req, res) =>
      streamCompletion(res, ["Fine."], { usage: { prompt_tokens: 1, completion_tokens: 1 } });
    const llm = provider();
    llm.reportUsageTo(() => Promise.reject(new Error("database down")));
    expect(await drain(llm.streamReply(request))).toEqual({ deltas: ["Fine."], error: null });

    const reports: LlmUsageReport[] = [];
    llm.reportUsageTo((report) => {
      reports.push(report);
    });
    handler = (_req, res) => jsonError(res, 400, { message: "bad request" });
    await drain(llm.streamReply(request));
    expect(reports).toEqual([]);
  });
});

describe("OpenAiCompatibleProvider: check()", () => {
  it("is ok when /models answers and lists the model", async () => {
    handler = (_req, res) => {
      res.writeHead(200, { "content-type": "application/json" });
      res.end(
        JSON.stringify({
          object: "list",
          data: [
            { id: "test-model", object: "model", created: 1_700_000_000, owned_by: "test" },
            { id: "other-model", object: "model", created: 1_700_000_000, owned_by: "test" },
          ],
        }),
      );
    };
    const status = await provider().check();
    expect(status.status).toBe("ok");
    expect(status.detail).toContain("test-model");
    expect(status.detail).not.toContain("sk-test");
    expect(recorded[0]).toMatchObject({ method: "GET", path: "/v1/models" });
    expect(recorded[0]?.headers.authorization).toBe("Bearer sk-test");
    expect(await llmHealthCheck(provider()).check()).toMatchObject({ status: "ok" });

    expect(await provider({ model: "missing-model" }).check()).toMatchObject({
      status: "degraded",
      detail: expect.stringMatching(/does not list this model/),
    });
  });

  it("is degraded, with the reason, on an HTTP error or when unreachable", async () => {
    handler = (_req, res) =>
      jsonError(res, 401, { message: "Invalid API key", type: "invalid_request_error" });
    expect(await provider().check()).toMatchObject({
      status: "degraded",
      detail: expect.stringMatching(/401: Invalid API key/),
    });

    const unreachable = new OpenAiCompatibleProvider({
      baseUrl: "http://127.0.0.1:9/v1",
      model: "m",
      timeoutMs: 500,
    });
    expect(await unreachable.check()).toMatchObject({
      status: "degraded",
      detail: expect.stringMatching(/unreachable/),
    });
  });
});

describe("createLlmProvider", () => {
  it("is the offline persona engine without a base URL", () => {
    expect(createLlmProvider({})).toBeInstanceOf(PersonaEngine);
    expect(createLlmProvider({ baseUrl: "", model: "x" }).name).toBe("persona");
  });

  it("is the OpenAI-compatible provider with a base URL and a model", () => {
    const llm = createLlmProvider({ baseUrl, apiKey: "sk-test", model: "test-model" });
    expect(llm).toBeInstanceOf(OpenAiCompatibleProvider);
    expect(llm.name).toBe("openai-compatible");
  });

  it("refuses a base URL without a model", () => {
    expect(() => createLlmProvider({ baseUrl })).toThrow(/LLM_MODEL is required/);
  });
});
