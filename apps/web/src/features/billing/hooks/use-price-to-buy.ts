import type { Plan } from "@reverie/shared";
import { useQuery } from "@tanstack/react-query";
import { plansQueryOptions } from "../api/get-plans";
import { tokenPackagesQueryOptions } from "../api/get-token-packages";

export type PriceToBuy =
  | { status: "loading" }
  | { status: "error"; error: unknown; retry: () => void }
  | { status: "unknown" }
  | { status: "package"; tokens: number; priceCents: number; currency: string }
  | { status: "plan"; plan: Plan; monthlyTokens: number };

/**
 * What a price id of /checkout buys, from the price list the API serves: a token package, or a plan
 * of any list (the regular one or the Facebook one; the discount list is empty).
 */
export function usePriceToBuy(item: "package" | "plan", priceId: string): PriceToBuy {
  const packages = useQuery({ ...tokenPackagesQueryOptions(), enabled: item === "package" });
  const regularPlans = useQuery({ ...plansQueryOptions("default"), enabled: item === "plan" });
  const facebookPlans = useQuery({ ...plansQueryOptions("facebook"), enabled: item === "plan" });

  if (item === "package") {
    if (packages.isPending) return { status: "loading" };
    if (packages.isError) return { status: "error", error: packages.error, retry: () => packages.refetch() };
    const found = packages.data.packages.find((candidate) => candidate.id === priceId);
    return found
      ? { status: "package", tokens: found.tokens, priceCents: found.price_cents, currency: found.currency }
      : { status: "unknown" };
  }

  const plan = [...(regularPlans.data?.plans ?? []), ...(facebookPlans.data?.plans ?? [])].find(
    (candidate) => candidate.id === priceId,
  );
  const features = regularPlans.data?.features ?? facebookPlans.data?.features;
  if (plan && features) return { status: "plan", plan, monthlyTokens: features.MonthlyTokens };
  if (regularPlans.isPending || facebookPlans.isPending) return { status: "loading" };
  const failed = regularPlans.isError ? regularPlans : facebookPlans.isError ? facebookPlans : null;
  if (failed) return { status: "error", error: failed.error, retry: () => failed.refetch() };
  return { status: "unknown" };
}
