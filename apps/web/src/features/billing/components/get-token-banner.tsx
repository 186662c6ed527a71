import { Coins, Crown } from "lucide-react";
import { useState } from "react";
import { Link, useLocation } from "react-router";
import { Button, buttonStyles } from "@/components/ui/button";
import { useSession } from "@/lib/auth";
import { plansPath } from "../utils/checkout-query";
import { currentReturnPath } from "../utils/current-return-path";
import { isOutOfMessages } from "../utils/out-of-messages";
import { BuyTokensPrompt } from "./buy-tokens-prompt";

/**
 * A slim banner over the conversation for a free user who can't send another message: tokens or
 * Premium. It goes away by itself once the balance changes (a purchase updates the session user).
 */
export function GetTokenBanner() {
  const { user } = useSession();
  const from = currentReturnPath(useLocation());
  const [buying, setBuying] = useState(false);
  if (!user || !isOutOfMessages(user)) return null;

  return (
    <section
      aria-label="Out of messages"
      className="flex flex-wrap items-center gap-x-4 gap-y-2 border-b border-coral-500/25 bg-gradient-to-r from-coral-500/15 to-violet-600/10 px-4 py-2.5 lg:rounded-t-3xl"
      data-testid="get-token-banner"
    >
      <p className="min-w-60 flex-1 text-sm text-ink-100">
        You're out of messages — get tokens or go Premium
      </p>
      <div className="flex items-center gap-2">
        <Button
          size="sm"
          variant="secondary"
          onClick={() => setBuying(true)}
          icon={<Coins className="size-4 text-amber-300" aria-hidden="true" />}
          data-testid="get-tokens"
        >
          Get tokens
        </Button>
        <Link
          to={plansPath({ from })}
          className={buttonStyles({ size: "sm" })}
          data-testid="banner-go-premium"
        >
          <Crown className="size-4" aria-hidden="true" />
          Go Premium
        </Link>
      </div>
      {buying ? <BuyTokensPrompt reason="message" onClose={() => setBuying(false)} /> : null}
    </section>
  );
}
