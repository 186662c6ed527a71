import type { AdminPaymentOrder } from "@reverie/shared";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

export type OrderStatus = AdminPaymentOrder["status"];
export const ORDERS_PAGE_SIZE = 50;
/** Failures first: what the list shows unless another status is picked. */
export const ORDER_STATUSES = [
  "failed",
  "paid",
  "pending",
  "canceled",
  "refunded",
] as const satisfies readonly OrderStatus[];

/** GET /api/admin/payments/orders?status&page&limit — orders by status, newest first. */
export function getPaymentOrders(query: { status: OrderStatus; page: number }, signal?: AbortSignal) {
  return api.get("/api/admin/payments/orders", (contract) => contract.adminPaymentOrderListSchema, {
    params: { ...query, limit: ORDERS_PAGE_SIZE },
    signal,
  });
}

export const paymentOrdersQueryOptions = (query: { status: OrderStatus; page: number }) =>
  queryOptions({
    queryKey: ["admin", "payments", "orders", query],
    queryFn: ({ signal }) => getPaymentOrders(query, signal),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });

export function usePaymentOrders(query: { status: OrderStatus; page: number }) {
  return useQuery(paymentOrdersQueryOptions(query));
}
