import type { ComponentStatus } from "../../lib/health-check.ts";
import { apiRoot, bearerHeader, clip, describeUrl, modelsListStatus } from "../upstream-http.ts";
import { contextDefinition, contextTurns } from "./context.ts";
import { requestJson } from "./http.ts";
import {
  type ModerationContext,
  ModerationProviderError,
  type ModerationSurface,
  type ModerationVerdict,
  type RemoteClassifier,
} from "./types.ts";

export interface OpenAiModerationOptions {
  /** The API root, "https://api.openai.com/v1"; a bare host gets /v1. */
  baseUrl: string;
  apiKey?: string | undefined;
  /** e.g. "omni-moderation-latest"; the server's default when unset */
  model?: string | undefined;
  timeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 10_000;
/** The category this adult app refuses; the others (adult sexual content, violence in fiction) are allowed. */
const MINORS_CATEGORY = "sexual/minors";

/**
 * OpenAI's moderation API (`POST /v1/moderations`) or a server that speaks it. Only
 * `sexual/minors` refuses: the other categories describe what adults may write here.
 */
export class OpenAiModerationClassifier implements RemoteClassifier {
  readonly name = "openai-moderation";
  readonly #root: string;
  readonly #headers: Record<string, string>;
  readonly #model: string | undefined;
  readonly #timeoutMs: number;
  readonly #where: string;

  constructor(options: OpenAiModerationOptions) {
    this.#root = apiRoot(options.baseUrl);
    this.#headers = bearerHeader(options.apiKey);
    this.#model = options.model?.trim() || undefined;
    this.#timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.#where = describeUrl(this.#root, "the moderation server");
  }

  async classify(
    text: string,
    surface: ModerationSurface,
    context?: ModerationContext,
  ): Promise<ModerationVerdict> {
    const input = moderationInput(text, surface, context);
    const answer = await requestJson(`${this.#root}/moderations`, {
      method: "POST",
      headers: this.#headers,
      body: this.#model ? { model: this.#model, input } : { input },
      timeoutMs: this.#timeoutMs,
      where: this.#where,
    });
    const result = firstResult(answer);
    if (!result) {
      throw new ModerationProviderError(
        `${this.#where} sent no moderation result: ${clip(JSON.stringify(answer), 120)}`,
        {
          retryable: true,
        },
      );
    }
    return result.categories?.[MINORS_CATEGORY] === true
      ? { allowed: false, category: "minors", classifier: this.name }
      : { allowed: true };
  }

  /** Lists the server's models: ok when it answers. */
  async check(): Promise<ComponentStatus> {
    return modelsListStatus(this.#root, {
      headers: this.#headers,
      timeoutMs: this.#timeoutMs,
      where: this.#where,
      detail: `openai moderation ${this.#where}${this.#model ? `, model ${this.#model}` : ""}`,
    });
  }
}

/**
 * The API's `input` is a string or an array, but an array of strings gets one result per string,
 * each judged alone. So the context and the text go as one string, the text last and whole, and
 * its one result judges the text as read after the chat so far. Without context, the text alone.
 */
export function moderationInput(
  text: string,
  surface: ModerationSurface,
  context?: ModerationContext,
): string {
  const definition = contextDefinition(context);
  const turns = contextTurns(context);
  if (!definition && turns.length === 0) return text;
  const author = surface === "model_output" ? "the character" : "the user";
  return [
    "Context (earlier in this chat):",
    ...(definition ? [`Character definition: ${definition}`] : []),
    ...turns.map((turn) => `${turn.role === "character" ? "Character" : "User"}: ${turn.text}`),
    "",
    `Message (by ${author}): ${text}`,
  ].join("\n");
}

function firstResult(answer: unknown): { categories?: Record<string, unknown> } | undefined {
  const results = (answer as { results?: unknown } | null)?.results;
  const first: unknown = Array.isArray(results) ? results[0] : undefined;
  return first && typeof first === "object" ? (first as { categories?: Record<string, unknown> }) : undefined;
}
