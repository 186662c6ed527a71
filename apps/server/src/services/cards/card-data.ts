/**
 * A character card's definition as Reverie keeps it (decision 23): the fields of the Tavern card
 * specs V2 and V3 (`data` of `chara_card_v2` / `chara_card_v3`), every one kept: V3's own and unknown
 * data fields in `v3`, unknown lorebook and entry fields on the book and entries themselves. V1 cards
 * (flat, no `spec`) are read into the same shape. Stored as JSON in `characters.definition`;
 * exported back as a V3 card (services/cards/card-format.ts reads and writes them).
 */
export interface CardData {
  name: string;
  description: string;
  personality: string;
  scenario: string;
  first_mes: string;
  mes_example: string;
  creator_notes: string;
  system_prompt: string;
  post_history_instructions: string;
  alternate_greetings: string[];
  tags: string[];
  creator: string;
  character_version: string;
  extensions: Record<string, unknown>;
  character_book?: CharacterBook | undefined;
  /**
   * the data fields V2 does not have, kept as they came (V3's assets, nickname,
   * creator_notes_multilingual, source, group_only_greetings when not empty, dates; any other)
   */
  v3?: Record<string, unknown> | undefined;
}

/** An embedded lorebook (`character_book`): entries added to the prompt when their keys come up. */
export interface CharacterBook {
  name?: string | undefined;
  description?: string | undefined;
  scan_depth?: number | undefined;
  token_budget?: number | undefined;
  recursive_scanning?: boolean | undefined;
  extensions: Record<string, unknown>;
  entries: CharacterBookEntry[];
}

export interface CharacterBookEntry {
  keys: string[];
  content: string;
  extensions: Record<string, unknown>;
  enabled: boolean;
  insertion_order: number;
  case_sensitive?: boolean | undefined;
  name?: string | undefined;
  priority?: number | undefined;
  id?: number | string | undefined;
  comment?: string | undefined;
  /** V3: the keys are regular expressions (such entries are kept but never matched here) */
  use_regex?: boolean | undefined;
  /** always in the prompt, keys or not */
  constant?: boolean | undefined;
  selective?: boolean | undefined;
  secondary_keys?: string[] | undefined;
  position?: "before_char" | "after_char" | undefined;
}

/** A card as it was uploaded: its definition, and the PNG it came in (the portrait), if any. */
export interface ImportedCard {
  data: CardData;
  /** the card's own image, when it came as a PNG */
  portraitPng: Buffer | null;
}
