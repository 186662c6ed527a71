import { sessionValues } from "./session-values";

/** Screens of the purchase itself: going back to one after paying would start over. */
const PURCHASE_SCREENS = ["/checkout", "/pay", "/plans", "/subscribe", "/paywall"];

/**
 * A path of this app to come back to after paying (e.g. /chat/3), or undefined. Only same-app paths
 * (never `//host`), short enough for the API, and not a purchase screen.
 */
export function safeReturnPath(value: string | null | undefined): string | undefined {
  if (!value || value.length > 200 || !/^\/[^/\\]/.test(value)) return undefined;
  return isPurchaseScreen(value.split(/[?#]/, 1)[0] ?? value) ? undefined : value;
}

/** Whether a path is one of the purchase screens (plans, subscribe, paywall, checkout, payment page). */
export function isPurchaseScreen(pathname: string): boolean {
  return PURCHASE_SCREENS.some((screen) => pathname === screen || pathname.startsWith(`${screen}/`));
}

/** The `from` query of a purchase screen, e.g. /checkout?package=tokens_350&from=%2Fchat%2F3. */
export function returnPathFromQuery(search: string): string | undefined {
  return safeReturnPath(new URLSearchParams(search).get("from"));
}

const key = (orderId: string) => `reverie:order-return:${orderId}`;

/** Kept when the checkout starts, for the return page's link back (the order does not carry it). */
export function rememberReturnPath(orderId: string, returnPath: string | undefined): void {
  if (returnPath) sessionValues.set(key(orderId), returnPath);
}

/** Where to go back to after an order: the return URL's own path, else the one kept when it started. */
export function returnPathOfOrder(orderId: string, search: string): string | undefined {
  const query = new URLSearchParams(search);
  return (
    safeReturnPath(query.get("return_path") ?? query.get("from")) ??
    safeReturnPath(sessionValues.get(key(orderId)))
  );
}
