import type { Bundle, bundlePaymentResponseSchema } from "@reverie/shared";
import { Gem } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import type { z } from "zod";
import { Button } from "@/components/ui/button";
import { Notice } from "@/components/ui/notice";
import { errorMessage } from "@/lib/api-client";
import { formatTokens } from "@/lib/format";
import { useBuyBundle } from "../api/buy-bundle";
import { balanceAfterPurchase, isInsufficientBalance } from "../utils/bundle-purchase";

export type BundlePurchase = z.infer<typeof bundlePaymentResponseSchema>;

/**
 * The confirm step of buying a bundle: its price, the balance now and after, then the purchase.
 * Not enough tokens (402) hands over to the buy-tokens prompt; other failures are shown here.
 */
export function BundlePurchaseConfirm({
  bundle,
  balance,
  onPurchased,
  onCancel,
  onInsufficientBalance,
}: {
  bundle: Pick<Bundle, "id" | "title" | "price_tokens">;
  balance: number;
  onPurchased: (purchase: BundlePurchase) => void;
  onCancel: () => void;
  onInsufficientBalance: () => void;
}) {
  const detailsId = useId();
  const stepRef = useRef<HTMLDivElement>(null);
  const buy = useBuyBundle();
  const [error, setError] = useState<string | null>(null);
  const price = formatTokens(bundle.price_tokens);
  const outcome = balanceAfterPurchase(balance, bundle.price_tokens);

  // Shown because Unlock was pressed: focus moves to the confirm button, described by the price and balances.
  useEffect(() => stepRef.current?.querySelector<HTMLElement>("[data-step-focus]")?.focus(), []);

  async function confirm() {
    setError(null);
    try {
      onPurchased(await buy.mutateAsync(bundle.id));
    } catch (failure) {
      if (isInsufficientBalance(failure)) onInsufficientBalance();
      else setError(errorMessage(failure));
    }
  }

  return (
    <div
      ref={stepRef}
      data-testid="bundle-purchase-confirm"
      className="space-y-4 self-stretch rounded-2xl border border-coral-400/30 bg-coral-500/[0.06] p-4 sm:p-5"
    >
      <div id={detailsId} className="space-y-4">
        <p className="font-medium text-ink-100">
          Unlock “{bundle.title}” for {price} tokens?
        </p>
        <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1.5 text-sm text-ink-300">
          <dt>Price</dt>
          <dd className="text-right font-semibold text-ink-100 tabular-nums">{price} tokens</dd>
          <dt>Your balance</dt>
          <dd className="text-right tabular-nums" data-testid="bundle-balance">
            {formatTokens(balance)} tokens
          </dd>
          {outcome.enough ? (
            <>
              <dt>Balance after</dt>
              <dd
                className="text-right font-semibold text-ink-100 tabular-nums"
                data-testid="bundle-balance-after"
              >
                {formatTokens(outcome.after)} tokens
              </dd>
            </>
          ) : null}
        </dl>
        {outcome.enough ? null : (
          <p className="text-sm text-amber-100" data-testid="bundle-balance-short">
            You need {formatTokens(outcome.shortBy)} more tokens for this set.
          </p>
        )}
      </div>
      {error ? <Notice tone="error">{error}</Notice> : null}
      <div className="flex flex-col gap-2.5 sm:flex-row">
        <Button
          data-step-focus
          aria-describedby={detailsId}
          loading={buy.isPending}
          onClick={confirm}
          icon={<Gem className="size-4" aria-hidden="true" />}
          data-testid="confirm-bundle-purchase"
        >
          Unlock for {price} tokens
        </Button>
        <Button variant="ghost" onClick={onCancel} disabled={buy.isPending}>
          Cancel
        </Button>
      </div>
    </div>
  );
}
