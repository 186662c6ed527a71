import type { User } from "@reverie/shared";
import { Coins, Crown } from "lucide-react";
import { Link } from "react-router";
import { paths } from "@/config/paths";
import { formatTokens, pluralize } from "@/lib/format";

/**
 * The signed-in user's token balance in the top nav (a crown for premium), linking to the plans.
 * It reads the session user, which the socket's `user_update` keeps current.
 */
export function BalanceLink({ user }: { user: User }) {
  const premium = user.plan === "premium";
  return (
    <Link
      to={paths.plans}
      aria-label={`${pluralize(user.tokens, "token")}${premium ? ", Premium" : ""}. See plans`}
      className="inline-flex h-9 items-center gap-1.5 rounded-full border border-white/10 bg-white/[0.04] px-3 text-sm font-medium text-ink-100 transition hover:border-white/20 hover:bg-white/[0.08] focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-coral-400"
      data-testid="nav-balance"
    >
      {premium ? (
        <Crown className="size-4 text-amber-300" aria-hidden="true" data-testid="nav-premium" />
      ) : null}
      <Coins className="size-4 text-amber-300" aria-hidden="true" />
      <span className="tabular-nums" data-testid="nav-token-count">
        {formatTokens(user.tokens)}
      </span>
    </Link>
  );
}
