import type { ReactNode } from "react";
import { cn } from "@/lib/cn";

interface EmptyStateProps {
  icon?: ReactNode;
  title: string;
  description?: ReactNode;
  action?: ReactNode;
  tone?: "neutral" | "error";
  className?: string;
  testId?: string;
}

/** A centred message for "nothing here" and "that failed" states. */
export function EmptyState({
  icon,
  title,
  description,
  action,
  tone = "neutral",
  className,
  testId,
}: EmptyStateProps) {
  return (
    <div
      role={tone === "error" ? "alert" : undefined}
      data-testid={testId ?? (tone === "error" ? "error-state" : "empty-state")}
      className={cn(
        "flex flex-col items-center justify-center gap-3 rounded-3xl border border-dashed px-6 py-14 text-center",
        tone === "error" ? "border-coral-500/30 bg-coral-500/[0.04]" : "border-white/10 bg-white/[0.02]",
        className,
      )}
    >
      {icon ? (
        <span
          className={cn(
            "grid size-12 place-items-center rounded-2xl",
            tone === "error" ? "bg-coral-500/15 text-coral-300" : "bg-white/5 text-ink-300",
          )}
        >
          {icon}
        </span>
      ) : null}
      <h3 className="font-display text-xl text-ink-100">{title}</h3>
      {description ? <p className="max-w-md text-sm text-ink-300">{description}</p> : null}
      {action ? <div className="mt-2">{action}</div> : null}
    </div>
  );
}
