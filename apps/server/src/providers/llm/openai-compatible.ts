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
import { buildChatMessages, loadTokenCounter, promptBudget } from "./prompt.ts";
import { readSse } from "./sse.ts";
import { StreamingPost } from "./streaming-post.ts";
import {
  LlmError,
  type LlmProvider,
  type LlmUsageListener,
  type LlmUsageReport,
  type ReplyRequest,
} from "./types.ts";

export interface OpenAiCompatibleOptions {
  /**
   * Up to and including the API version: "https://api.openai.com/v1", "http://127.0.0.1:11434/v1";
   * a bare host ("http://127.0.0.1:11434") gets "/v1".
   */
  baseUrl: string;
  /** Sent as `Authorization: Bearer …` when set (local servers usually need none). */
  apiKey?: string;
  model: string;
  /** The model's context window in tokens (LLM_CONTEXT_TOKENS); default 8192. */
  contextTokens?: number;
  /** The longest reply in tokens, sent as `max_tokens` (LLM_MAX_TOKENS); default 300. */
  maxTokens?: number;
  /** Budget for the prompt; default the context less the reply less a tenth (decision 46). */
  maxPromptTokens?: number;
  /** Stop strings, sent as `stop` when there are any (LLM_STOP). */
  stop?: readonly string[];
  /** How many messages from the end the author's note goes (LLM_AUTHORS_NOTE_DEPTH); default 4. */
  authorsNoteDepth?: number;
  /** Whether system messages may follow the first (LLM_SYSTEM_MESSAGES); default "anywhere". */
  systemMessages?: "anywhere" | "first" | undefined;
  /** Longest wait for the response to start or for the next chunk of it; default 60 s. */
  timeoutMs?: number;
  /** Sent only when set; otherwise the server's default applies. */
  temperature?: number;
}

const DEFAULT_CONTEXT_TOKENS = 8192;
const DEFAULT_MAX_TOKENS = 300;
const DEFAULT_TIMEOUT_MS = 60_000;
const CHECK_TIMEOUT_MS = 10_000;
/** The longest one reply waits in all on what 429 and 503 answers ask (Retry-After); longer asks go to the job queue. */
export const MAX_RETRY_AFTER_WAIT_MS = 30_000;
/** Tries again after such waits at most this often in one reply (a server may ask for 0 s every time). */
const MAX_RETRY_AFTER_RETRIES = 3;
/** What a reply needs left of its attempt after such a wait, or the wait is the job queue's to do. */
const TIME_AFTER_WAIT_MS = 15_000;

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
  readonly #maxTokens: number;
  readonly #stop: readonly string[];
  readonly #authorsNoteDepth: number | undefined;
  readonly #systemMessages: "anywhere" | "first";
  readonly #timeoutMs: number;
  readonly #temperature: number | undefined;
  /** The server without credentials or query, for messages and the health report. */
  readonly #where: string;
  #completionsUrl: URL | undefined;
  #onUsage: LlmUsageListener | undefined;

  constructor(options: OpenAiCompatibleOptions) {
    this.#baseUrl = apiRoot(options.baseUrl);
    this.#apiKey = options.apiKey || undefined;
    this.#model = options.model;
    this.#maxTokens = options.maxTokens ?? DEFAULT_MAX_TOKENS;
    this.#maxPromptTokens =
      options.maxPromptTokens ??
      promptBudget({
        contextTokens: options.contextTokens ?? DEFAULT_CONTEXT_TOKENS,
        maxTokens: this.#maxTokens,
      });
    this.#stop = options.stop ?? [];
    this.#authorsNoteDepth = options.authorsNoteDepth;
    this.#systemMessages = options.systemMessages ?? "anywhere";
    this.#timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.#temperature = options.temperature;
    this.#where = describeUrl(this.#baseUrl, "the LLM server");
  }

  /** Parsed once, at the first reply (a base URL that is no URL fails that reply, for good). */
  #completions(): URL {
    this.#completionsUrl ??= completionsUrl(this.#baseUrl, this.#where);
    return this.#completionsUrl;
  }

  /** Reports every finished reply's usage to `listener` (the wiring records it per model and day). */
  reportUsageTo(listener: LlmUsageListener): void {
    this.#onUsage = listener;
  }

  async *streamReply(request: ReplyRequest): AsyncIterable<string> {
    const callerSignal = request.signal;
    callerSignal?.throwIfAborted();
    const messages = buildChatMessages(request, {
      maxPromptTokens: this.#maxPromptTokens,
      count: await loadTokenCounter(),
      systemMessages: this.#systemMessages,
      ...(this.#authorsNoteDepth !== undefined ? { authorsNoteDepth: this.#authorsNoteDepth } : {}),
    });
    const body: Record<string, unknown> = { model: this.#model, messages, stream: true };
    body.max_tokens = this.#maxTokens;
    if (this.#temperature !== undefined) body.temperature = this.#temperature;
    if (this.#stop.length > 0) body.stop = this.#stop;

    // the last chunk then carries the tokens the reply cost (servers that do not know it ignore it)
    body.stream_options = { include_usage: true };
    const payload = JSON.stringify(body);

    let waited = 0;
    let retries = 0;
    for (;;) {
      const call = new StreamingPost(
        this.#completions(),
        {
          headers: this.#headers({ "content-type": "application/json", accept: "text/event-stream" }),
          body: payload,
        },
        {
          where: this.#where,
          timeoutMs: this.#timeoutMs,
          signal: callerSignal,
          error: (message, options) => new LlmError(message, options),
        },
      );
      try {
        let contentType: string;
        try {
          ({ contentType } = await call.response());
        } catch (error) {
          const wait = retryWait(error, waited, request.deadlineAt);
          if (wait === undefined || retries >= MAX_RETRY_AFTER_RETRIES) throw error;
          call.end();
          await sleep(wait, callerSignal);
          waited += wait;
          retries++;
          continue;
        }
        // a server that ignores `stream: true` answers with one JSON completion
        if (/application\/json/i.test(contentType)) {
          let text = "";
          for await (const part of call.text()) text += part;
          const completion = parseJson(text, this.#where);
          const content = completionContent(completion);
          if (content) yield content;
          await this.#report(usageOf(completion));
          return;
        }

        let complete = false;
        let usage: TokenUsage | null = null;
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
          usage = usageOf(chunk) ?? usage;
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
        await this.#report(usage);
        return;
      } finally {
        call.end();
      }
    }
  }

  /** A listener that fails must not fail the reply it counts. */
  async #report(usage: TokenUsage | null): Promise<void> {
    try {
      await this.#onUsage?.({ model: this.#model, usage });
    } catch {
      // the listener logs its own failures
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

type TokenUsage = NonNullable<LlmUsageReport["usage"]>;

interface CompletionChunk {
  usage?: { prompt_tokens?: unknown; completion_tokens?: unknown } | null;
  choices?: {
    delta?: { content?: unknown };
    message?: { content?: unknown };
    finish_reason?: string | null;
  }[];
  error?: unknown;
}

/**
 * How long to wait before trying again after `error`: what the server's Retry-After asked, when
 * the failure is a 429 or 503 that said, the waits of this reply stay within
 * MAX_RETRY_AFTER_WAIT_MS and the attempt keeps TIME_AFTER_WAIT_MS for the reply; else undefined
 * (the error goes to the job queue, which waits as long as the server asked).
 */
export function retryWait(error: unknown, waited: number, deadlineAt: number | undefined, now = Date.now()) {
  if (!(error instanceof LlmError) || !error.retryable || error.retryAfterMs === undefined) return undefined;
  const wait = error.retryAfterMs;
  if (waited + wait > MAX_RETRY_AFTER_WAIT_MS) return undefined;
  if (deadlineAt !== undefined && now + wait + TIME_AFTER_WAIT_MS > deadlineAt) return undefined;
  return wait;
}

/** Resolves after `ms`, or rejects with the signal's reason once it is aborted. */
function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    signal?.throwIfAborted();
    const stop = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", stop);
      resolve();
    }, ms);
    signal?.addEventListener("abort", stop, { once: true });
  });
}

/** The tokens a chunk or completion reports (the final chunk, with include_usage); null when it has none. */
function usageOf(parsed: unknown): TokenUsage | null {
  const usage =
    (parsed && typeof parsed === "object" ? (parsed as CompletionChunk).usage : undefined) ?? null;
  if (!usage || typeof usage !== "object") return null;
  const prompt = usage.prompt_tokens;
  const completion = usage.completion_tokens;
  if (!isCount(prompt) || !isCount(completion)) return null;
  return { promptTokens: prompt, completionTokens: completion };
}

function isCount(value: unknown): value is number {
  return typeof value === "number" && Number.isInteger(value) && value >= 0;
}

/** A server's chat completions endpoint; a base URL that is no URL fails for good. */
export function completionsUrl(baseUrl: string, where: string): URL {
  try {
    return new URL(`${baseUrl}/chat/completions`);
  } catch (error) {
    throw new LlmError(`the LLM base URL is not a URL: ${where}`, { retryable: false, cause: error });
  }
}

/** A server's answer as JSON; anything else is the server's fault, and retryable. */
export function parseJson(text: string, where: string): unknown {
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
