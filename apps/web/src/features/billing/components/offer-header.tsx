import { Crown } from "lucide-react";
import type { ReactNode } from "react";

/** The heading of a premium offer screen (/plans, /subscribe, /paywall). */
export function OfferHeader({
  eyebrow,
  title,
  description,
}: {
  eyebrow: string;
  title: string;
  description: ReactNode;
}) {
  return (
    <header className="relative flex flex-col items-center text-center">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -top-16 left-1/2 h-48 w-[26rem] max-w-full -translate-x-1/2 rounded-full bg-coral-500/20 blur-3xl"
      />
      <span className="relative mb-4 grid size-12 place-items-center rounded-2xl bg-amber-400/15 text-amber-300">
        <Crown className="size-6" aria-hidden="true" />
      </span>
      <p className="relative mb-1.5 text-xs font-semibold tracking-[0.18em] text-coral-300 uppercase">
        {eyebrow}
      </p>
      <h1 className="relative font-display text-3xl text-ink-100 sm:text-4xl">{title}</h1>
      <p className="relative mt-3 max-w-xl text-ink-300">{description}</p>
    </header>
  );
}
