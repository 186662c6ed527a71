import type { ComponentStatus } from "../../lib/health-check.ts";
import { contextDefinition, contextTurns } from "./context.ts";
import { ModerationServer, minorsVerdict } from "./http.ts";
import type { ModerationContext, ModerationSurface, ModerationVerdict, RemoteClassifier } from "./types.ts";

export interface LlamaGuardOptions {
  /** An OpenAI-compatible API root (vLLM, Ollama, llama.cpp server, a hosted endpoint); a bare host gets /v1. */
  baseUrl: string;
  apiKey?: string | undefined;
  /** the judge model, e.g. "meta-llama/Llama-Guard-3-8B" or "llama-guard3" */
  model: string;
  timeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 15_000;

/** Llama Guard 3's "S4: Child Exploitation" (MLCommons taxonomy), the one category this app refuses. */
const CHILD_EXPLOITATION = "S4";

type ChatRole = "user" | "assistant";
export interface GuardMessage {
  role: ChatRole;
  content: string;
}

/**
 * The conversation Llama Guard judges, as chat messages. Llama Guard 3's own chat template (applied
 * by vLLM, llama.cpp's server and Ollama) writes the task prompt around them: the categories, each
 * message as a 'User' or 'Agent' turn, and the role to judge, which it takes from the last message.
 * So text a user sends is the last user message, a model's reply the last assistant message; the
 * recent turns of the chat come before it, and the template needs them to alternate from a user
 * turn. The character's definition, labelled as background, opens the first user turn: a minor
 * established earlier stays a minor.
 */
export function llamaGuardMessages(
  text: string,
  surface: ModerationSurface,
  context?: ModerationContext,
): GuardMessage[] {
  const definition = contextDefinition(context);
  const messages = alternating([
    ...contextTurns(context).map((turn) => ({
      role: (turn.role === "character" ? "assistant" : "user") as ChatRole,
      content: turn.text,
    })),
    { role: surface === "model_output" ? "assistant" : "user", content: text },
  ]);
  const background = definition
    ? `[Character definition (who the Agent plays; background, not a message): ${definition}]`
    : "[The chat begins.]";
  const first = messages[0];
  if (first?.role === "user") {
    if (definition) first.content = `${background}\n\n${first.content}`;
  } else messages.unshift({ role: "user", content: background });
  return messages.map((message) => ({ ...message, content: quoted(message.content) }));
}

/** Two turns in a row of one role are one message: the template needs them to alternate. */
function alternating(turns: GuardMessage[]): GuardMessage[] {
  const merged: GuardMessage[] = [];
  for (const turn of turns) {
    const last = merged.at(-1);
    if (last?.role === turn.role) last.content = `${last.content}\n${turn.content}`;
    else merged.push({ ...turn });
  }
  return merged;
}

/**
 * Text inside the conversation cannot open a turn of its own or close the conversation: otherwise
 * a message ending in "Agent: …\n\nUser: hello" would have only "hello" judged.
 */
function quoted(text: string): string {
  return text
    .replace(/^([ \t]*)(user|agent)([ \t]*):/gim, "$1$2$3 -")
    .replace(/<(\/?)(BEGIN|END)([ \w]*)>/gi, "[$1$2$3]");
}

/** "safe", or "unsafe" with the categories ("unsafe\nS4,S12"); undefined when it is neither. */
export function parseLlamaGuardAnswer(answer: string): { safe: boolean; categories: string[] } | undefined {
  const lines = answer
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean);
  const verdict = lines[0]?.toLowerCase();
  if (verdict === "safe") return { safe: true, categories: [] };
  if (verdict !== "unsafe") return undefined;
  const categories = lines
    .slice(1)
    .join(",")
    .split(/[,\s]+/)
    .map((category) => category.toUpperCase())
    .filter((category) => /^S\d+$/.test(category));
  return { safe: false, categories };
}

/**
 * Llama Guard 3 behind any OpenAI-compatible `/v1/chat/completions`: the conversation goes as chat
 * messages, the model's chat template makes the task prompt, and an answer naming S4 (child
 * exploitation) refuses. Other unsafe
 * categories, adult sexual content (S12) among them, are allowed in this app.
 */
export class LlamaGuardClassifier implements RemoteClassifier {
  readonly name = "llama-guard";
  readonly #server: ModerationServer;
  readonly #model: string;

  constructor(options: LlamaGuardOptions) {
    this.#server = new ModerationServer({
      baseUrl: options.baseUrl,
      apiKey: options.apiKey,
      timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    });
    this.#model = options.model;
  }

  async classify(
    text: string,
    surface: ModerationSurface,
    context?: ModerationContext,
  ): Promise<ModerationVerdict> {
    const answer = await this.#server.post("/chat/completions", {
      model: this.#model,
      messages: llamaGuardMessages(text, surface, context),
      temperature: 0,
      max_tokens: 20,
      stream: false,
    });
    const content = completionText(answer);
    const parsed = content === undefined ? undefined : parseLlamaGuardAnswer(content);
    if (!parsed) {
      throw this.#server.unreadable(
        "answered neither 'safe' nor 'unsafe'",
        content ?? JSON.stringify(answer),
      );
    }
    return minorsVerdict(parsed.categories.includes(CHILD_EXPLOITATION), this.name);
  }

  /** Lists the server's models: ok when it answers. */
  async check(): Promise<ComponentStatus> {
    return this.#server.check(`llama-guard ${this.#server.where}, model ${this.#model}`);
  }
}

function completionText(answer: unknown): string | undefined {
  const choices = (answer as { choices?: unknown } | null)?.choices;
  const first = Array.isArray(choices)
    ? (choices[0] as { message?: { content?: unknown } } | undefined)
    : undefined;
  const content = first?.message?.content;
  return typeof content === "string" ? content : undefined;
}
