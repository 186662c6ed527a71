import { LIMITS } from "@reverie/shared";
import type { CSSProperties } from "react";
import { cn } from "@/lib/cn";

/** The shimmer cycle of the spec's skeleton loader (1.2 s). */
const shimmerStyle: CSSProperties = { animationDuration: `${LIMITS.skeletonMs}ms` };

export function Skeleton({ className, style }: { className?: string; style?: CSSProperties }) {
  return (
    <div
      aria-hidden="true"
      data-testid="skeleton"
      className={cn("skeleton rounded-xl", className)}
      style={{ ...shimmerStyle, ...style }}
    />
  );
}
