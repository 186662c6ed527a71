import type { ModelSummary } from "@reverie/shared";
import { Check, Lock, Pause, Volume2 } from "lucide-react";
import { memo, type ReactNode } from "react";
import { DurationBadge, LockOverlay } from "@/components/media/media-badges";
import { MediaImage } from "@/components/media/media-image";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { cn } from "@/lib/cn";
import { formatTime, formatTokens } from "@/lib/format";
import { mediaUrl } from "@/lib/media";
import type { ChatMessage, VoiceStatus } from "../utils/conversation";

/**
 * A stored message gets the actions; the reply still streaming in (the draft) is shown without them.
 * The actions take the message, so a list can hand every bubble the same functions (memo).
 */
interface MessageBubbleProps {
  message: ChatMessage;
  model: ModelSummary;
  voice?: VoiceStatus;
  /** what hearing a message costs the user in tokens; null when included (premium) */
  voicePrice?: number | null;
  selecting?: boolean;
  selected?: boolean;
  onToggleSelected?: (message: ChatMessage) => void;
  onVoice?: (message: ChatMessage) => void;
  onUnlock?: (message: ChatMessage) => Promise<void>;
  /** a character's stored message can be reported to the moderators */
  onReport?: (message: ChatMessage) => void;
  unlocking?: boolean;
  /** In a virtual list: the row's index, its offset from the list's top, and its measuring ref. */
  rowIndex?: number;
  rowStart?: number;
  measureRow?: (element: HTMLLIElement | null) => void;
  /** after the message's actions (the greeting arrows of the character's first message) */
  extra?: ReactNode;
}

const MEDIA_TYPES = new Set(["image", "private_image", "private_video"]);

/** One message: the user's on the right, the character's on the left with its avatar. */
export const MessageBubble = memo(function MessageBubble({
  message,
  model,
  voice = "default",
  voicePrice = null,
  selecting = false,
  selected = false,
  onToggleSelected,
  onVoice,
  onUnlock,
  onReport,
  unlocking = false,
  rowIndex,
  rowStart,
  measureRow,
  extra,
}: MessageBubbleProps) {
  const virtual = rowStart !== undefined;
  const mine = message.from === "user";
  const media = MEDIA_TYPES.has(message.type);
  const canVoice =
    onVoice !== undefined && !mine && message.type === "text" && message.id > 0 && message.text.trim() !== "";
  const selectable = selecting && onToggleSelected !== undefined && message.id > 0;

  return (
    <li
      ref={measureRow}
      data-index={rowIndex}
      style={virtual ? { transform: `translateY(${rowStart}px)` } : undefined}
      className={cn(
        "flex items-end gap-2.5",
        mine ? "flex-row-reverse" : "flex-row",
        virtual && "absolute top-0 left-0 w-full",
      )}
      data-testid="chat-message"
      data-from={message.from}
      data-type={message.type}
      data-message-id={message.id}
      data-pending={message.pending ? "true" : undefined}
    >
      {selectable ? (
        <button
          type="button"
          onClick={() => onToggleSelected?.(message)}
          aria-pressed={selected}
          aria-label={selected ? "Deselect message" : "Select message"}
          data-testid="select-message"
          className={cn(
            "mb-2 grid size-6 shrink-0 place-items-center rounded-full border transition",
            selected ? "border-coral-400 bg-coral-500 text-white" : "border-white/25 text-transparent",
          )}
        >
          <Check className="size-3.5" aria-hidden="true" />
        </button>
      ) : null}
      {mine ? null : (
        <MediaImage src={model.avatar_url} alt="" ratio={1} className="size-8 shrink-0 rounded-full" />
      )}
      <div className={cn("flex max-w-[82%] flex-col sm:max-w-[70%]", mine ? "items-end" : "items-start")}>
        {media ? (
          <MediaContent
            message={message}
            name={model.name}
            onUnlock={() => onUnlock?.(message) ?? Promise.resolve()}
            unlocking={unlocking}
          />
        ) : null}
        {message.text && (!media || message.text.trim()) ? (
          <p
            data-testid="message-text"
            className={cn(
              "px-4 py-2.5 text-[15px] leading-relaxed break-words whitespace-pre-wrap",
              media && "mt-1.5",
              mine
                ? "rounded-3xl rounded-br-md bg-gradient-to-br from-coral-500 to-coral-600 text-white"
                : "rounded-3xl rounded-bl-md border border-white/[0.06] bg-ink-750 text-ink-100",
              message.pending && "opacity-70",
            )}
          >
            {message.text}
          </p>
        ) : null}
        <div className={cn("mt-1 flex items-center gap-2 px-2", mine ? "flex-row-reverse" : "flex-row")}>
          <time dateTime={message.send_at} className="text-[11px] text-ink-500 tabular-nums">
            {message.pending ? "Sending…" : formatTime(message.send_at)}
          </time>
          {canVoice ? (
            <VoiceButton status={voice} price={voicePrice} onClick={() => onVoice?.(message)} />
          ) : null}
          {onReport !== undefined && !mine && message.id > 0 ? (
            <button
              type="button"
              onClick={() => onReport(message)}
              aria-label="Report message"
              title="Report message"
              data-testid="report-button"
              className="inline-flex size-6 items-center justify-center rounded-full text-ink-500 transition hover:bg-white/5 hover:text-ink-100"
            >
              {/* a glyph, not an icon component: lucide's shared chunk would grow for every screen */}
              <span aria-hidden="true">⚑</span>
            </button>
          ) : null}
          {extra}
        </div>
      </div>
    </li>
  );
});

function VoiceButton({
  status,
  price,
  onClick,
}: {
  status: VoiceStatus;
  price: number | null;
  onClick: () => void;
}) {
  const cost = price === null ? "" : ` · ${price} tokens`;
  const label =
    status === "playing"
      ? "Stop voice message"
      : status === "pending"
        ? "Preparing voice…"
        : price === null
          ? "Play as voice"
          : `Play as voice (${price} tokens)`;
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={label}
      title={label}
      data-testid="voice-button"
      data-status={status}
      disabled={status === "pending"}
      className={cn(
        "inline-flex h-6 items-center gap-1 rounded-full px-2 text-[11px] font-medium transition",
        status === "playing"
          ? "bg-coral-500/20 text-coral-200"
          : "text-ink-400 hover:bg-white/5 hover:text-ink-100 disabled:opacity-80",
      )}
    >
      {status === "pending" ? (
        <Spinner size="sm" label={null} />
      ) : status === "playing" ? (
        <Pause className="size-3.5" aria-hidden="true" />
      ) : (
        <Volume2 className="size-3.5" aria-hidden="true" />
      )}
      {status === "playing" ? "Playing" : status === "pending" ? "Voice…" : `Listen${cost}`}
    </button>
  );
}

function MediaContent({
  message,
  name,
  onUnlock,
  unlocking,
}: {
  message: ChatMessage;
  name: string;
  onUnlock: () => Promise<void>;
  unlocking: boolean;
}) {
  const isVideo = message.type === "private_video";
  const src = message.image_url ?? message.images_urls[0] ?? "";
  const frame = "w-64 max-w-full overflow-hidden rounded-3xl border border-white/10 sm:w-72";

  if (message.locked) {
    return (
      <div className={cn(frame, "relative")} data-testid="locked-media">
        <MediaImage
          src={src}
          alt={`A private ${isVideo ? "video" : "photo"} from ${name}`}
          ratio={3 / 4}
          blurred
        />
        <LockOverlay compact />
        {isVideo ? (
          <div className="absolute top-2 right-2">
            <DurationBadge seconds={message.video_duration} />
          </div>
        ) : null}
        <div className="absolute inset-x-3 bottom-3">
          <Button
            size="sm"
            className="w-full"
            loading={unlocking}
            onClick={() => void onUnlock()}
            data-testid="unlock-media"
            icon={<Lock className="size-3.5" aria-hidden="true" />}
          >
            Unlock for {formatTokens(message.price_tokens ?? 0)} tokens
          </Button>
        </div>
      </div>
    );
  }

  if (isVideo) {
    return (
      <div className={frame}>
        {/* biome-ignore lint/a11y/useMediaCaption: generated clips have no speech to caption */}
        <video
          src={mediaUrl(src)}
          poster={mediaUrl(message.images_urls[1] ?? "")}
          controls
          playsInline
          preload="metadata"
          aria-label={`A video from ${name}`}
          data-testid="message-video"
          className="aspect-[3/4] w-full bg-ink-800 object-cover"
        />
      </div>
    );
  }

  return (
    <a
      href={mediaUrl(src)}
      target="_blank"
      rel="noreferrer"
      className={cn(frame, "block transition hover:brightness-110")}
      data-testid="message-image"
    >
      <MediaImage src={src} alt={`A photo from ${name}`} ratio={3 / 4} />
    </a>
  );
}
