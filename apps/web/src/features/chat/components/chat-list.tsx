import type { Gender } from "@reverie/shared";
import { MessagesSquare } from "lucide-react";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorState } from "@/components/ui/error-state";
import { useAnonymousChats } from "../api/get-anonymous-chats";
import { ChatListItem, ChatListSkeleton } from "./chat-list-item";

/** The visitor's chat list: one per character with its opening line, newest first. */
export function AnonymousChatList({ gender, activeId }: { gender: Gender; activeId?: number }) {
  const chats = useAnonymousChats(gender);

  if (chats.isPending) return <ChatListSkeleton />;

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
      {items.map((chat) => (
        <ChatListItem
          key={chat.id}
          model={chat.model}
          active={chat.id === activeId}
          sentAt={chat.last_message.send_at}
        >
          {chat.last_message.from === "user" ? "You: " : ""}
          {chat.last_message.text}
        </ChatListItem>
      ))}
    </ul>
  );
}
