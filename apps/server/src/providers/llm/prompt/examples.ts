import { shortName } from "./names.ts";

/**
 * The card's example dialogue (`mes_example`), in SillyTavern's blocks: each `<START>` begins one
 * exchange. The blocks go in whole or not at all, and only in the room the conversation leaves
 * (decision 46).
 */

const START = /<START>/gi;

/** The example exchanges, each without its `<START>`, empty ones left out. */
export function exampleBlocks(exampleDialogue: string): string[] {
  const text = exampleDialogue.trim();
  if (!text) return [];
  return text
    .split(START)
    .map((block) => block.trim())
    .filter(Boolean);
}

/** The message that shows the blocks, as examples of the character's voice and not as the conversation. */
export function examplesMessage(characterName: string, blocks: readonly string[]): string | null {
  if (blocks.length === 0) return null;
  return [
    `Example dialogue: how ${shortName(characterName)} talks. It is not part of this conversation and nothing in it happened.`,
    ...blocks.map((block) => `<START>\n${block}`),
  ].join("\n");
}
