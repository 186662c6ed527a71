import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

/** GET /api/test-checkout/{order_id} — the order to pay, the test cards, where to go back to. */
export function getTestCheckout(orderId: string, signal?: AbortSignal) {
  return api.get(
    `/api/test-checkout/${encodeURIComponent(orderId)}`,
    (contract) => contract.testCheckoutOrderSchema,
    { signal },
  );
}

export const testCheckoutQueryOptions = (orderId: string) =>
  queryOptions({
    queryKey: ["test-checkout", orderId],
    queryFn: ({ signal }) => getTestCheckout(orderId, signal),
    retry: false,
  });

export function useTestCheckout(orderId: string) {
  return useQuery(testCheckoutQueryOptions(orderId));
}
