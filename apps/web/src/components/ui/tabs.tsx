import { type KeyboardEvent, useRef } from "react";
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

/** A segmented tab list (WAI-ARIA tabs pattern, arrow keys move between tabs). */
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
      onKeyDown={onKeyDown}
      className={cn(
        "scrollbar-none inline-flex max-w-full gap-1 overflow-x-auto rounded-full border border-white/[0.07] bg-ink-900/80 p-1",
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
              size === "sm" ? "h-8 px-3.5 text-xs" : "h-10 px-3.5 text-sm sm:px-5",
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
