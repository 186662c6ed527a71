import type { Message, ModelSummary } from "@reverie/shared";
import { defaultRangeExtractor, type Range, useVirtualizer } from "@tanstack/react-virtual";
import { type FocusEvent, useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";
import { Notice } from "@/components/ui/notice";
import { Spinner } from "@/components/ui/spinner";
import { useGreetingChoice } from "../hooks/use-greeting-choice";
import type { ChatMessage, VoiceStatus } from "../utils/conversation";
import { estimateMessageHeight } from "../utils/message-height";
import { GreetingArrows } from "./greeting-arrows";
import { MessageBubble } from "./message-bubble";
import { GenerationPlaceholder, TypingIndicator } from "./typing-indicator";

/** What the list needs of the history query (useInfiniteQuery): older pages load as the user nears the top. */
export interface MessageHistory {
  isPending: boolean;
  isError: boolean;
  isFetchNextPageError: boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
}

interface MessageListProps {
  chatId: number;
  model: ModelSummary;
  /** oldest first */
  messages: readonly ChatMessage[];
  /** the reply streaming in, the typing dots and the picture on its way: below the messages */
  draft: ChatMessage | null;
  typing: boolean;
  generating: boolean;
  voice: Readonly<Record<number, { status: VoiceStatus }>>;
  /** what hearing a message costs in tokens; null when included */
  voicePrice: number | null;
  selecting: boolean;
  selected: ReadonlySet<number>;
  unlocking: number | null;
  history: MessageHistory;
  onToggleSelected: (message: ChatMessage) => void;
  onVoice: (message: ChatMessage) => void;
  onUnlock: (message: ChatMessage) => Promise<void>;
  onReport: (message: ChatMessage) => void;
  /** the character's first message became another of its greetings */
  onGreetingChosen: (message: Message) => void;
}

/** Within this distance of the bottom, new messages keep the view pinned to the newest. */
const PINNED_PX = 120;
/** Within this distance of the top, the previous page is fetched. */
const LOAD_OLDER_PX = 800;
/** Space between messages, and above the first (the list's own padding). */
const GAP_PX = 16;
const PADDING_TOP_PX = 20;
/** Rows rendered beyond each edge of the viewport. */
const OVERSCAN = 6;

/**
 * The messages of a chat as a virtual list: only the rows near the viewport are in the DOM, each
 * measured as it renders (@tanstack/react-virtual, end-anchored). The view follows new messages and
 * streaming replies while it is at the bottom and stays put while the user reads older ones; older
 * pages load near the top and are added above without moving what is on screen.
 *
 * The virtual rows are absolutely placed in the list's top padding (as tall as they are together);
 * the live rows (the streaming reply, the typing dots, a picture on its way) follow in normal flow.
 */
export function MessageList(props: MessageListProps) {
  const {
    model,
    messages,
    draft,
    typing,
    generating,
    voice,
    voicePrice,
    selecting,
    selected,
    unlocking,
    history,
  } = props;
  const scroller = useRef<HTMLDivElement>(null);
  const pinned = useRef(true);
  const focusedId = useRef<number | null>(null);
  const latest = useRef(props);
  latest.current = props;

  // the same functions for every row, so that a row renders again only when its own props change
  const onToggleSelected = useCallback(
    (message: ChatMessage) => latest.current.onToggleSelected(message),
    [],
  );
  const onVoice = useCallback((message: ChatMessage) => latest.current.onVoice(message), []);
  const onUnlock = useCallback((message: ChatMessage) => latest.current.onUnlock(message), []);
  const onReport = useCallback((message: ChatMessage) => latest.current.onReport(message), []);

  const getItemKey = useCallback((index: number) => messages[index]?.id ?? index, [messages]);
  const estimateSize = useCallback(
    (index: number) => {
      const message = messages[index];
      return message ? estimateMessageHeight(message) : 80;
    },
    [messages],
  );
  // a focused row (a button in it) stays rendered while it is scrolled out of view
  const rangeExtractor = useCallback((range: Range) => {
    const indexes = defaultRangeExtractor(range);
    const id = focusedId.current;
    if (id === null) return indexes;
    const index = latest.current.messages.findIndex((message) => message.id === id);
    if (index < 0 || indexes.includes(index)) return indexes;
    return [...indexes, index].sort((a, b) => a - b);
  }, []);

  const virtualizer = useVirtualizer({
    count: messages.length,
    getScrollElement: () => scroller.current,
    estimateSize,
    getItemKey,
    rangeExtractor,
    // older pages are added above: the row on screen stays where it is
    anchorTo: "end",
    scrollEndThreshold: PINNED_PX,
    overscan: OVERSCAN,
    gap: GAP_PX,
    paddingStart: PADDING_TOP_PX,
  });

  // New rows at the bottom, or the streaming reply growing: follow them while pinned. The user's
  // own new message pins the view (they sent it, they want to see it and its answer).
  const newest = messages.at(-1);
  const newestId = useRef<number | undefined>(undefined);
  const tail = `${messages.length}:${newest?.id}:${draft?.text.length ?? -1}:${typing}:${generating}`;
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the bottom of the list changes (tail)
  useLayoutEffect(() => {
    if (newest && newest.id !== newestId.current && newest.pending && newest.from === "user") {
      pinned.current = true;
    }
    newestId.current = newest?.id;
    if (pinned.current && messages.length > 0) virtualizer.scrollToEnd();
  }, [tail, virtualizer]);

  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = history;
  const loadOlderIfNearTop = useCallback(
    (retry: boolean) => {
      const element = scroller.current;
      if (!element || !hasNextPage || isFetchingNextPage || (isFetchNextPageError && !retry)) return;
      if (element.scrollTop < LOAD_OLDER_PX) void fetchNextPage();
    },
    [hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage],
  );
  // after each page (it may not fill the screen) and once the first one is shown; a failed page is
  // tried again only when the user scrolls
  useEffect(() => {
    if (messages.length > 0) loadOlderIfNearTop(false);
  }, [loadOlderIfNearTop, messages.length]);

  function onScroll() {
    const element = scroller.current;
    if (!element) return;
    pinned.current = element.scrollHeight - element.scrollTop - element.clientHeight < PINNED_PX;
    loadOlderIfNearTop(true);
  }

  function onFocus(event: FocusEvent<HTMLOListElement>) {
    const row = (event.target as HTMLElement).closest<HTMLElement>("li[data-index]");
    focusedId.current = row ? (messages[Number(row.dataset.index)]?.id ?? null) : null;
  }

  // the character's first message, while it is the only message: its other greetings can be chosen
  const only =
    messages.length === 1 && !hasNextPage && draft === null && !typing && !generating
      ? messages[0]
      : undefined;
  const greeting = useGreetingChoice(
    props.chatId,
    { id: only?.id ?? 0, open: only?.from === "model" && only.type === "text" && !only.pending },
    props.onGreetingChosen,
  );

  const announcements = useReplyAnnouncements(messages);
  const live = draft !== null || typing || generating;
  const rows = virtualizer.getVirtualItems();
  const empty = messages.length === 0;

  return (
    <div className="relative flex min-h-0 flex-1 flex-col">
      <div
        ref={scroller}
        onScroll={onScroll}
        className="min-h-0 flex-1 overflow-y-auto px-3 [overflow-anchor:none] sm:px-5"
        data-testid="message-scroller"
        // the conversation never enters a session replay (decision 0026)
        data-private
      >
        {history.isPending ? (
          <div className="flex justify-center py-10">
            <Spinner label="Loading messages" />
          </div>
        ) : empty && history.isError ? (
          <Notice tone="error" className="mt-5">
            Earlier messages could not be loaded.
          </Notice>
        ) : empty && !typing ? (
          <p className="py-10 text-center text-sm text-ink-400">Say hi to {model.name} — they're waiting.</p>
        ) : null}
        <ol
          className="relative flex flex-col gap-4 pb-5"
          style={{ paddingTop: virtualizer.getTotalSize() + (live && !empty ? GAP_PX : 0) }}
          aria-label="Messages"
          aria-busy={isFetchingNextPage}
          data-testid="message-list"
          onFocus={onFocus}
          onBlur={() => {
            focusedId.current = null;
          }}
        >
          {rows.map((row) => {
            const message = messages[row.index];
            if (!message) return null;
            return (
              <MessageBubble
                key={row.key}
                rowIndex={row.index}
                rowStart={row.start}
                measureRow={virtualizer.measureElement}
                message={message}
                model={model}
                voice={voice[message.id]?.status ?? "default"}
                voicePrice={voice[message.id] ? null : voicePrice}
                selecting={selecting}
                selected={selected.has(message.id)}
                onToggleSelected={onToggleSelected}
                onVoice={onVoice}
                onUnlock={onUnlock}
                onReport={onReport}
                unlocking={unlocking === message.id}
                extra={
                  greeting.available && message.id === only?.id ? (
                    <GreetingArrows
                      selected={greeting.selected}
                      total={greeting.total}
                      busy={greeting.busy}
                      error={greeting.error}
                      onChoose={greeting.choose}
                    />
                  ) : undefined
                }
              />
            );
          })}
          {draft ? (
            <MessageBubble key="draft" message={draft} model={model} />
          ) : typing ? (
            <TypingIndicator model={model} />
          ) : null}
          {generating ? <GenerationPlaceholder model={model} /> : null}
        </ol>
      </div>

      {/* over the list, so that showing them does not move the rows */}
      {isFetchingNextPage || (history.isError && !empty) ? (
        <div className="pointer-events-none absolute inset-x-0 top-2 flex justify-center px-3">
          {isFetchingNextPage ? (
            <span className="rounded-full border border-white/10 bg-ink-800/90 p-2 shadow-lg">
              <Spinner size="sm" label="Loading earlier messages" />
            </span>
          ) : (
            <Notice tone="error">Earlier messages could not be loaded.</Notice>
          )}
        </div>
      ) : null}

      <div role="log" aria-label={`New messages from ${model.name}`} className="sr-only">
        {announcements.map((message) => (
          <p key={message.id}>{announcementOf(message, model.name)}</p>
        ))}
      </div>
    </div>
  );
}

/**
 * The character's messages that arrived while the chat was open, for screen readers (the last
 * few): the list itself is not a live region, since rows come and go as it scrolls. A message counts
 * as arrived when it becomes the newest after another was (not the history the chat opened with).
 */
function useReplyAnnouncements(messages: readonly ChatMessage[]): ChatMessage[] {
  const [arrived, setArrived] = useState<ChatMessage[]>([]);
  const newestSeen = useRef<number | null>(null);
  const newest = messages.at(-1);
  useEffect(() => {
    const previous = newestSeen.current;
    newestSeen.current = newest?.id ?? null;
    if (previous === null || !newest || newest.id === previous) return;
    if (newest.from !== "model" || newest.pending) return;
    setArrived((list) => [...list.slice(-2), newest]);
  }, [newest]);
  return arrived;
}

function announcementOf(message: ChatMessage, name: string): string {
  if (message.type === "image" || message.type === "private_image") return `${name} sent a photo.`;
  if (message.type === "private_video") return `${name} sent a video.`;
  return `${name}: ${message.text}`;
}
