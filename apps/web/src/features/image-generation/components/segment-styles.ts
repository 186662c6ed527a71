import { cn } from "@/lib/cn";

/** A row of pressable options in one pill (the count and the style), the Tabs look without tabs. */
export const segmentGroupClass = "flex gap-1 rounded-full border border-white/[0.07] bg-ink-900/80 p-1";

export function segmentClass(selected: boolean, className?: string): string {
  return cn(
    "h-10 flex-1 rounded-full text-sm font-medium transition duration-150 disabled:opacity-50",
    selected
      ? "bg-gradient-to-r from-coral-500 to-coral-600 text-white shadow-[0_8px_24px_-10px_rgb(236_70_104/0.9)]"
      : "text-ink-300 hover:bg-white/5 hover:text-white",
    className,
  );
}
