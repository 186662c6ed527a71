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

export interface LlamaGuardOptions {
  /** An OpenAI-compatible API root (vLLM, Ollama, llama.cpp server, a hosted endpoint); a bare host gets /v1. */
  baseUrl: string;
  apiKey?: string | undefined;
  /** the judge model, e.g. "meta-llama/Llama-Guard-3-8B" or "llama-guard3" */
  model: string;
  timeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 15_000;

/** Llama Guard 3's hazard categories (MLCommons taxonomy); S4 is the one this app refuses. */
export const LLAMA_GUARD_CATEGORIES = [
  "S1: Violent Crimes.",
  "S2: Non-Violent Crimes.",
  "S3: Sex Crimes.",
  "S4: Child Exploitation.",
  "S5: Defamation.",
  "S6: Specialized Advice.",
  "S7: Privacy.",
  "S8: Intellectual Property.",
  "S9: Indiscriminate Weapons.",
  "S10: Hate.",
  "S11: Self-Harm.",
  "S12: Sexual Content.",
  "S13: Elections.",
  "S14: Code Interpreter Abuse.",
] as const;
const CHILD_EXPLOITATION = "S4";

type Speaker = "User" | "Agent";

/**
 * Llama Guard's task prompt: the categories, the conversation and the answer format. Text a user
 * sends is judged as the last 'User' turn, a model's reply as the last 'Agent' turn. The recent
 * turns of the chat come before it (the character's are the Agent's), and the character's
 * definition, labelled as background, opens the conversation: a minor established earlier stays
 * a minor.
 */
export function llamaGuardPrompt(
  text: string,
  surface: ModerationSurface,
  context?: ModerationContext,
): string {
  const role: Speaker = surface === "model_output" ? "Agent" : "User";
  const definition = contextDefinition(context);
  const turns = alternating([
    ...contextTurns(context).map((turn) => ({
      role: (turn.role === "character" ? "Agent" : "User") as Speaker,
      text: turn.text,
    })),
    { role, text },
  ]);
  return [
    `Task: Check if there is unsafe content in '${role}' messages in conversations according our safety policy with the below categories.`,
    "",
    "<BEGIN UNSAFE CONTENT CATEGORIES>",
    ...LLAMA_GUARD_CATEGORIES,
    "<END UNSAFE CONTENT CATEGORIES>",
    "",
    "<BEGIN CONVERSATION>",
    "",
    ...(definition
      ? [`Character definition (who the Agent plays; background, not a message): ${quoted(definition)}`, ""]
      : []),
    ...turns.flatMap((turn) => [`${turn.role}: ${quoted(turn.text)}`, ""]),
    "<END CONVERSATION>",
    "",
    `Provide your safety assessment for ONLY THE LAST ${role} message in the above conversation:`,
    " - First line must read 'safe' or 'unsafe'.",
    " - If unsafe, a second line must include a comma-separated list of violated categories.",
  ].join("\n");
}

/** Llama Guard expects User and Agent to take turns: two turns in a row of one role are one message. */
function alternating(turns: { role: Speaker; text: string }[]): { role: Speaker; text: string }[] {
  const merged: { role: Speaker; text: string }[] = [];
  for (const turn of turns) {
    const last = merged.at(-1);
    if (last?.role === turn.role) last.text = `${last.text}\n${turn.text}`;
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
 * A Llama-Guard-3-style judge behind any OpenAI-compatible `/v1/chat/completions`: the task prompt
 * goes as the user message, and an answer naming S4 (child exploitation) refuses. Other unsafe
 * categories, adult sexual content (S12) among them, are allowed in this app.
 */
export class LlamaGuardClassifier implements RemoteClassifier {
  readonly name = "llama-guard";
  readonly #root: string;
  readonly #headers: Record<string, string>;
  readonly #model: string;
  readonly #timeoutMs: number;
  readonly #where: string;

  constructor(options: LlamaGuardOptions) {
    this.#root = apiRoot(options.baseUrl);
    this.#headers = bearerHeader(options.apiKey);
    this.#model = options.model;
    this.#timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.#where = describeUrl(this.#root, "the moderation server");
  }

  async classify(
    text: string,
    surface: ModerationSurface,
    context?: ModerationContext,
  ): Promise<ModerationVerdict> {
    const answer = await requestJson(`${this.#root}/chat/completions`, {
      method: "POST",
      headers: this.#headers,
      body: {
        model: this.#model,
        messages: [{ role: "user", content: llamaGuardPrompt(text, surface, context) }],
        temperature: 0,
        max_tokens: 20,
        stream: false,
      },
      timeoutMs: this.#timeoutMs,
      where: this.#where,
    });
    const content = completionText(answer);
    const parsed = content === undefined ? undefined : parseLlamaGuardAnswer(content);
    if (!parsed) {
      throw new ModerationProviderError(
        `${this.#where} answered neither 'safe' nor 'unsafe': ${clip(content ?? JSON.stringify(answer), 120)}`,
        { retryable: true },
      );
    }
    return parsed.categories.includes(CHILD_EXPLOITATION)
      ? { allowed: false, category: "minors", classifier: this.name }
      : { allowed: true };
  }

  /** Lists the server's models: ok when it answers. */
  async check(): Promise<ComponentStatus> {
    return modelsListStatus(this.#root, {
      headers: this.#headers,
      timeoutMs: this.#timeoutMs,
      where: this.#where,
      detail: `llama-guard ${this.#where}, model ${this.#model}`,
    });
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
