import type { ModelSummary } from "@reverie/shared";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { MediaImage } from "@/components/media/media-image";
import { Skeleton } from "@/components/ui/skeleton";
import { paths } from "@/config/paths";
import { cn } from "@/lib/cn";
import { formatTime } from "@/lib/format";

/** One row of a chat list (visitors' and members'): avatar, name, time and the last message. */
export function ChatListItem({
  model,
  active,
  sentAt,
  children,
}: {
  model: ModelSummary;
  active: boolean;
  /** when the last message was sent (ISO 8601), if there is one */
  sentAt: string | null;
  /** the last message, as a one-line snippet */
  children: ReactNode;
}) {
  return (
    <li>
      <Link
        to={paths.chatWith(model.id)}
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
            src={model.avatar_url}
            alt={`${model.name}'s avatar`}
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
              {model.name}
            </span>
            {sentAt ? (
              <time
                dateTime={sentAt}
                className="shrink-0 text-xs text-ink-400 tabular-nums"
                data-testid="chat-time"
              >
                {formatTime(sentAt)}
              </time>
            ) : null}
          </span>
          <span
            className="mt-0.5 block truncate text-sm text-ink-300"
            data-testid="chat-snippet"
            data-private
          >
            {children}
          </span>
        </span>
      </Link>
    </li>
  );
}

/** Placeholder rows while a chat list loads. */
export function ChatListSkeleton() {
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
