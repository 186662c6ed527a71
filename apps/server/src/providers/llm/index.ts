import type { HealthCheck } from "../../lib/health-check.ts";
import { OpenAiCompatibleProvider } from "./openai-compatible.ts";
import { PersonaEngine } from "./persona-engine.ts";
import { loadTokenCounter } from "./prompt.ts";
import type { LlmProvider } from "./types.ts";

export interface LlmConfig {
  /** LLM_BASE_URL: an OpenAI-compatible API ("https://api.openai.com/v1", "http://127.0.0.1:11434/v1"). */
  baseUrl?: string;
  /** LLM_API_KEY */
  apiKey?: string;
  /** LLM_MODEL: required with a base URL. */
  model?: string;
  maxPromptTokens?: number;
  timeoutMs?: number;
  /** LLM_CONTEXT_TOKENS, LLM_MAX_TOKENS, LLM_TEMPERATURE, LLM_STOP, LLM_AUTHORS_NOTE_DEPTH (decision 46) */
  contextTokens?: number;
  maxTokens?: number;
  temperature?: number | undefined;
  stop?: readonly string[] | undefined;
  authorsNoteDepth?: number;
  /** LLM_SYSTEM_MESSAGES */
  systemMessages?: "anywhere" | "first";
}

/** An OpenAI-compatible server when a base URL is configured; otherwise the offline persona engine. */
export function createLlmProvider(config: LlmConfig): LlmProvider {
  const baseUrl = config.baseUrl?.trim();
  // a short pause between word groups reads like typing rather than a paste
  if (!baseUrl) return new PersonaEngine({ chunkDelayMs: 35 });
  const model = config.model?.trim();
  if (!model) {
    throw new Error(
      "LLM_MODEL is required when LLM_BASE_URL is set: name the model to use (e.g. gpt-4o-mini for OpenAI, llama3.1 for Ollama)",
    );
  }
  return new OpenAiCompatibleProvider({
    baseUrl,
    model,
    apiKey: config.apiKey?.trim() || undefined,
    maxPromptTokens: config.maxPromptTokens,
    timeoutMs: config.timeoutMs,
    temperature: config.temperature,
    contextTokens: config.contextTokens,
    maxTokens: config.maxTokens,
    stop: config.stop,
    authorsNoteDepth: config.authorsNoteDepth,
    systemMessages: config.systemMessages,
  });
}

/**
 * Loads the tokenizer a real model's prompts are measured with, for a process about to serve with
 * a model server configured: loading it holds the event loop for most of a second, which the first
 * reply (and every chat beside it) would otherwise wait on. The offline engine needs none.
 */
export async function prepareTokenCounter(config: LlmConfig): Promise<void> {
  if (config.baseUrl?.trim()) await loadTokenCounter();
}

/** The "llm" entry of the health report's providers. */
export function llmHealthCheck(provider: LlmProvider): HealthCheck {
  return { name: "llm", check: () => provider.check() };
}

export { type OpenAiCompatibleOptions, OpenAiCompatibleProvider } from "./openai-compatible.ts";
export { PersonaEngine } from "./persona-engine.ts";
export { buildChatMessages, buildSystemPrompt, type ChatMessage, estimateTokens } from "./prompt.ts";
export { type CharacterCard, type ChatTurn, LlmError, type LlmProvider, type ReplyRequest } from "./types.ts";
