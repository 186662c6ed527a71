import { Coins } from "lucide-react";
import { formatTokens, pluralize } from "@/lib/format";
import { balanceCovers, picturesPrice } from "../utils/price";

interface PriceSummaryProps {
  count: number;
  pricePerPicture: number;
  balance: number;
  onBuyTokens: () => void;
}

/** What Generate costs (per picture × how many) beside the balance, with a way to top up when short. */
export function PriceSummary({ count, pricePerPicture, balance, onBuyTokens }: PriceSummaryProps) {
  const total = picturesPrice(count, pricePerPicture);
  const covered = balanceCovers(balance, total);

  return (
    <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 rounded-2xl border border-white/[0.07] bg-white/[0.03] px-4 py-3">
      <div data-testid="image-price" data-total={total} data-per-picture={pricePerPicture} aria-live="polite">
        <p className="inline-flex items-center gap-1.5 font-semibold text-ink-100 tabular-nums">
          <Coins className="size-4 text-amber-300" aria-hidden="true" />
          {formatTokens(total)} tokens
        </p>
        <p className="text-xs text-ink-400 tabular-nums">
          {pluralize(pricePerPicture, "token")} per picture × {count}
        </p>
      </div>
      <div className="text-right text-sm">
        <p className="text-ink-300">
          Balance:{" "}
          <strong className="font-semibold text-ink-100 tabular-nums">{formatTokens(balance)}</strong>
        </p>
        {covered ? null : (
          <button
            type="button"
            onClick={onBuyTokens}
            className="text-xs font-semibold text-coral-300 underline-offset-2 hover:text-coral-200 hover:underline"
          >
            Not enough — get tokens
          </button>
        )}
      </div>
    </div>
  );
}
