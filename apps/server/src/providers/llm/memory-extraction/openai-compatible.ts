import {
  MEMORY_SUBJECT_MAX_LENGTH,
  MEMORY_TEXT_MAX_LENGTH,
  type MemoryKind,
  memoryKindSchema,
} from "@reverie/shared";
import { z } from "zod";
import { apiRoot, bearerHeader, clip, describeUrl } from "../../upstream-http.ts";
import { completionsUrl, parseJson } from "../openai-compatible.ts";
import { StreamingPost } from "../streaming-post.ts";
import { LlmError, type MemoryExtractionRequest, type MemoryExtractor, type MemoryFact } from "../types.ts";

export interface OpenAiMemoryExtractorOptions {
  /** the chat model's server (LLM_BASE_URL); a bare host gets "/v1" */
  baseUrl: string;
  apiKey?: string | undefined;
  model: string;
  /** longest wait for the whole answer; default 60 s */
  timeoutMs?: number | undefined;
}

const DEFAULT_TIMEOUT_MS = 60_000;
/** More than this from one exchange is a model listing the conversation, not learning from it. */
const MAX_FACTS = 12;

const KINDS = memoryKindSchema.options;

/** The answer's JSON schema, in the subset OpenAI's strict structured outputs accept. */
export const MEMORY_FACTS_JSON_SCHEMA = {
  type: "object",
  additionalProperties: false,
  required: ["facts"],
  properties: {
    facts: {
      type: "array",
      items: {
        type: "object",
        additionalProperties: false,
        required: ["kind", "subject", "text", "date"],
        properties: {
          kind: { type: "string", enum: KINDS },
          subject: {
            type: "string",
            description: 'what the fact is about, as the user would name it: "Biscuit", "Lena", "the exam"',
          },
          text: {
            type: "string",
            description: 'the fact as a short phrase: "has a dog called Biscuit"',
          },
          date: {
            type: ["string", "null"],
            description: "YYYY-MM-DD when the fact has a date, else null",
          },
        },
      },
    },
  },
} as const;

/** One fact as the model gave it; a fact that does not pass is dropped, not the answer. */
const factSchema = z.object({
  kind: memoryKindSchema,
  subject: z.string().trim().max(MEMORY_SUBJECT_MAX_LENGTH),
  text: z.string().trim().min(1).max(MEMORY_TEXT_MAX_LENGTH),
  // a date the model got wrong leaves the fact without one
  date: z.iso.date().nullable().optional().catch(null),
});
const answerSchema = z.object({ facts: z.array(z.unknown()) });

const KIND_GUIDE: Record<MemoryKind, string> = {
  name: "the name the user goes by (subject: the name itself)",
  job: "what the user does for a living",
  place: "where the user lives",
  pet: "a pet (subject: its name, or the animal when unnamed)",
  person: "someone in the user's life (subject: their name, or who they are)",
  like: "something the user likes or loves",
  date: "a date that matters to the user: a birthday, an exam, an anniversary",
  worry: "something the user worries about",
  event: "something that happened or will happen to the user",
  self: "something {{char}} said about their own life: family, past, tastes, plans",
};

/**
 * Reads what to remember out of one exchange with the chat model's own server, as JSON that must
 * follow MEMORY_FACTS_JSON_SCHEMA (structured outputs, decision 45). The answer is checked with
 * zod; facts that do not pass are dropped, and an answer that is no JSON at all fails the attempt.
 * A server that refuses `response_format` (a 4xx naming it) is asked without it from then on: the
 * instructions ask for the same JSON.
 */
export class OpenAiMemoryExtractor implements MemoryExtractor {
  readonly name = "openai-compatible";
  readonly #root: string;
  #parsedUrl: URL | undefined;
  readonly #where: string;
  readonly #apiKey: string | undefined;
  readonly #model: string;
  readonly #timeoutMs: number;
  /** set once the server answered that it does not take `response_format` json_schema */
  #schemaRefused = false;

  constructor(options: OpenAiMemoryExtractorOptions) {
    const root = apiRoot(options.baseUrl);
    this.#root = root;
    this.#where = describeUrl(root, "the LLM server");
    this.#apiKey = options.apiKey;
    this.#model = options.model;
    this.#timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  }

  async extract(request: MemoryExtractionRequest): Promise<MemoryFact[]> {
    const messages = extractionMessages(request);
    if (!this.#schemaRefused) {
      try {
        return await this.#ask(request, messages, {
          type: "json_schema",
          json_schema: { name: "memory_facts", strict: true, schema: MEMORY_FACTS_JSON_SCHEMA },
        });
      } catch (error) {
        if (!refusesStructuredOutput(error)) throw error;
        // a server without structured outputs: the instructions ask for the same JSON
        this.#schemaRefused = true;
      }
    }
    return this.#ask(request, messages, undefined);
  }

  /**
   * One request on the reply stream's client (node:http: a fraction of fetch's CPU). Its timeout
   * counts each wait; the deadline here bounds the whole answer.
   */
  async #ask(
    request: MemoryExtractionRequest,
    messages: { role: string; content: string }[],
    responseFormat: object | undefined,
  ): Promise<MemoryFact[]> {
    const body = JSON.stringify({
      model: this.#model,
      messages,
      temperature: 0,
      stream: false,
      ...(responseFormat ? { response_format: responseFormat } : {}),
    });
    const deadline = new AbortController();
    const call = new StreamingPost(
      this.#completions(),
      {
        headers: {
          accept: "application/json",
          "content-type": "application/json",
          ...bearerHeader(this.#apiKey),
        },
        body,
      },
      {
        where: this.#where,
        timeoutMs: this.#timeoutMs,
        signal: request.signal ? AbortSignal.any([request.signal, deadline.signal]) : deadline.signal,
        error: (message, options) => new LlmError(message, options),
      },
    );
    const timer = setTimeout(() => {
      deadline.abort(
        new LlmError(`${this.#where} did not answer within ${this.#timeoutMs} ms (the whole answer)`, {
          retryable: true,
        }),
      );
    }, this.#timeoutMs);
    let text = "";
    try {
      await call.response();
      for await (const part of call.text()) text += part;
    } finally {
      clearTimeout(timer);
      call.end();
    }
    return factsIn(answerContent(parseJson(text, this.#where), this.#where));
  }

  /** Parsed once, at the first request (a base URL that is no URL fails every request, for good). */
  #completions(): URL {
    this.#parsedUrl ??= completionsUrl(this.#root, this.#where);
    return this.#parsedUrl;
  }
}

/** A 4xx that names the response format: the server does not do structured outputs. */
function refusesStructuredOutput(error: unknown): boolean {
  return (
    error instanceof LlmError &&
    !error.retryable &&
    /HTTP 4\d\d/.test(error.message) &&
    /response_format|json_schema|structured|schema/i.test(error.message)
  );
}

/** The instructions and the exchange, for the model. */
export function extractionMessages(
  request: MemoryExtractionRequest,
): { role: "system" | "user"; content: string }[] {
  const character = request.characterName;
  const user = request.userName ?? "the user";
  const kinds = KINDS.map((kind) => `- ${kind}: ${KIND_GUIDE[kind].replaceAll("{{char}}", character)}`).join(
    "\n",
  );
  const known = request.known.map(({ kind, subject, text, date }) => ({
    kind,
    subject,
    text,
    date: date ?? null,
  }));
  const system = [
    `You keep ${character}'s memory of a chat with ${user}. Read the exchange and list the facts worth remembering for later conversations: what ${user} tells about themselves, and what ${character} says about their own life (kind "self"), so ${character} stays consistent.`,
    `Kinds:\n${kinds}`,
    "Rules:",
    "- Only facts stated in this exchange; no guesses, no feelings of the moment, nothing about the chat itself.",
    `- Write each text as a short phrase without the person's name: "has a dog called Biscuit" (about ${user}), "grew up in Seville" (self).`,
    "- A fact already known is listed again only when it changed; then use the same kind and subject.",
    `- Dates as YYYY-MM-DD, worked out from today (${request.today}); null when there is none.`,
    '- Answer with JSON only: {"facts": [{"kind": "...", "subject": "...", "text": "...", "date": "YYYY-MM-DD" or null}]}; nothing to remember: {"facts": []}.',
    `Known already: ${JSON.stringify(known)}`,
  ].join("\n");
  const exchange = `${user}: ${request.userMessage}\n\n${character}: ${request.reply}`;
  return [
    { role: "system", content: system },
    { role: "user", content: exchange },
  ];
}

/** The completion's text; a server error in the body or a missing message fails the attempt. */
function answerContent(answer: unknown, where: string): string {
  const parsed = (answer && typeof answer === "object" ? answer : {}) as {
    choices?: { message?: { content?: unknown; refusal?: unknown } }[];
    error?: unknown;
  };
  if (parsed.error !== undefined && parsed.error !== null) {
    throw new LlmError(`${where} reported an error: ${clip(JSON.stringify(parsed.error), 200)}`, {
      retryable: true,
    });
  }
  const message = parsed.choices?.[0]?.message;
  // a refusal to read the exchange is an answer: nothing to remember
  if (typeof message?.refusal === "string" && message.refusal) return '{"facts": []}';
  if (typeof message?.content !== "string") {
    throw new LlmError(`${where} sent no message: ${clip(JSON.stringify(answer), 120)}`, { retryable: true });
  }
  return message.content;
}

/** The facts that pass, from the model's JSON (fenced in ``` by some local servers). */
export function factsIn(content: string): MemoryFact[] {
  const text = content
    .trim()
    .replace(/^```(?:json)?\s*/i, "")
    .replace(/\s*```$/, "");
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new LlmError(`the model's memory answer is not JSON: ${clip(text, 120)}`, {
      retryable: true,
      cause: error,
    });
  }
  const answer = answerSchema.safeParse(json);
  if (!answer.success) return [];
  const facts: MemoryFact[] = [];
  for (const candidate of answer.data.facts) {
    const fact = factSchema.safeParse(candidate);
    if (fact.success) facts.push({ ...fact.data, date: fact.data.date ?? null });
    if (facts.length === MAX_FACTS) break;
  }
  return facts;
}
