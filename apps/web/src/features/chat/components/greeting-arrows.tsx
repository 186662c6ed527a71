import { ChevronLeft, ChevronRight } from "lucide-react";

interface GreetingArrowsProps {
  /** the greeting shown, from 0 */
  selected: number;
  total: number;
  busy: boolean;
  error: string | null;
  onChoose: (index: number) => void;
}

const ARROW =
  "inline-flex size-6 items-center justify-center rounded-full text-ink-400 transition hover:bg-white/5 hover:text-ink-100 disabled:pointer-events-none disabled:opacity-30";

/** ‹ 1 / 3 › beside the character's first message's actions: flips to the card's other greetings. */
export function GreetingArrows({ selected, total, busy, error, onChoose }: GreetingArrowsProps) {
  return (
    <div className="flex items-center gap-0.5 text-[11px] text-ink-400" data-testid="greeting-arrows">
      <button
        type="button"
        className={ARROW}
        onClick={() => onChoose(selected - 1)}
        disabled={busy || selected <= 0}
        aria-label="Previous greeting"
        data-testid="greeting-previous"
      >
        <ChevronLeft className="size-4" aria-hidden="true" />
      </button>
      <span className="min-w-9 text-center tabular-nums" aria-live="polite" data-testid="greeting-position">
        {selected + 1} / {total}
      </span>
      <button
        type="button"
        className={ARROW}
        onClick={() => onChoose(selected + 1)}
        disabled={busy || selected >= total - 1}
        aria-label="Next greeting"
        data-testid="greeting-next"
      >
        <ChevronRight className="size-4" aria-hidden="true" />
      </button>
      {error ? (
        <span className="ml-1 text-coral-300" role="alert">
          {error}
        </span>
      ) : null}
    </div>
  );
}
