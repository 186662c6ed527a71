import type { Chat } from "@reverie/shared";
import { Camera, Lock, MessagesSquare, Search } from "lucide-react";
import { useState } from "react";
import { ButtonLink } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorState } from "@/components/ui/error-state";
import { paths } from "@/config/paths";
import { useRealtimeEvents, useRealtimeReconnect } from "@/lib/realtime";
import { useChats } from "../api/get-chats";
import { useChatListUpdates } from "../hooks/use-chat-list-updates";
import { ChatListItem, ChatListSkeleton } from "./chat-list-item";

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
  // messages that arrived while the socket was away moved chats the list does not know about
  useRealtimeReconnect(updates.refresh);

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
        <ChatListSkeleton />
      ) : !chats.data ? (
        // a failed refresh keeps the list it had (the kept one, offline)
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
          {chats.data.items.map((chat) => (
            <ChatListItem
              key={chat.id}
              model={chat.model}
              active={chat.model.id === activeModelId}
              sentAt={chat.last_message?.send_at ?? null}
            >
              <Snippet chat={chat} />
            </ChatListItem>
          ))}
        </ul>
      )}
    </div>
  );
}
