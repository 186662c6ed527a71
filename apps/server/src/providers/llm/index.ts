import type { HealthCheck } from "../../lib/health-check.ts";
import { OpenAiCompatibleProvider } from "./openai-compatible.ts";
import { PersonaEngine } from "./persona-engine.ts";
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
  temperature?: number;
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
  });
}

/** The "llm" entry of the health report's providers. */
export function llmHealthCheck(provider: LlmProvider): HealthCheck {
  return { name: "llm", check: () => provider.check() };
}

export { type OpenAiCompatibleOptions, OpenAiCompatibleProvider } from "./openai-compatible.ts";
export { PersonaEngine } from "./persona-engine.ts";
export { buildChatMessages, buildSystemPrompt, type ChatMessage, estimateTokens } from "./prompt.ts";
export { type CharacterCard, type ChatTurn, LlmError, type LlmProvider, type ReplyRequest } from "./types.ts";
