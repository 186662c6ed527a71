import { useMutation } from "@tanstack/react-query";
import { createCheckoutSession } from "../api/create-checkout-session";
import { rememberReturnPath } from "../utils/return-path";

interface StartCheckout {
  priceId: string;
  /** a path of this app to come back to after paying (e.g. /chat/3) */
  returnPath?: string | undefined;
}

/**
 * Starts paying for one price: the order is created, then the browser goes to the provider's page
 * (a full-page navigation; the built-in test checkout is this app's /pay/<order>). The mutation
 * stays busy while the page unloads (`isSuccess`), so the button cannot be pressed twice.
 */
export function useStartCheckout() {
  const mutation = useMutation({
    mutationFn: ({ priceId, returnPath }: StartCheckout) =>
      createCheckoutSession({ price_id: priceId, ...(returnPath ? { return_path: returnPath } : {}) }),
    onSuccess: (session, { returnPath }) => {
      rememberReturnPath(session.order_id, returnPath);
      window.location.assign(session.url);
    },
    onError: (error) => console.error("Can't get payment url", error),
  });
  return { ...mutation, isBusy: mutation.isPending || mutation.isSuccess };
}
