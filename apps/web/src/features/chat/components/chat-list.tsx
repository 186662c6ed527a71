import type { Gender } from "@reverie/shared";
import { MessagesSquare } from "lucide-react";
import { Link } from "react-router";
import { MediaImage } from "@/components/media/media-image";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorState } from "@/components/ui/error-state";
import { Skeleton } from "@/components/ui/skeleton";
import { paths } from "@/config/paths";
import { cn } from "@/lib/cn";
import { formatTime } from "@/lib/format";
import { useAnonymousChats } from "../api/get-anonymous-chats";

/** The visitor's chat list: one per character with its opening line, newest first. */
export function AnonymousChatList({ gender, activeId }: { gender: Gender; activeId?: number }) {
  const chats = useAnonymousChats(gender);

  if (chats.isPending) {
    return (
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
    );
  }

  if (chats.isError) {
    return (
      <ErrorState title="We couldn't load your chats" error={chats.error} onRetry={() => chats.refetch()} />
    );
  }

  if (chats.data.items.length === 0) {
    return (
      <EmptyState
        icon={<MessagesSquare className="size-6" aria-hidden="true" />}
        title="No chats yet"
        description="Pick a character on Explore to start your first conversation."
      />
    );
  }

  const items = [...chats.data.items].sort((a, b) =>
    b.last_message.send_at.localeCompare(a.last_message.send_at),
  );

  return (
    <ul className="space-y-1" data-testid="chat-list">
      {items.map((chat) => {
        const active = chat.id === activeId;
        return (
          <li key={chat.id}>
            <Link
              to={paths.chatWith(chat.id)}
              data-testid="chat-list-item"
              aria-current={active ? "page" : undefined}
              className={cn(
                "flex items-center gap-3.5 rounded-2xl border p-3 transition",
                active
                  ? "border-coral-400/30 bg-coral-500/[0.08]"
                  : "border-transparent hover:border-white/[0.06] hover:bg-white/[0.03]",
              )}
            >
              <span className="relative shrink-0">
                <MediaImage
                  src={chat.model.avatar_url}
                  alt={`${chat.model.name}'s avatar`}
                  ratio={1}
                  className="size-14 rounded-full border border-white/10"
                />
                <span
                  aria-hidden="true"
                  className="absolute right-0 bottom-0.5 size-3.5 rounded-full border-2 border-ink-950 bg-emerald-400"
                />
              </span>
              <span className="min-w-0 flex-1">
                <span className="flex items-baseline justify-between gap-3">
                  <span className="truncate font-semibold text-ink-100" data-testid="chat-name">
                    {chat.model.name}
                  </span>
                  <time
                    dateTime={chat.last_message.send_at}
                    className="shrink-0 text-xs text-ink-400 tabular-nums"
                    data-testid="chat-time"
                  >
                    {formatTime(chat.last_message.send_at)}
                  </time>
                </span>
                <span className="mt-0.5 block truncate text-sm text-ink-300" data-testid="chat-snippet">
                  {chat.last_message.from === "user" ? "You: " : ""}
                  {chat.last_message.text}
                </span>
              </span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
