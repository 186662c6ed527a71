/**
 * Prompt assembly for real chat models (decision 46): the layout (prompt/layout.ts), the system
 * message (prompt/system.ts), the summary of what no longer fits (prompt/summary.ts), the example
 * dialogue (prompt/examples.ts), the character's short name (prompt/names.ts) and token counts
 * (prompt/tokens.ts). Deterministic and model-free.
 */
export { exampleBlocks } from "./prompt/examples.ts";
export {
  buildChatMessages,
  type ChatMessage,
  countTokens,
  DEFAULT_AUTHORS_NOTE_DEPTH,
  EXAMPLES_UNTIL_REPLIES,
  type PromptOptions,
  promptBudget,
} from "./prompt/layout.ts";
export { shortName } from "./prompt/names.ts";
export { summarizeOlderTurns } from "./prompt/summary.ts";
export { buildSystemPrompt } from "./prompt/system.ts";
export { estimateTokens, loadTokenCounter, type TokenCounter } from "./prompt/tokens.ts";
