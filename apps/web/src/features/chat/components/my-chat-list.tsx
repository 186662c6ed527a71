import type { Chat } from "@reverie/shared";
import { Camera, Lock, MessagesSquare, Search } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { MediaImage } from "@/components/media/media-image";
import { ButtonLink } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorState } from "@/components/ui/error-state";
import { Skeleton } from "@/components/ui/skeleton";
import { paths } from "@/config/paths";
import { cn } from "@/lib/cn";
import { formatTime } from "@/lib/format";
import { useRealtimeEvents } from "@/lib/realtime";
import { useChats } from "../api/get-chats";
import { useChatListUpdates } from "../hooks/use-chat-list-updates";

const MEDIA_SNIPPETS = {
  image: { icon: Camera, label: "Photo" },
  private_image: { icon: Lock, label: "Private photo" },
  private_video: { icon: Lock, label: "Private video" },
} as const;

function Snippet({ chat }: { chat: Chat }) {
  const last = chat.last_message;
  if (!last) return <>No messages yet</>;
  const prefix = last.from === "user" ? "You: " : "";
  if (last.type === "image" || last.type === "private_image" || last.type === "private_video") {
    const { icon: Icon, label } = MEDIA_SNIPPETS[last.type];
    return (
      <>
        {prefix}
        <Icon className="mr-1 inline size-3.5 align-[-2px]" aria-hidden="true" />
        {label}
      </>
    );
  }
  return (
    <>
      {prefix}
      {last.text}
    </>
  );
}

/** The signed-in user's chats, newest message first, with search by character name. */
export function MyChatList({ activeModelId }: { activeModelId?: number }) {
  const [search, setSearch] = useState("");
  const chats = useChats(search);
  const updates = useChatListUpdates();
  useRealtimeEvents((event) => {
    if (event.action === "add") updates.messageArrived(event.message);
  });

  return (
    <div className="flex min-h-0 flex-col gap-3">
      <label className="relative block">
        <span className="sr-only">Search chats</span>
        <Search
          className="pointer-events-none absolute top-1/2 left-4 size-4 -translate-y-1/2 text-ink-400"
          aria-hidden="true"
        />
        <input
          type="search"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          placeholder="Search by name"
          maxLength={100}
          data-testid="chat-search"
          className="h-11 w-full rounded-full border border-white/10 bg-ink-900 pr-4 pl-11 text-sm text-ink-100 placeholder:text-ink-500 focus:border-coral-400/60 focus:outline-none"
        />
      </label>
      {chats.isPending ? (
        <ul className="space-y-2" aria-busy="true" aria-label="Loading chats">
          {Array.from({ length: 6 }, (_, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
            <li key={index} className="flex items-center gap-3 rounded-2xl p-3">
              <Skeleton className="size-14 shrink-0 rounded-full" />
              <div className="flex-1 space-y-2">
                <Skeleton className="h-4 w-1/3" />
                <Skeleton className="h-3 w-3/4" />
              </div>
            </li>
          ))}
        </ul>
      ) : chats.isError ? (
        <ErrorState title="We couldn't load your chats" error={chats.error} onRetry={() => chats.refetch()} />
      ) : chats.data.items.length === 0 ? (
        search.trim() ? (
          <p className="px-3 py-6 text-center text-sm text-ink-400">No chats match “{search.trim()}”.</p>
        ) : (
          <EmptyState
            icon={<MessagesSquare className="size-6" aria-hidden="true" />}
            title="No chats yet"
            description="Pick a character on Explore and say hello."
            action={<ButtonLink to={paths.home}>Explore characters</ButtonLink>}
          />
        )
      ) : (
        <ul className="min-h-0 space-y-1 overflow-y-auto" data-testid="chat-list">
          {chats.data.items.map((chat) => {
            const active = chat.model.id === activeModelId;
            return (
              <li key={chat.id}>
                <Link
                  to={paths.chatWith(chat.model.id)}
                  data-testid="chat-list-item"
                  aria-current={active ? "page" : undefined}
                  className={cn(
                    "flex items-center gap-3.5 rounded-2xl border p-3 transition",
                    active
                      ? "border-coral-400/30 bg-coral-500/[0.08]"
                      : "border-transparent hover:border-white/[0.06] hover:bg-white/[0.03]",
                  )}
                >
                  <MediaImage
                    src={chat.model.avatar_url}
                    alt={`${chat.model.name}'s avatar`}
                    ratio={1}
                    className="size-14 shrink-0 rounded-full border border-white/10"
                  />
                  <span className="min-w-0 flex-1">
                    <span className="flex items-baseline justify-between gap-3">
                      <span className="truncate font-semibold text-ink-100" data-testid="chat-name">
                        {chat.model.name}
                      </span>
                      {chat.last_message ? (
                        <time
                          dateTime={chat.last_message.send_at}
                          className="shrink-0 text-xs text-ink-400 tabular-nums"
                          data-testid="chat-time"
                        >
                          {formatTime(chat.last_message.send_at)}
                        </time>
                      ) : null}
                    </span>
                    <span className="mt-0.5 block truncate text-sm text-ink-300" data-testid="chat-snippet">
                      <Snippet chat={chat} />
                    </span>
                  </span>
                </Link>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
