import type { HTMLAttributes } from "react";
import { cn } from "@/lib/cn";

/** A rounded surface with a subtle border. */
export function Card({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return (
    <div
      className={cn(
        "rounded-3xl border border-white/[0.07] bg-ink-850/80 shadow-card backdrop-blur-sm",
        className,
      )}
      {...props}
    />
  );
}
