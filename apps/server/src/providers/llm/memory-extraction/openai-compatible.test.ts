import type { ServerResponse } from "node:http";
import { describe, expect, it } from "vitest";
import {
  json,
  startFakeUpstream,
  structuredCompletion,
  wantsJsonSchema,
} from "../../../../test/helpers/fake-upstream.ts";
import { LlmError } from "../types.ts";
import { createMemoryExtractor } from "./index.ts";
import {
  extractionMessages,
  factsIn,
  MEMORY_FACTS_JSON_SCHEMA,
  OpenAiMemoryExtractor,
} from "./openai-compatible.ts";
import { RuleMemoryExtractor } from "./rules.ts";

describe("the memory extractor's answer", () => {
  it("keeps the facts that pass and drops the others", () => {
    const facts = factsIn(
      JSON.stringify({
        facts: [
          { kind: "pet", subject: " Biscuit ", text: "has a dog called Biscuit", date: null },
          { kind: "date", subject: "the exam", text: "has a maths exam", date: "2026-12-04" },
          { kind: "event", subject: "the move", text: "is moving", date: "soon" },
          { kind: "shoe", subject: "x", text: "wears shoes", date: null },
          { kind: "like", subject: "", text: "  ", date: null },
          { kind: "like", subject: "x", text: "y".repeat(301), date: null },
          "not a fact",
        ],
      }),
    );
    expect(facts).toEqual([
      { kind: "pet", subject: "Biscuit", text: "has a dog called Biscuit", date: null },
      { kind: "date", subject: "the exam", text: "has a maths exam", date: "2026-12-04" },
      { kind: "event", subject: "the move", text: "is moving", date: null },
    ]);
  });

  it("reads JSON in a fence, takes at most 12 facts, and reads a wrong shape as nothing", () => {
    expect(
      factsIn(
        '```json\n{"facts": [{"kind": "job", "subject": "", "text": "is a nurse", "date": null}]}\n```',
      ),
    ).toEqual([{ kind: "job", subject: "", text: "is a nurse", date: null }]);
    const many = Array.from({ length: 20 }, (_, i) => ({
      kind: "like",
      subject: `${i}`,
      text: `likes ${i}`,
      date: null,
    }));
    expect(factsIn(JSON.stringify({ facts: many }))).toHaveLength(12);
    expect(factsIn('{"memories": []}')).toEqual([]);
  });

  it("fails the attempt, retryable, when the answer is no JSON", () => {
    expect(() => factsIn("Sure! The user has a dog.")).toThrow(LlmError);
    try {
      factsIn("nope");
    } catch (error) {
      expect((error as LlmError).retryable).toBe(true);
    }
  });
});

describe("the memory extractor's request", () => {
  const request = {
    characterName: "Mia",
    userName: "Sam",
    userMessage: "I've got a dog called Biscuit",
    reply: "I grew up with two greyhounds!",
    known: [{ kind: "job" as const, subject: "", text: "is a nurse" }],
    today: "2026-11-27",
  };

  it("gives the exchange, what is known and today's date", () => {
    const [system, exchange] = extractionMessages(request);
    expect(system?.role).toBe("system");
    expect(system?.content).toContain("is a nurse");
    expect(system?.content).toContain("2026-11-27");
    expect(system?.content).toContain("- self: something Mia said about their own life");
    expect(exchange).toEqual({
      role: "user",
      content: "Sam: I've got a dog called Biscuit\n\nMia: I grew up with two greyhounds!",
    });
  });

  it("asks for a schema strict mode accepts: every field required, nothing else allowed", () => {
    const item = MEMORY_FACTS_JSON_SCHEMA.properties.facts.items;
    expect(MEMORY_FACTS_JSON_SCHEMA.additionalProperties).toBe(false);
    expect(item.additionalProperties).toBe(false);
    expect([...item.required].sort()).toEqual(Object.keys(item.properties).sort());
  });
});

describe("createMemoryExtractor", () => {
  it("asks the configured LLM, else uses the offline rules", () => {
    expect(createMemoryExtractor({ baseUrl: "http://127.0.0.1:11434", model: "llama3.1" })).toBeInstanceOf(
      OpenAiMemoryExtractor,
    );
    expect(createMemoryExtractor({})).toBeInstanceOf(RuleMemoryExtractor);
    expect(createMemoryExtractor({ baseUrl: " " })).toBeInstanceOf(RuleMemoryExtractor);
  });
});

describe("the memory extractor against a server", () => {
  const request = {
    characterName: "Mia",
    userName: "Sam",
    userMessage: "I'm a nurse",
    reply: "That must be hard work!",
    known: [],
    today: "2026-11-27",
  };
  const nurse = { kind: "job", subject: "", text: "is a nurse", date: null };

  it("asks with the schema and the key, and reads the facts", async () => {
    const upstream = await startFakeUpstream((_req, res) => structuredCompletion(res, { facts: [nurse] }));
    try {
      const extractor = new OpenAiMemoryExtractor({ baseUrl: upstream.url, model: "m", apiKey: "sk-test" });
      expect(await extractor.extract(request)).toEqual([nurse]);
      const [sent] = upstream.recorded;
      expect(sent?.path).toBe("/v1/chat/completions");
      expect(sent?.headers.authorization).toBe("Bearer sk-test");
      expect(wantsJsonSchema(sent?.body ?? null)).toBe(true);
      expect(sent?.body).toMatchObject({ model: "m", stream: false, temperature: 0 });
    } finally {
      upstream.close();
    }
  });

  it("fails retryable when the answer is not JSON, and not retryable on a 4xx that is no schema refusal", async () => {
    let answer: (res: ServerResponse) => void = (res) => res.end("<html>oops</html>");
    const upstream = await startFakeUpstream((_req, res) => answer(res));
    try {
      const extractor = new OpenAiMemoryExtractor({ baseUrl: upstream.url, model: "m" });
      await expect(extractor.extract(request)).rejects.toMatchObject({
        retryable: true,
        message: expect.stringContaining("not JSON"),
      });
      answer = (res) => json(res, 401, { error: { message: "bad key" } });
      await expect(extractor.extract(request)).rejects.toMatchObject({
        retryable: false,
        message: expect.stringMatching(/HTTP 401: bad key/),
      });
      expect(upstream.recorded).toHaveLength(2);
    } finally {
      upstream.close();
    }
  });

  it("gives up on an answer that keeps trickling past the timeout, retryable", async () => {
    const upstream = await startFakeUpstream((_req, res) => {
      res.writeHead(200, { "content-type": "application/json" });
      const drip = setInterval(() => res.write(" "), 20);
      res.on("close", () => clearInterval(drip));
    });
    try {
      const extractor = new OpenAiMemoryExtractor({ baseUrl: upstream.url, model: "m", timeoutMs: 150 });
      const error = await extractor.extract(request).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(LlmError);
      expect(error).toMatchObject({
        retryable: true,
        message: expect.stringMatching(/did not answer within 150 ms/),
      });
    } finally {
      upstream.close();
    }
  });

  it("throws the caller's abort as it is", async () => {
    const upstream = await startFakeUpstream(() => {});
    try {
      const extractor = new OpenAiMemoryExtractor({ baseUrl: upstream.url, model: "m" });
      const controller = new AbortController();
      const reason = new Error("the job was stopped");
      const asked = extractor.extract({ ...request, signal: controller.signal });
      setTimeout(() => controller.abort(reason), 20);
      await expect(asked).rejects.toBe(reason);
    } finally {
      upstream.close();
    }
  });
});
