import type { tokenPackageSchema } from "@reverie/shared";
import type { z } from "zod";

type TokenPackage = Pick<z.infer<typeof tokenPackageSchema>, "tokens" | "price_cents" | "currency">;

/** What one token costs in a package, in cents (not rounded). */
export function centsPerToken({ tokens, price_cents }: Pick<TokenPackage, "tokens" | "price_cents">): number {
  return price_cents / tokens;
}

/** "10.0¢ per token" in dollars; other currencies as an amount with three decimals. */
export function formatPricePerToken(tokenPackage: TokenPackage): string {
  const cents = centsPerToken(tokenPackage);
  if (tokenPackage.currency.toLowerCase() === "usd") return `${cents.toFixed(1)}¢ per token`;
  const amount = new Intl.NumberFormat("en-US", {
    style: "currency",
    currency: tokenPackage.currency.toUpperCase(),
    minimumFractionDigits: 3,
    maximumFractionDigits: 3,
  }).format(cents / 100);
  return `${amount} per token`;
}

/** The package that sells tokens dearest (the smallest): what savings are measured against. */
function dearest<T extends TokenPackage>(packages: readonly T[]): T | undefined {
  return packages.reduce<T | undefined>(
    (found, candidate) => (!found || centsPerToken(candidate) > centsPerToken(found) ? candidate : found),
    undefined,
  );
}

/** "Save 33%" per token against the dearest package; null for that one and when nothing is saved. */
export function formatTokenSaving(
  tokenPackage: TokenPackage,
  packages: readonly TokenPackage[],
): string | null {
  const base = dearest(packages);
  if (!base) return null;
  const percent = Math.round((1 - centsPerToken(tokenPackage) / centsPerToken(base)) * 100);
  return percent > 0 ? `Save ${percent}%` : null;
}

/**
 * What Premium's monthly tokens would cost bought as tokens, at the dearest package's rate (the
 * one a single purchase of that many would use): in cents, or null without packages.
 */
export function allowanceWorthCents(monthlyTokens: number, packages: readonly TokenPackage[]): number | null {
  const base = dearest(packages);
  return base ? Math.round(centsPerToken(base) * monthlyTokens) : null;
}
