import { paths } from "@/config/paths";

/** What /checkout was opened for, from its query. */
export type CheckoutIntent =
  /** back from the provider's page (`?order=…&status=success|canceled`) */
  | { kind: "return"; orderId: string; canceled: boolean }
  /** about to buy a token package (`?package=tokens_350`) or a plan (`?plan=premium_1_month`) */
  | { kind: "buy"; item: "package" | "plan"; priceId: string }
  | { kind: "nothing" };

export function readCheckoutQuery(search: string): CheckoutIntent {
  const query = new URLSearchParams(search);
  const orderId = query.get("order");
  if (orderId) return { kind: "return", orderId, canceled: query.get("status") === "canceled" };
  const packageId = query.get("package");
  if (packageId) return { kind: "buy", item: "package", priceId: packageId };
  const planId = query.get("plan");
  if (planId) return { kind: "buy", item: "plan", priceId: planId };
  return { kind: "nothing" };
}

/** A purchase screen's address, carrying where the user came from (`from`) when it is worth returning to. */
function withFrom(path: string, query: Record<string, string>, from: string | undefined): string {
  const search = new URLSearchParams(query);
  if (from) search.set("from", from);
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

/** /checkout?package=tokens_350&from=/chat/3 */
export function checkoutPackagePath(packageId: string, from?: string): string {
  return withFrom(paths.checkout, { package: packageId }, from);
}

/** /checkout?plan=premium_1_month */
export function checkoutPlanPath(planId: string, from?: string): string {
  return withFrom(paths.checkout, { plan: planId }, from);
}

/** /plans?source=voice_message_free_plan_user&from=/chat/3 */
export function plansPath(options: { source?: string; from?: string } = {}): string {
  return withFrom(paths.plans, options.source ? { source: options.source } : {}, options.from);
}
