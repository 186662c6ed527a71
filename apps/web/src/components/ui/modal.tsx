import { X } from "lucide-react";
import { type ReactNode, useEffect, useId, useRef } from "react";
import { createPortal } from "react-dom";
import { cn } from "@/lib/cn";

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

interface ModalProps {
  /** Visible title; also the dialog's accessible name (aria-labelledby). */
  title: ReactNode;
  children: ReactNode;
  /** Without onClose the dialog can't be dismissed (no close button, Escape and backdrop do nothing). */
  onClose?: () => void;
  /** Text of the close button for screen readers. */
  closeLabel?: string;
  size?: "sm" | "md" | "lg";
  className?: string;
  titleClassName?: string;
  /** A heavier, opaque backdrop (used by the age gate so nothing behind is readable). */
  opaqueBackdrop?: boolean;
  testId?: string;
  /** Extra content above the title (art, icons). */
  header?: ReactNode;
}

const sizes = { sm: "max-w-md", md: "max-w-lg", lg: "max-w-2xl" };

/**
 * A CSS variable (px) for what a non-modal bar at the bottom of the screen takes (the cookie
 * banner): a dialog keeps clear of it, so the two never overlap.
 */
export const OVERLAY_INSET_BOTTOM = "--overlay-inset-bottom";

/** Accessible modal dialog: focus moves in and is trapped, Escape closes, focus returns on close. */
export function Modal({
  title,
  children,
  onClose,
  closeLabel = "Close",
  size = "md",
  className,
  titleClassName,
  opaqueBackdrop = false,
  testId,
  header,
}: ModalProps) {
  const titleId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    const previouslyFocused = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const panel = panelRef.current;
    // Focus the dialog itself (or an element marked data-autofocus): Tab then reaches its controls.
    const target = panel?.querySelector<HTMLElement>("[data-autofocus]") ?? panel;
    target?.focus({ preventScroll: true });

    const { overflow } = document.body.style;
    document.body.style.overflow = "hidden";

    function onKeyDown(event: KeyboardEvent) {
      if (event.key === "Escape" && onCloseRef.current) {
        event.stopPropagation();
        onCloseRef.current();
        return;
      }
      if (event.key !== "Tab" || !panel) return;
      const focusable = [...panel.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
        (el) => el.offsetParent !== null,
      );
      if (focusable.length === 0) {
        event.preventDefault();
        return;
      }
      const firstEl = focusable[0];
      const lastEl = focusable[focusable.length - 1];
      if (event.shiftKey && document.activeElement === firstEl) {
        event.preventDefault();
        lastEl?.focus();
      } else if (!event.shiftKey && document.activeElement === lastEl) {
        event.preventDefault();
        firstEl?.focus();
      }
    }

    document.addEventListener("keydown", onKeyDown);
    return () => {
      document.removeEventListener("keydown", onKeyDown);
      document.body.style.overflow = overflow;
      previouslyFocused?.focus({ preventScroll: true });
    };
  }, []);

  return createPortal(
    <div className="fixed inset-0 z-[60] flex items-end justify-center p-0 pb-[var(--overlay-inset-bottom,0px)] sm:items-center sm:p-6 sm:pb-[max(1.5rem,var(--overlay-inset-bottom,0px))]">
      <div
        aria-hidden="true"
        className={cn(
          "absolute inset-0 animate-fade-in",
          opaqueBackdrop ? "bg-ink-950/90 backdrop-blur-2xl" : "bg-ink-950/75 backdrop-blur-md",
        )}
        onClick={() => onClose?.()}
      />
      <div
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        data-testid={testId}
        className={cn(
          "relative max-h-[92dvh] w-full animate-rise-in overflow-y-auto rounded-t-3xl border border-white/10 bg-ink-850 p-6 shadow-[0_30px_80px_-20px_rgb(0_0_0/0.9)] outline-none sm:rounded-3xl sm:p-8",
          sizes[size],
          className,
        )}
      >
        {onClose ? (
          <button
            type="button"
            onClick={onClose}
            aria-label={closeLabel}
            className="absolute top-4 right-4 grid size-9 place-items-center rounded-full text-ink-300 transition hover:bg-white/10 hover:text-white"
          >
            <X className="size-5" aria-hidden="true" />
          </button>
        ) : null}
        {header}
        <h2 id={titleId} className={cn("font-display text-2xl text-ink-100 sm:text-3xl", titleClassName)}>
          {title}
        </h2>
        {children}
      </div>
    </div>,
    document.body,
  );
}
