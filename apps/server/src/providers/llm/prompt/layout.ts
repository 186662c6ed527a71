import type { ChatTurn, ReplyRequest, WorldInfoEntry } from "../types.ts";
import { exampleBlocks, examplesMessage } from "./examples.ts";
import { shortName } from "./names.ts";
import { summarizeOlderTurns } from "./summary.ts";
import { buildSystemPrompt, userLabel } from "./system.ts";
import { estimateTokens, messageTokens, type TokenCounter } from "./tokens.ts";

/**
 * The chat a real model is sent (decision 46), in SillyTavern's order:
 *
 *   system       main prompt (or the card's, with {{original}}), world info before the character,
 *                the definition, the canon, world info after, what the character remembers, rules
 *   examples     the card's example dialogue, in whole blocks, only in the room the history leaves
 *                and only while the character has written few replies of its own
 *   summary      what the messages left out said (worries, events, what the character said of itself)
 *   history      the newest messages that fit, oldest left out first, with the author's note, the
 *                card's character's note and the lorebook entries placed at their depths
 *   post-history the card's post-history instructions (and the voice-note instruction), last
 *
 * The system message, the notes and the post-history instructions are always sent; the history
 * gets what they leave of the budget (the newest message always goes, whatever its size), then the
 * summary makes room for itself from the oldest kept messages, then the examples get what is left.
 */

export interface ChatMessage {
  role: "system" | "user" | "assistant";
  content: string;
}

export interface PromptOptions {
  /** tokens the prompt may take (`promptBudget` of the model's context and the reply's length) */
  maxPromptTokens: number;
  /** how tokens are counted (default: about four characters a token) */
  count?: TokenCounter;
  /** how many messages from the end the author's note goes (default 4, SillyTavern's) */
  authorsNoteDepth?: number;
  /**
   * "anywhere" (default): system messages go where they belong, as SillyTavern sends them; "first":
   * only the first message may be a system message, for chat templates that refuse any other
   * (Mistral's and Gemma's in vLLM or llama.cpp): the others are folded into user messages.
   */
  systemMessages?: "anywhere" | "first";
}

/** The share of the room after the reply that the prompt is given: tokenizers of other models count more. */
const SAFETY_SHARE = 0.9;

/** The prompt's budget: the context, less the reply's tokens, less a safety margin (a tenth). */
export function promptBudget(limits: { contextTokens: number; maxTokens: number }): number {
  return Math.max(256, Math.floor((limits.contextTokens - limits.maxTokens) * SAFETY_SHARE));
}

/** The summary never takes more than this share of the history's room, nor more than this many tokens. */
const SUMMARY_SHARE = 0.25;
const SUMMARY_MAX_TOKENS = 500;
/**
 * Once the character has written this many replies in the conversation, its own words show how it
 * talks and the example dialogue is left out.
 */
export const EXAMPLES_UNTIL_REPLIES = 8;
export const DEFAULT_AUTHORS_NOTE_DEPTH = 4;

/** The user asked for a voice message: the reply is read aloud by the app's speech voice. */
const VOICE_NOTE_INSTRUCTION =
  "The user asked for a voice message, and your reply will be sent as one, read aloud in your voice. Write only the words you say in it, as spoken language: no actions, emoji or stage directions, and never say that you cannot send voice messages.";

/** Something put inside the conversation, `depth` messages from its end. */
interface Injection {
  depth: number;
  role: ChatMessage["role"];
  content: string;
}

function joined(texts: readonly string[]): string {
  return texts
    .map((text) => text.trim())
    .filter(Boolean)
    .join("\n");
}

function entriesAt(entries: readonly WorldInfoEntry[], position: WorldInfoEntry["position"]): string[] {
  return entries.filter((entry) => entry.position === position).map((entry) => entry.content);
}

/** Reverie's author's note: a short reminder kept near the end, where models heed it most. */
function authorsNote(request: ReplyRequest, worldInfo: readonly WorldInfoEntry[]): string {
  const name = shortName(request.character.name);
  const user = userLabel(request.userName);
  return joined([
    ...entriesAt(worldInfo, "author_note_top"),
    `[Author's note: you are ${name}. Stay in character, keep to your life and to what you remember, and answer ${user}'s last message in a chat message's length.]`,
    ...entriesAt(worldInfo, "author_note_bottom"),
  ]);
}

/**
 * The notes and lorebook entries that go inside the conversation, joined by depth and role.
 * Reverie's author's note goes only among the messages: in a conversation no longer than its
 * depth it would follow the system message, which says the same.
 */
function injections(
  request: ReplyRequest,
  worldInfo: readonly WorldInfoEntry[],
  noteDepth: number,
  messages: number,
): Injection[] {
  const list: Injection[] = [];
  if (messages > noteDepth) {
    list.push({ depth: noteDepth, role: "system", content: authorsNote(request, worldInfo) });
  } else {
    // the lorebook's entries by the note still go in, where the note would be
    const around = joined([
      ...entriesAt(worldInfo, "author_note_top"),
      ...entriesAt(worldInfo, "author_note_bottom"),
    ]);
    if (around) list.push({ depth: noteDepth, role: "system", content: around });
  }
  const note = request.character.card?.depthPrompt;
  if (note?.text.trim()) list.push({ depth: note.depth, role: note.role, content: note.text.trim() });
  for (const entry of worldInfo) {
    if (entry.position === "at_depth")
      list.push({ depth: entry.depth, role: entry.role, content: entry.content });
  }
  const merged: Injection[] = [];
  for (const item of list) {
    const same = merged.find((other) => other.depth === item.depth && other.role === item.role);
    if (same) same.content = joined([same.content, item.content]);
    else if (item.content.trim()) merged.push({ ...item, content: item.content.trim() });
  }
  return merged;
}

/** The card's post-history instructions ({{original}}: Reverie has none of its own) and the voice note. */
function postHistory(request: ReplyRequest): string {
  const own = (request.character.card?.postHistoryInstructions ?? "").replace(/\{\{\s*original\s*\}\}/gi, "");
  return joined([own, request.voiceNote ? VOICE_NOTE_INSTRUCTION : ""]);
}

/** Turns as chat messages; two in a row from one side (a reply that failed) become one message. */
function historyMessages(turns: readonly ChatTurn[]): ChatMessage[] {
  const messages: ChatMessage[] = [];
  for (const turn of turns) {
    const role = turn.from === "user" ? "user" : "assistant";
    const previous = messages.at(-1);
    // several chat templates (Mistral, Gemma) reject roles that do not alternate
    if (previous && previous.role === role) previous.content = `${previous.content}\n\n${turn.text}`;
    else messages.push({ role, content: turn.text });
  }
  return messages;
}

/** Puts each injection `depth` messages before the end of the history (at its start when it is shorter). */
function inject(history: readonly ChatMessage[], items: readonly Injection[]): ChatMessage[] {
  const roles: ChatMessage["role"][] = ["system", "user", "assistant"];
  const at = (item: Injection) => Math.max(0, history.length - item.depth);
  // at one place: the deeper first, then system, user, assistant (SillyTavern's order)
  const ordered = [...items].sort(
    (a, b) => at(a) - at(b) || b.depth - a.depth || roles.indexOf(a.role) - roles.indexOf(b.role),
  );
  const result: ChatMessage[] = [];
  for (let index = 0; index <= history.length; index++) {
    for (const item of ordered)
      if (at(item) === index) result.push({ role: item.role, content: item.content });
    const message = history[index];
    if (message) result.push(message);
  }
  return result;
}

export function buildChatMessages(request: ReplyRequest, options: PromptOptions): ChatMessage[] {
  const count = options.count ?? estimateTokens;
  const worldInfo = request.character.worldInfo ?? [];
  const system: ChatMessage = {
    role: "system",
    content: buildSystemPrompt(request.character, request.userName, {
      worldInfoBefore: entriesAt(worldInfo, "before_char"),
      worldInfoAfter: entriesAt(worldInfo, "after_char"),
      memory: request.memory,
    }),
  };
  const post = postHistory(request);
  const postMessage: ChatMessage | null = post ? { role: "system", content: post } : null;
  const turns = request.history.filter((turn) => turn.text.trim().length > 0);
  const noteDepth = options.authorsNoteDepth ?? DEFAULT_AUTHORS_NOTE_DEPTH;
  // counted for the whole history; the kept part may be too short for Reverie's note after all
  const notes =
    turns.length > 0 ? injections(request, worldInfo, noteDepth, historyMessages(turns).length) : [];

  const fixed =
    messageTokens(system.content, count) +
    (postMessage ? messageTokens(postMessage.content, count) : 0) +
    notes.reduce((sum, note) => sum + messageTokens(note.content, count), 0);
  const room = options.maxPromptTokens - fixed;

  // the newest message always goes, whatever its size; then older ones while they fit
  const cost = new Map<number, number>();
  const costOf = (index: number) => {
    let tokens = cost.get(index);
    if (tokens === undefined) {
      tokens = messageTokens(turns[index]?.text ?? "", count);
      cost.set(index, tokens);
    }
    return tokens;
  };
  let start = turns.length;
  let used = 0;
  if (turns.length > 0) {
    start = turns.length - 1;
    used = costOf(start);
    while (start > 0 && used + costOf(start - 1) <= room) {
      start -= 1;
      used += costOf(start);
    }
  }

  let summary: string | null = null;
  if (start > 0) {
    // room for the summary of what was left out, giving up the oldest kept turns if needed
    const limit = Math.min(SUMMARY_MAX_TOKENS, Math.max(0, Math.floor(room * SUMMARY_SHARE)));
    const summarize = () =>
      summarizeOlderTurns(turns.slice(0, start), { maxTokens: limit, count, userName: request.userName });
    summary = summarize();
    while (summary && start < turns.length - 1 && used + messageTokens(summary, count) > room) {
      used -= costOf(start);
      start += 1;
      summary = summarize();
    }
    if (summary && used + messageTokens(summary, count) > room) summary = null;
    if (summary) used += messageTokens(summary, count);
  }

  // the examples: in the room that is left, and only while the character has said little itself
  let examples: string | null = null;
  const replies = turns.filter((turn) => turn.from === "model").length;
  if (replies < EXAMPLES_UNTIL_REPLIES) {
    const blocks = [
      ...entriesAt(worldInfo, "examples_top"),
      ...exampleBlocks(request.character.card?.exampleDialogue ?? ""),
      ...entriesAt(worldInfo, "examples_bottom"),
    ];
    const kept: string[] = [];
    for (const block of blocks) {
      const candidate = examplesMessage(request.character.name, [...kept, block]);
      if (candidate && used + messageTokens(candidate, count) <= room) kept.push(block);
      else break;
    }
    examples = examplesMessage(request.character.name, kept);
  }

  const messages: ChatMessage[] = [system];
  if (examples) messages.push({ role: "system", content: examples });
  if (summary) messages.push({ role: "system", content: summary });
  const history = historyMessages(turns.slice(start));
  const placed = turns.length > 0 ? injections(request, worldInfo, noteDepth, history.length) : [];
  messages.push(...inject(history, placed));
  if (postMessage && turns.length > 0) messages.push(postMessage);
  return options.systemMessages === "first" ? foldSystemMessages(messages) : messages;
}

/**
 * Only the first message a system message: the examples and the summary join it; a note inside the
 * conversation joins the user message after it (the post-history instructions, the last user
 * message), so the roles still alternate.
 */
function foldSystemMessages(messages: readonly ChatMessage[]): ChatMessage[] {
  const [first, ...rest] = messages;
  if (!first) return [];
  const leading = { ...first };
  const conversation: ChatMessage[] = [];
  let pending: string[] = [];
  for (const message of rest) {
    if (message.role === "system") {
      if (conversation.length === 0) leading.content = `${leading.content}\n\n${message.content}`;
      else pending.push(message.content);
      continue;
    }
    const previous = conversation.at(-1);
    const content =
      message.role === "user" && pending.length > 0
        ? `${pending.join("\n")}\n\n${message.content}`
        : message.content;
    if (message.role === "user") pending = [];
    if (previous && previous.role === message.role) previous.content = `${previous.content}\n\n${content}`;
    else conversation.push({ role: message.role, content });
  }
  if (pending.length > 0) {
    const lastUser = conversation.findLast((message) => message.role === "user");
    if (lastUser) lastUser.content = `${lastUser.content}\n\n${pending.join("\n")}`;
    else leading.content = `${leading.content}\n\n${pending.join("\n")}`;
  }
  return [leading, ...conversation];
}

/** Total tokens of the messages, as `buildChatMessages` counts them. */
export function countTokens(messages: readonly ChatMessage[], count: TokenCounter = estimateTokens): number {
  return messages.reduce((sum, message) => sum + messageTokens(message.content, count), 0);
}
