import { Coins } from "lucide-react";
import { SectionHeading } from "@/components/ui/section-heading";
import { formatPrice, formatTokens } from "@/lib/format";
import { usePlans } from "../api/get-plans";
import { useTokenPackages } from "../api/get-token-packages";
import { allowanceWorthCents, formatPricePerToken, formatTokenSaving } from "../utils/token-value";
import { TokenPackageList } from "./token-package-list";

/**
 * Tokens without a plan, on /plans: every package with its price, its price per token and what it
 * saves, and what Premium's monthly tokens would cost here (decision 37). Each opens its checkout.
 */
export function TokenPackagesOffer({
  returnPath,
  premium = false,
}: {
  returnPath?: string | undefined;
  /** a member tops up beside the plan */
  premium?: boolean;
}) {
  const packages = useTokenPackages();
  const plans = usePlans();
  const monthlyTokens = plans.data?.features.MonthlyTokens;
  const worth =
    packages.data && monthlyTokens ? allowanceWorthCents(monthlyTokens, packages.data.packages) : null;
  const currency = packages.data?.packages[0]?.currency;

  return (
    <section aria-labelledby="token-packages-title" className="space-y-5" data-testid="token-packages-offer">
      <SectionHeading
        id="token-packages-title"
        eyebrow="Tokens"
        title={premium ? "More tokens, beside your plan" : "Or buy tokens, without a plan"}
        description="Tokens unlock private photos, videos and packs, make pictures and characters, and pay for messages on the free plan. They never expire."
      />
      <TokenPackageList layout="page" returnPath={returnPath}>
        {(tokenPackage, all) => {
          const saving = formatTokenSaving(tokenPackage, all);
          return (
            <>
              <span className="inline-flex items-center gap-1.5 text-lg font-semibold text-ink-100 tabular-nums">
                <Coins className="size-4 text-amber-300" aria-hidden="true" />
                {formatTokens(tokenPackage.tokens)}
              </span>
              <span className="text-sm text-ink-200 tabular-nums">
                {formatPrice(tokenPackage.price_cents, tokenPackage.currency)}
              </span>
              <span className="text-xs text-ink-400 tabular-nums" data-testid="price-per-token">
                {formatPricePerToken(tokenPackage)}
              </span>
              {saving ? (
                <span className="mt-1 rounded-full border border-emerald-400/30 bg-emerald-400/10 px-2 py-0.5 text-xs font-semibold text-emerald-200">
                  {saving}
                </span>
              ) : null}
            </>
          );
        }}
      </TokenPackageList>
      {worth !== null && monthlyTokens && currency ? (
        <p className="text-sm text-ink-300" data-testid="allowance-worth">
          Premium's {formatTokens(monthlyTokens)} tokens a month would cost {formatPrice(worth, currency)}{" "}
          here; the plan adds unlimited messages and voice on top.
        </p>
      ) : null}
    </section>
  );
}
