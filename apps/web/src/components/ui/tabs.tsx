import { type KeyboardEvent, type RefObject, useEffect, useRef, useState } from "react";
import { cn } from "@/lib/cn";

export interface TabItem<T extends string> {
  value: T;
  label: string;
}

interface TabsProps<T extends string> {
  items: ReadonlyArray<TabItem<T>>;
  value: T;
  onChange: (value: T) => void;
  /** Accessible name of the tab list. */
  label: string;
  size?: "sm" | "md";
  className?: string;
  testId?: string;
}

/** Which ends of a scrolling tab list hide tabs. */
interface Overflow {
  start: boolean;
  end: boolean;
}

/** How far a list may be off an end and still count as at it (subpixel layouts). */
const EDGE_PX = 2;

/**
 * Whether the list scrolls and which of its ends hide tabs, kept up to date on scroll and resize;
 * and the selected tab scrolled into view.
 */
function useOverflow(list: RefObject<HTMLDivElement | null>, selected: string): Overflow {
  const [overflow, setOverflow] = useState<Overflow>({ start: false, end: false });
  useEffect(() => {
    const element = list.current;
    if (!element) return;
    const measure = () => {
      const start = element.scrollLeft > EDGE_PX;
      const end = element.scrollLeft + element.clientWidth < element.scrollWidth - EDGE_PX;
      setOverflow((current) => (current.start === start && current.end === end ? current : { start, end }));
    };
    measure();
    element.addEventListener("scroll", measure, { passive: true });
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => {
      element.removeEventListener("scroll", measure);
      observer.disconnect();
    };
  }, [list]);
  useEffect(() => {
    const element = list.current;
    const tab = element?.querySelector<HTMLElement>(`[role="tab"][data-value="${CSS.escape(selected)}"]`);
    if (!element || !tab || element.scrollWidth <= element.clientWidth) return;
    const listBox = element.getBoundingClientRect();
    const tabBox = tab.getBoundingClientRect();
    if (tabBox.left < listBox.left || tabBox.right > listBox.right) {
      const left = tabBox.left - listBox.left + element.scrollLeft;
      element.scrollTo({ left: left - (element.clientWidth - tabBox.width) / 2, behavior: "smooth" });
    }
  }, [list, selected]);
  return overflow;
}

/**
 * A segmented tab list (WAI-ARIA tabs pattern, arrow keys move between tabs). When it is wider than
 * its space it scrolls sideways, its hidden end fades out so the cut-off tab reads as "more this
 * way", and the selected tab is scrolled into view.
 */
export function Tabs<T extends string>({
  items,
  value,
  onChange,
  label,
  size = "md",
  className,
  testId,
}: TabsProps<T>) {
  const listRef = useRef<HTMLDivElement>(null);
  const overflow = useOverflow(listRef, value);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const index = items.findIndex((item) => item.value === value);
    let next = -1;
    if (event.key === "ArrowRight") next = (index + 1) % items.length;
    else if (event.key === "ArrowLeft") next = (index - 1 + items.length) % items.length;
    else if (event.key === "Home") next = 0;
    else if (event.key === "End") next = items.length - 1;
    const item = items[next];
    if (!item) return;
    event.preventDefault();
    onChange(item.value);
    listRef.current?.querySelectorAll<HTMLButtonElement>('[role="tab"]')[next]?.focus();
  }

  return (
    <div
      ref={listRef}
      role="tablist"
      aria-label={label}
      data-testid={testId}
      data-overflow-start={overflow.start || undefined}
      data-overflow-end={overflow.end || undefined}
      onKeyDown={onKeyDown}
      className={cn(
        "scrollbar-none inline-flex max-w-full gap-1 overflow-x-auto overscroll-x-contain rounded-full border border-white/[0.07] bg-ink-900/80 p-1",
        overflow.start && overflow.end
          ? "[mask-image:linear-gradient(to_right,transparent,black_2.5rem,black_calc(100%-2.5rem),transparent)]"
          : overflow.end
            ? "[mask-image:linear-gradient(to_right,black_calc(100%-2.5rem),transparent)]"
            : overflow.start
              ? "[mask-image:linear-gradient(to_right,transparent,black_2.5rem)]"
              : null,
        className,
      )}
    >
      {items.map((item) => {
        const selected = item.value === value;
        return (
          <button
            key={item.value}
            type="button"
            role="tab"
            aria-selected={selected}
            tabIndex={selected ? 0 : -1}
            data-value={item.value}
            onClick={() => onChange(item.value)}
            className={cn(
              "shrink-0 rounded-full font-medium transition duration-150",
              // narrow enough that four categories fit a 375 px phone; wider from sm up
              size === "sm" ? "h-8 px-3 text-xs" : "h-10 px-3 text-sm sm:px-5",
              selected
                ? "bg-gradient-to-r from-coral-500 to-coral-600 text-white shadow-[0_8px_24px_-10px_rgb(236_70_104/0.9)]"
                : "text-ink-300 hover:bg-white/5 hover:text-white",
            )}
          >
            {item.label}
          </button>
        );
      })}
    </div>
  );
}
