import type { ReactNode } from "react";
import { Card } from "@/components/ui/card";
import { cn } from "@/lib/cn";

/** The card every /checkout state is shown in: an icon, a heading, then the content. */
export function CheckoutPanel({
  icon,
  iconClassName,
  eyebrow,
  title,
  children,
  testId,
  state,
}: {
  icon: ReactNode;
  /** the icon tile's colours */
  iconClassName?: string;
  eyebrow?: string;
  title: string;
  children: ReactNode;
  testId?: string;
  /** what the panel shows, for the browser tests (data-state) */
  state?: string;
}) {
  return (
    <Card className="relative overflow-hidden p-6 sm:p-8" data-testid={testId} data-state={state}>
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -top-24 left-1/2 h-56 w-[28rem] -translate-x-1/2 rounded-full bg-coral-500/15 blur-3xl"
      />
      <div className="relative">
        <span
          className={cn(
            "mb-4 grid size-12 place-items-center rounded-2xl",
            iconClassName ?? "bg-white/5 text-coral-300",
          )}
        >
          {icon}
        </span>
        {eyebrow ? (
          <p className="mb-1.5 text-xs font-semibold tracking-[0.18em] text-coral-300 uppercase">{eyebrow}</p>
        ) : null}
        <h1 className="font-display text-3xl text-ink-100">{title}</h1>
        {children}
      </div>
    </Card>
  );
}
