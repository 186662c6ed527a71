import type { LlmConfig } from "../index.ts";
import type { MemoryExtractor } from "../types.ts";
import { OpenAiMemoryExtractor } from "./openai-compatible.ts";
import { RuleMemoryExtractor } from "./rules.ts";

/**
 * Who reads facts out of an exchange: the configured chat model's server with structured output
 * when there is one (LLM_BASE_URL), the offline rules otherwise (decision 45).
 */
export function createMemoryExtractor(config: LlmConfig): MemoryExtractor {
  const baseUrl = config.baseUrl?.trim();
  const model = config.model?.trim();
  if (!baseUrl || !model) return new RuleMemoryExtractor();
  return new OpenAiMemoryExtractor({
    baseUrl,
    model,
    apiKey: config.apiKey?.trim() || undefined,
    timeoutMs: config.timeoutMs,
  });
}

export { OpenAiMemoryExtractor } from "./openai-compatible.ts";
export { RuleMemoryExtractor } from "./rules.ts";
