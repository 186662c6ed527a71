import type { ReactNode } from "react";
import { cn } from "@/lib/cn";

export function SectionHeading({
  title,
  eyebrow,
  description,
  action,
  id,
  className,
}: {
  title: ReactNode;
  eyebrow?: string;
  description?: ReactNode;
  action?: ReactNode;
  id?: string;
  className?: string;
}) {
  return (
    <div className={cn("flex flex-wrap items-end justify-between gap-4", className)}>
      <div className="min-w-0">
        {eyebrow ? (
          <p className="mb-1.5 text-xs font-semibold tracking-[0.18em] text-coral-300 uppercase">{eyebrow}</p>
        ) : null}
        <h2 id={id} className="font-display text-2xl text-ink-100 sm:text-3xl">
          {title}
        </h2>
        {description ? <p className="mt-1.5 max-w-2xl text-sm text-ink-300">{description}</p> : null}
      </div>
      {action}
    </div>
  );
}
