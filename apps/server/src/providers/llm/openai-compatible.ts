import type { ComponentStatus } from "../../lib/health-check.ts";
import {
  apiRoot,
  clip,
  describeError,
  describeUrl,
  isRetryableStatus,
  readLimited,
  upstreamMessage,
} from "../upstream-http.ts";
import { buildChatMessages } from "./prompt.ts";
import { readSse } from "./sse.ts";
import { StreamingPost } from "./streaming-post.ts";
import { LlmError, type LlmProvider, type ReplyRequest } from "./types.ts";

export interface OpenAiCompatibleOptions {
  /**
   * Up to and including the API version: "https://api.openai.com/v1", "http://127.0.0.1:11434/v1";
   * a bare host ("http://127.0.0.1:11434") gets "/v1".
   */
  baseUrl: string;
  /** Sent as `Authorization: Bearer …` when set (local servers usually need none). */
  apiKey?: string;
  model: string;
  /** Budget for the prompt (system prompt, summary and history); default 3000. */
  maxPromptTokens?: number;
  /** Longest wait for the response to start or for the next chunk of it; default 60 s. */
  timeoutMs?: number;
  /** Sent only when set; otherwise the server's default applies. */
  temperature?: number;
}

const DEFAULT_MAX_PROMPT_TOKENS = 3000;
const DEFAULT_TIMEOUT_MS = 60_000;
const CHECK_TIMEOUT_MS = 10_000;

/**
 * Any server speaking OpenAI's chat completions API with streaming: OpenAI, OpenRouter, vLLM,
 * llama.cpp's server, Ollama and LM Studio. Replies stream as server-sent events; failures
 * become `LlmError`s that say whether trying again may help.
 */
export class OpenAiCompatibleProvider implements LlmProvider {
  readonly name = "openai-compatible";
  readonly #baseUrl: string;
  readonly #apiKey: string | undefined;
  readonly #model: string;
  readonly #maxPromptTokens: number;
  readonly #timeoutMs: number;
  readonly #temperature: number | undefined;
  /** The server without credentials or query, for messages and the health report. */
  readonly #where: string;
  #completionsUrl: URL | undefined;

  constructor(options: OpenAiCompatibleOptions) {
    this.#baseUrl = apiRoot(options.baseUrl);
    this.#apiKey = options.apiKey || undefined;
    this.#model = options.model;
    this.#maxPromptTokens = options.maxPromptTokens ?? DEFAULT_MAX_PROMPT_TOKENS;
    this.#timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.#temperature = options.temperature;
    this.#where = describeUrl(this.#baseUrl, "the LLM server");
  }

  /** Parsed once, at the first reply (a base URL that is no URL fails that reply, for good). */
  #completions(): URL {
    if (this.#completionsUrl) return this.#completionsUrl;
    try {
      this.#completionsUrl = new URL(`${this.#baseUrl}/chat/completions`);
    } catch (error) {
      throw new LlmError(`the LLM base URL is not a URL: ${this.#where}`, { retryable: false, cause: error });
    }
    return this.#completionsUrl;
  }

  async *streamReply(request: ReplyRequest): AsyncIterable<string> {
    const callerSignal = request.signal;
    callerSignal?.throwIfAborted();
    const messages = buildChatMessages(request, { maxPromptTokens: this.#maxPromptTokens });
    const body: Record<string, unknown> = { model: this.#model, messages, stream: true };
    if (this.#temperature !== undefined) body.temperature = this.#temperature;

    const call = new StreamingPost(
      this.#completions(),
      {
        headers: this.#headers({ "content-type": "application/json", accept: "text/event-stream" }),
        body: JSON.stringify(body),
      },
      {
        where: this.#where,
        timeoutMs: this.#timeoutMs,
        signal: callerSignal,
        error: (message, options) => new LlmError(message, options),
      },
    );
    try {
      const { contentType } = await call.response();
      // a server that ignores `stream: true` answers with one JSON completion
      if (/application\/json/i.test(contentType)) {
        let text = "";
        for await (const part of call.text()) text += part;
        const content = completionContent(parseJson(text, this.#where));
        if (content) yield content;
        return;
      }

      let complete = false;
      // the timer runs only while the next chunk is awaited, not while the consumer handles a delta
      for await (const item of readSse(call.text())) {
        if (item.kind === "comment") continue;
        if (item.data.trim() === "[DONE]") {
          complete = true;
          break;
        }
        const chunk = parseChunk(item.data, this.#where);
        const error = item.event === "error" ? (chunk.error ?? chunk) : chunk.error;
        if (error !== undefined && error !== null) throw streamError(error, this.#where);
        const choice = Array.isArray(chunk.choices) ? chunk.choices[0] : undefined;
        if (choice?.finish_reason) complete = true;
        const content = choice?.delta?.content ?? choice?.message?.content;
        if (typeof content === "string" && content.length > 0) {
          yield content;
          callerSignal?.throwIfAborted();
        }
      }
      // llama.cpp and others that end with a finish_reason but no [DONE] are complete too
      if (!complete) {
        throw new LlmError(`${this.#where} ended the stream before it was complete`, { retryable: true });
      }
    } finally {
      call.end();
    }
  }

  /** Lists the server's models: ok when it answers (and lists the model, if it lists any). */
  async check(): Promise<ComponentStatus> {
    const detail = `${this.#where}, model ${this.#model}`;
    try {
      const response = await fetch(`${this.#baseUrl}/models`, {
        headers: this.#headers({ accept: "application/json" }),
        signal: AbortSignal.timeout(Math.min(this.#timeoutMs, CHECK_TIMEOUT_MS)),
      });
      const text = await readLimited(response, 1_000_000);
      if (!response.ok) {
        return {
          status: "degraded",
          detail: `${detail}: HTTP ${response.status}: ${upstreamMessage(text, response.statusText)}`,
        };
      }
      const listed = listedModels(text);
      if (listed.length > 0 && !listed.some((id) => sameModel(id, this.#model))) {
        return { status: "degraded", detail: `${detail}: the server does not list this model` };
      }
      return { status: "ok", detail };
    } catch (error) {
      return { status: "degraded", detail: `${detail}: unreachable: ${describeError(error)}` };
    }
  }

  #headers(extra: Record<string, string>): Record<string, string> {
    return this.#apiKey ? { ...extra, authorization: `Bearer ${this.#apiKey}` } : extra;
  }
}

interface CompletionChunk {
  choices?: {
    delta?: { content?: unknown };
    message?: { content?: unknown };
    finish_reason?: string | null;
  }[];
  error?: unknown;
}

function parseJson(text: string, where: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new LlmError(`${where} sent data that is not JSON: ${clip(text, 120)}`, {
      retryable: true,
      cause: error,
    });
  }
}

function parseChunk(data: string, where: string): CompletionChunk {
  const parsed = parseJson(data, where);
  return parsed && typeof parsed === "object" ? (parsed as CompletionChunk) : {};
}

function completionContent(parsed: unknown): string {
  const chunk = (parsed && typeof parsed === "object" ? parsed : {}) as CompletionChunk;
  if (chunk.error !== undefined && chunk.error !== null) throw streamError(chunk.error, "the server");
  const content = chunk.choices?.[0]?.message?.content;
  return typeof content === "string" ? content : "";
}

/** An `error` object inside the stream (OpenRouter, vLLM and llama.cpp report failures this way). */
function streamError(error: unknown, where: string): LlmError {
  const fields = (error && typeof error === "object" ? error : {}) as Record<string, unknown>;
  const message =
    typeof error === "string"
      ? error
      : typeof fields.message === "string"
        ? fields.message
        : JSON.stringify(error);
  const code = Number(fields.code ?? fields.status);
  const type = typeof fields.type === "string" ? fields.type : "";
  const permanent =
    (Number.isInteger(code) && code >= 400 && code < 500 && !isRetryableStatus(code)) ||
    /invalid_request|authentication|permission|not_found|context_length/i.test(
      `${type} ${fields.code ?? ""}`,
    );
  return new LlmError(`${where} reported an error mid-stream: ${message}`, { retryable: !permanent });
}

function listedModels(body: string): string[] {
  try {
    const parsed = JSON.parse(body) as { data?: unknown; models?: unknown };
    const list = Array.isArray(parsed.data) ? parsed.data : Array.isArray(parsed.models) ? parsed.models : [];
    return list
      .map((entry) =>
        entry && typeof entry === "object"
          ? ((entry as { id?: unknown; name?: unknown }).id ?? (entry as { name?: unknown }).name)
          : entry,
      )
      .filter((id): id is string => typeof id === "string");
  } catch {
    return [];
  }
}

/** Ollama lists "llama3.1:latest" for "llama3.1"; some servers list "models/x" or a file path. */
function sameModel(listed: string, model: string): boolean {
  return listed === model || listed === `${model}:latest` || listed.endsWith(`/${model}`);
}
