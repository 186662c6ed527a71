import type { User } from "@reverie/shared";
import { Coins, Crown } from "lucide-react";
import { formatTokens, pluralize } from "@/lib/format";

/**
 * What creating costs: the price in tokens and the balance, and premium's monthly allowance (how
 * much of it is left is the server's to know, so it is said as what Premium includes).
 */
export function CreationPrice({
  priceTokens,
  freePerMonth,
  user,
}: {
  priceTokens: number;
  freePerMonth: number;
  user: User | null;
}) {
  const premium = user?.plan === "premium";
  const short = user && !premium ? priceTokens - user.tokens : 0;
  return (
    <div
      className="space-y-3 rounded-2xl border border-white/[0.08] bg-white/[0.03] p-4"
      data-testid="creation-price"
    >
      <p className="flex flex-wrap items-center justify-between gap-2">
        <span className="inline-flex items-center gap-2 text-ink-100">
          <Coins className="size-4 text-amber-300" aria-hidden="true" />
          Creating a character costs{" "}
          <strong className="font-semibold tabular-nums">{formatTokens(priceTokens)} tokens</strong>
        </span>
        {user ? (
          <span className="text-sm text-ink-400">
            You have <span className="tabular-nums">{formatTokens(user.tokens)}</span>
          </span>
        ) : null}
      </p>
      {freePerMonth > 0 ? (
        <p className="flex items-start gap-2 text-sm text-ink-300">
          <Crown className="mt-0.5 size-4 shrink-0 text-amber-300" aria-hidden="true" />
          {premium
            ? `Premium includes ${pluralize(freePerMonth, "character")} a month; after that, they're paid in tokens.`
            : `Premium includes ${pluralize(freePerMonth, "character")} a month.`}
        </p>
      ) : null}
      {short > 0 ? (
        <p className="text-sm text-coral-200">
          You need {formatTokens(short)} more {short === 1 ? "token" : "tokens"}: you can top up when you
          create, and we'll keep everything you chose.
        </p>
      ) : null}
    </div>
  );
}
