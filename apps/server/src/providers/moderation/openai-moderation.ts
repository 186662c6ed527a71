import type { ComponentStatus } from "../../lib/health-check.ts";
import { contextDefinition, contextTurns } from "./context.ts";
import { ModerationServer, minorsVerdict } from "./http.ts";
import type { ModerationContext, ModerationSurface, ModerationVerdict, RemoteClassifier } from "./types.ts";

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
  readonly #server: ModerationServer;
  readonly #model: string | undefined;

  constructor(options: OpenAiModerationOptions) {
    this.#server = new ModerationServer({
      baseUrl: options.baseUrl,
      apiKey: options.apiKey,
      timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    });
    this.#model = options.model?.trim() || undefined;
  }

  async classify(
    text: string,
    surface: ModerationSurface,
    context?: ModerationContext,
  ): Promise<ModerationVerdict> {
    const input = moderationInput(text, surface, context);
    const answer = await this.#server.post(
      "/moderations",
      this.#model ? { model: this.#model, input } : { input },
    );
    const result = firstResult(answer);
    if (!result) throw this.#server.unreadable("sent no moderation result", JSON.stringify(answer));
    return minorsVerdict(result.categories?.[MINORS_CATEGORY] === true, this.name);
  }

  /** Lists the server's models: ok when it answers. */
  async check(): Promise<ComponentStatus> {
    const model = this.#model ? `, model ${this.#model}` : "";
    return this.#server.check(`openai moderation ${this.#server.where}${model}`);
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
