import { FlaskConical } from "lucide-react";
import { describeOutcome, formatCardNumber } from "../utils/card-input";

interface TestModeRibbonProps {
  testCards: { number: string; outcome: string }[];
  /** fills the form with this card */
  onPick: (number: string) => void;
}

/** Says plainly that this is a test checkout, and lists the test cards (a click fills the form). */
export function TestModeRibbon({ testCards, onPick }: TestModeRibbonProps) {
  return (
    <section
      aria-labelledby="test-mode-title"
      className="border-b border-amber-300 bg-amber-100 text-amber-950"
      data-testid="test-mode-ribbon"
    >
      <div className="mx-auto flex max-w-5xl flex-col gap-3 px-4 py-3 sm:px-6 lg:flex-row lg:items-center lg:gap-5">
        <p id="test-mode-title" className="flex shrink-0 items-center gap-2 text-sm font-semibold">
          <FlaskConical className="size-4" aria-hidden="true" />
          Test mode — no real card is charged
        </p>
        {testCards.length > 0 ? (
          <ul className="flex flex-wrap gap-2" aria-label="Test cards">
            {testCards.map((card) => (
              <li key={card.number}>
                <button
                  type="button"
                  onClick={() => onPick(card.number)}
                  className="inline-flex items-center gap-2 rounded-full border border-amber-400/70 bg-white/70 px-3 py-1 text-xs transition hover:bg-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-700"
                  data-testid="test-card"
                  data-card-number={card.number}
                >
                  <span className="font-mono font-medium tabular-nums">{formatCardNumber(card.number)}</span>
                  <span className="text-amber-800">{describeOutcome(card.outcome)}</span>
                </button>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </section>
  );
}
