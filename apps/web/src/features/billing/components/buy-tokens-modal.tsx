import { PAYWALL_SOURCES, VOICE_MESSAGE_PRICE_TOKENS } from "@reverie/shared";
import { Coins, Crown } from "lucide-react";
import { Link, useLocation } from "react-router";
import { buttonStyles } from "@/components/ui/button";
import { Modal } from "@/components/ui/modal";
import { useSession } from "@/lib/auth";
import { formatPrice, formatTokens } from "@/lib/format";
import { plansPath } from "../utils/checkout-query";
import { currentReturnPath } from "../utils/current-return-path";
import { TokenPackageList } from "./token-package-list";

const TITLES: Record<string, string> = {
  message: "You're out of free messages",
  private_image: "Unlock this photo",
  private_video: "Unlock this video",
  bundle: "Not enough tokens for this pack",
  image_generation: "Not enough tokens for these pictures",
  custom_model: "Not enough tokens to create",
  voice_message: "Hear their voice",
};

const TEXTS: Record<string, string> = {
  message: "Top up with tokens to keep the conversation going, or go Premium for unlimited messages.",
  bundle: "Top up with tokens to unlock this pack, or go Premium for tokens every month.",
  image_generation: "Top up with tokens to generate pictures, or go Premium for tokens every month.",
  custom_model:
    "Top up with tokens to bring your character to life (everything you chose is kept), or go Premium for new characters every month.",
  voice_message: `A voice message costs ${VOICE_MESSAGE_PRICE_TOKENS} tokens on the free plan. Top up with tokens, or go Premium for voice messages included.`,
};

/** The paywall source the Go Premium link carries, where the spec names one for the reason. */
const PREMIUM_SOURCES: Record<string, string> = {
  voice_message: PAYWALL_SOURCES.voiceMessageFreePlanUser,
};

/**
 * The buy-tokens prompt (spec: opened by a 402 `insufficient_balance`): the balance, the token
 * packages (each opens its checkout, which comes back here), and premium as the other way.
 */
export function BuyTokensModal({ reason, onClose }: { reason: string; onClose: () => void }) {
  const session = useSession();
  const tokens = session.user?.tokens ?? 0;
  const from = currentReturnPath(useLocation());

  return (
    <Modal title={TITLES[reason] ?? "Not enough tokens"} onClose={onClose} testId="buy-tokens-modal">
      <p className="mt-2 text-ink-300">
        {TEXTS[reason] ?? "Top up with tokens to see it, or go Premium for tokens every month."}
      </p>
      <p className="mt-4 inline-flex items-center gap-2 rounded-full border border-white/10 bg-white/[0.04] px-3.5 py-1.5 text-sm text-ink-200">
        <Coins className="size-4 text-amber-300" aria-hidden="true" />
        <span>
          Your balance: <strong className="font-semibold tabular-nums">{formatTokens(tokens)}</strong> tokens
        </span>
      </p>
      <div className="mt-6">
        <TokenPackageList layout="prompt" returnPath={from}>
          {(tokenPackage) => (
            <>
              <span className="inline-flex items-center gap-1.5 font-semibold text-ink-100 tabular-nums">
                <Coins className="size-4 text-amber-300" aria-hidden="true" />
                {formatTokens(tokenPackage.tokens)}
              </span>
              <span className="text-sm text-ink-300">
                {formatPrice(tokenPackage.price_cents, tokenPackage.currency)}
              </span>
            </>
          )}
        </TokenPackageList>
      </div>
      <Link
        to={plansPath({ from, ...(PREMIUM_SOURCES[reason] ? { source: PREMIUM_SOURCES[reason] } : {}) })}
        className={buttonStyles({ variant: "outline", className: "mt-6 w-full" })}
        data-testid="go-premium"
      >
        <Crown className="size-4" aria-hidden="true" />
        Go Premium
      </Link>
    </Modal>
  );
}
