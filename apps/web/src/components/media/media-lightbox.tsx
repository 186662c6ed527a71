import { ChevronLeft, ChevronRight, X } from "lucide-react";
import { type PointerEvent, useEffect, useId, useRef } from "react";
import { createPortal } from "react-dom";
import { cn } from "@/lib/cn";
import { mediaUrl } from "@/lib/media";

export interface LightboxMedia {
  id: number;
  /** the full picture or video */
  url: string;
  /** a still: the video's poster */
  thumbnail_url: string;
  video_duration: number | null;
  width: number;
  height: number;
}

/** A horizontal move longer than this (px), and longer than it is tall, turns the page. */
const SWIPE_DISTANCE = 48;

const FOCUSABLE = "button:not([disabled]), video[controls]";

/**
 * Media one at a time, full size, over everything (above an open dialog too): previous and next by
 * the buttons, the arrow keys or a swipe; Escape or Close goes back to where it was opened.
 * `index` is controlled by the caller, which keeps the list.
 */
export function MediaLightbox({
  items,
  index,
  label,
  onIndexChange,
  onClose,
}: {
  items: readonly LightboxMedia[];
  index: number;
  /** what the media are, for the accessible name: "Golden hour, photo 2 of 8" */
  label: (position: number, total: number, video: boolean) => string;
  onIndexChange: (index: number) => void;
  onClose: () => void;
}) {
  const titleId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const swipeStart = useRef<{ x: number; y: number; pointerId: number } | null>(null);
  const total = items.length;
  const item = items[Math.min(Math.max(index, 0), total - 1)];
  const hasPrevious = index > 0;
  const hasNext = index < total - 1;

  const latest = useRef({ index, total, onIndexChange, onClose });
  latest.current = { index, total, onIndexChange, onClose };

  useEffect(() => {
    const previouslyFocused = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    panelRef.current?.focus({ preventScroll: true });
    const { overflow } = document.body.style;
    document.body.style.overflow = "hidden";

    // Captured before any dialog underneath (features' modals listen on document): Escape closes
    // this viewer only, and Tab stays in it.
    function onKeyDown(event: KeyboardEvent) {
      const { index: at, total: count, onIndexChange: go, onClose: close } = latest.current;
      const panel = panelRef.current;
      if (event.key === "Escape") close();
      else if (event.key === "ArrowLeft" && at > 0) go(at - 1);
      else if (event.key === "ArrowRight" && at < count - 1) go(at + 1);
      else if (event.key === "Tab" && panel) {
        const focusable = [...panel.querySelectorAll<HTMLElement>(FOCUSABLE)];
        const first = focusable[0];
        const last = focusable[focusable.length - 1];
        const inside = panel.contains(document.activeElement);
        if (!first || !last) event.preventDefault();
        else if (
          event.shiftKey &&
          (!inside || document.activeElement === first || document.activeElement === panel)
        ) {
          event.preventDefault();
          last.focus();
        } else if (!event.shiftKey && (!inside || document.activeElement === last)) {
          event.preventDefault();
          first.focus();
        }
      } else return;
      event.stopPropagation();
      if (event.key !== "Tab") event.preventDefault();
    }

    window.addEventListener("keydown", onKeyDown, true);
    return () => {
      window.removeEventListener("keydown", onKeyDown, true);
      document.body.style.overflow = overflow;
      previouslyFocused?.focus({ preventScroll: true });
    };
  }, []);

  if (!item) return null;
  const video = item.video_duration != null;

  function onPointerDown(event: PointerEvent) {
    if (event.pointerType === "mouse") return;
    swipeStart.current = { x: event.clientX, y: event.clientY, pointerId: event.pointerId };
  }

  function onPointerUp(event: PointerEvent) {
    const start = swipeStart.current;
    swipeStart.current = null;
    if (!start || start.pointerId !== event.pointerId) return;
    const dx = event.clientX - start.x;
    const dy = event.clientY - start.y;
    if (Math.abs(dx) < SWIPE_DISTANCE || Math.abs(dx) < Math.abs(dy)) return;
    if (dx < 0 && hasNext) onIndexChange(index + 1);
    else if (dx > 0 && hasPrevious) onIndexChange(index - 1);
  }

  const navButton =
    "grid size-11 shrink-0 place-items-center rounded-full border border-white/15 bg-black/50 text-white backdrop-blur-md transition hover:bg-black/70 disabled:pointer-events-none disabled:opacity-30";

  return createPortal(
    <div
      ref={panelRef}
      role="dialog"
      aria-modal="true"
      aria-labelledby={titleId}
      tabIndex={-1}
      data-testid="media-lightbox"
      data-index={index}
      className="fixed inset-0 z-[70] flex animate-fade-in flex-col bg-ink-950/95 outline-none backdrop-blur-xl"
    >
      <div className="flex items-center justify-between gap-3 px-4 pt-4 pb-2 sm:px-6">
        <p id={titleId} className="text-sm text-ink-200 tabular-nums">
          <span className="sr-only">{label(index + 1, total, video)}. </span>
          <span aria-hidden="true" data-testid="lightbox-position">
            {index + 1} / {total}
          </span>
        </p>
        <button
          type="button"
          onClick={onClose}
          aria-label="Close"
          data-testid="lightbox-close"
          className="grid size-10 place-items-center rounded-full text-ink-200 transition hover:bg-white/10 hover:text-white"
        >
          <X className="size-5" aria-hidden="true" />
        </button>
      </div>
      <div
        className="relative flex min-h-0 flex-1 touch-pan-y items-center justify-center px-2 pb-4 sm:px-20"
        onPointerDown={onPointerDown}
        onPointerUp={onPointerUp}
        onPointerCancel={() => {
          swipeStart.current = null;
        }}
      >
        {video ? (
          <video
            key={item.id}
            src={mediaUrl(item.url)}
            poster={mediaUrl(item.thumbnail_url)}
            controls
            autoPlay
            muted
            loop
            playsInline
            data-testid="lightbox-video"
            aria-label={label(index + 1, total, true)}
            className="max-h-full max-w-full rounded-xl object-contain"
          />
        ) : (
          <img
            key={item.id}
            src={mediaUrl(item.url)}
            alt={label(index + 1, total, false)}
            width={item.width}
            height={item.height}
            draggable={false}
            data-testid="lightbox-image"
            className="h-auto max-h-full w-auto max-w-full select-none rounded-xl object-contain"
          />
        )}
        <div className="pointer-events-none absolute inset-x-2 bottom-6 flex justify-between sm:inset-x-5 sm:top-1/2 sm:bottom-auto sm:-translate-y-1/2">
          <button
            type="button"
            onClick={() => onIndexChange(index - 1)}
            disabled={!hasPrevious}
            aria-label="Previous"
            data-testid="lightbox-previous"
            className={cn(navButton, "pointer-events-auto")}
          >
            <ChevronLeft className="size-6" aria-hidden="true" />
          </button>
          <button
            type="button"
            onClick={() => onIndexChange(index + 1)}
            disabled={!hasNext}
            aria-label="Next"
            data-testid="lightbox-next"
            className={cn(navButton, "pointer-events-auto")}
          >
            <ChevronRight className="size-6" aria-hidden="true" />
          </button>
        </div>
      </div>
    </div>,
    document.body,
  );
}
