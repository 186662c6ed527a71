import { isApiError } from "@/lib/api-client";

/** The balance a purchase leaves, or how many tokens it is short by (the server has the last word). */
export function balanceAfterPurchase(
  balance: number,
  priceTokens: number,
): { enough: true; after: number } | { enough: false; shortBy: number } {
  return balance >= priceTokens
    ? { enough: true, after: balance - priceTokens }
    : { enough: false, shortBy: priceTokens - balance };
}

/** Whether a failed purchase means "not enough tokens" (402 `insufficient_balance`), answered with the buy-tokens prompt. */
export function isInsufficientBalance(error: unknown): boolean {
  return isApiError(error) && (error.status === 402 || error.error === "insufficient_balance");
}

/** Whether every item of a bundle came unlocked: it is the user's already. */
export function isBundleUnlocked(items: ReadonlyArray<{ locked: boolean }> | undefined): boolean {
  return items !== undefined && items.length > 0 && items.every((item) => !item.locked);
}
