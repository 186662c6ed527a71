import { LIMITS, type Message } from "@reverie/shared";
import type { InfiniteData } from "@tanstack/react-query";
import type { ChatMessage } from "./conversation";

/** One page of GET /api/chats/{id}/messages. */
export interface MessagesPage {
  items: Message[];
  total_count: number;
}

export type MessagesHistory = InfiniteData<MessagesPage, unknown>;

/**
 * The messages query's pages (newest ten first) holding what the conversation shows, so the history
 * kept for reading offline (lib/offline-snapshot.ts) has the replies that came by socket. `known`
 * itself when it already holds every stored message (no update, so no loop with the history
 * effect); undefined when nothing is stored yet.
 */
export function historyWithConversation(
  messages: readonly ChatMessage[],
  known: MessagesHistory | undefined,
): MessagesHistory | undefined {
  const stored: Message[] = messages.filter((message) => message.id > 0 && !message.pending);
  const knownIds = new Set(known?.pages.flatMap((page) => page.items.map((message) => message.id)));
  const added = stored.filter((message) => !knownIds.has(message.id)).length;
  if (added === 0 || stored.length === 0) return known;
  const total = Math.max(stored.length, (known?.pages[0]?.total_count ?? 0) + added);
  const size = LIMITS.messagePageSize;
  const pages: MessagesPage[] = [];
  for (let end = stored.length; end > 0; end -= size) {
    pages.push({ items: stored.slice(Math.max(0, end - size), end), total_count: total });
  }
  return { pages, pageParams: pages.map((_, index) => index + 1) };
}
