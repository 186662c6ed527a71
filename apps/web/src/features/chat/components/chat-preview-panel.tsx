import type { Model } from "@reverie/shared";
import { LockKeyhole, Sparkles } from "lucide-react";
import { Link, useLocation } from "react-router";
import { MediaImage } from "@/components/media/media-image";
import { buttonStyles } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { ChipButton } from "@/components/ui/chip";
import { paths } from "@/config/paths";
import { formatTime } from "@/lib/format";
import { storage } from "@/lib/storage";

/**
 * The chat with a character as a visitor sees it: the character's first message, the suggested
 * reply, and a composer that asks to sign up.
 */
export function ChatPreviewPanel({ model }: { model: Model }) {
  const openedAt = formatTime(new Date().toISOString());
  const { pathname, search } = useLocation();

  return (
    <Card
      className="flex h-full min-h-[22rem] sm:min-h-[30rem] flex-col overflow-hidden"
      data-testid="chat-panel"
    >
      <header className="flex items-center gap-3 border-b border-white/[0.06] px-5 py-4">
        <span className="relative">
          <MediaImage
            src={model.avatar_url}
            alt=""
            ratio={1}
            className="size-11 rounded-full border border-white/10"
          />
          <span
            aria-hidden="true"
            className="absolute right-0 bottom-0 size-3 rounded-full border-2 border-ink-850 bg-emerald-400"
          />
        </span>
        <div className="min-w-0">
          <h2 className="truncate font-semibold text-ink-100">{model.name}</h2>
          <p className="text-xs text-emerald-300/90">Online</p>
        </div>
      </header>

      <ol
        className="flex flex-1 flex-col gap-4 overflow-y-auto px-4 py-6 sm:px-5"
        aria-label={`Conversation with ${model.name}`}
      >
        <li className="flex items-end gap-2.5" data-testid="chat-message" data-from="model">
          <MediaImage src={model.avatar_url} alt="" ratio={1} className="size-8 shrink-0 rounded-full" />
          <div className="max-w-[85%]">
            <p className="rounded-3xl rounded-bl-md border border-white/[0.06] bg-ink-750 px-4 py-3 text-[15px] leading-relaxed text-ink-100">
              {model.first_msg}
            </p>
            <p className="mt-1 pl-2 text-[11px] text-ink-500 tabular-nums">{openedAt}</p>
          </div>
        </li>
      </ol>

      <div className="space-y-3 border-t border-white/[0.06] p-4">
        {model.user_first_msg_help ? (
          <div className="flex flex-wrap items-center gap-2">
            <span className="inline-flex items-center gap-1 text-xs text-ink-400">
              <Sparkles className="size-3.5 text-coral-300" aria-hidden="true" />
              Suggested
            </span>
            <ChipButton data-testid="suggestion-chip" disabled title="Sign up to chat">
              {model.user_first_msg_help}
            </ChipButton>
          </div>
        ) : null}
        <div
          className="flex items-center gap-3 rounded-full border border-white/10 bg-ink-900 py-1.5 pr-1.5 pl-5"
          data-testid="chat-composer"
        >
          <LockKeyhole className="size-4 shrink-0 text-ink-400" aria-hidden="true" />
          <span className="min-w-0 flex-1 truncate text-sm text-ink-400">Write to {model.name}…</span>
          <Link
            to={paths.register}
            // back to this character after signing up, as the member-screen guards do
            onClick={() => storage.set("returnUrl", `${pathname}${search}`)}
            className={buttonStyles({ size: "sm" })}
            data-testid="sign-up-to-chat"
          >
            Sign up to chat
          </Link>
        </div>
      </div>
    </Card>
  );
}
