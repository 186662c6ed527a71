/**
 * Token counts for the prompt's budget (decision 46). Real models are measured with OpenAI's
 * o200k_base encoding (gpt-tokenizer, pure JS), loaded once: as the process starts when a model
 * server is configured (prepareTokenCounter), else on the first reply a real model writes. Loading
 * it takes most of a second and several megabytes, which the offline engine and the tests of other
 * parts never pay. Until then, and where no tokenizer is given, about four characters count as a
 * token.
 */

/** How many tokens a text takes. */
export type TokenCounter = (text: string) => number;

/** A rough count that needs no tokenizer: about four characters a token. */
export const estimateTokens: TokenCounter = (text) => Math.ceil(text.length / 4);

/** What every chat message costs beyond its text (its role and separators, in OpenAI's chat format). */
export const MESSAGE_OVERHEAD_TOKENS = 4;

/** The cost of one chat message: its text and the overhead. */
export function messageTokens(content: string, count: TokenCounter): number {
  return count(content) + MESSAGE_OVERHEAD_TOKENS;
}

let loading: Promise<TokenCounter> | undefined;
/** How many texts' counts are kept: the recent history of a few thousand chats at once. */
const COUNTS_KEPT = 20_000;

/**
 * The o200k_base counter, loaded the first time it is asked for. A card's or a user's text that
 * spells a special token ("<|endoftext|>") is counted as plain text rather than refused.
 */
export function loadTokenCounter(): Promise<TokenCounter> {
  loading ??= import("gpt-tokenizer/encoding/o200k_base").then(
    ({ countTokens }) => {
      // a chat's messages are counted again for every reply: each text is counted once
      const counted = new Map<string, number>();
      return (text: string) => {
        const known = counted.get(text);
        if (known !== undefined) return known;
        const tokens = countTokens(text, { disallowedSpecial: new Set() });
        if (counted.size >= COUNTS_KEPT) counted.clear();
        counted.set(text, tokens);
        return tokens;
      };
    },
    // a tokenizer that cannot be loaded leaves the estimate, rather than no reply at all
    () => estimateTokens,
  );
  return loading;
}
