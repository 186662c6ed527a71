import type { Order, User } from "@reverie/shared";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { ANALYTICS_EVENTS, track } from "@/lib/analytics";
import { setSessionUser } from "@/lib/auth";
import { confirmPayment } from "../api/confirm-payment";
import { CONFIRMATION_POLL_MS, confirmationStep } from "../utils/payment-confirmation";

export type PaymentConfirmation =
  | { phase: "confirming" }
  /** the provider has answered (or the user canceled): `order` is final for this page */
  | { phase: "settled"; order: Order; user: User }
  /** still pending after ~30 s: the balance updates by itself once the provider confirms */
  | { phase: "still-processing"; order: Order; user: User }
  | { phase: "error"; error: unknown };

/** Orders whose outcome was tracked already (a page shows one order; StrictMode runs effects twice). */
const trackedOrders = new Set<string>();

function trackOutcome(order: Order): void {
  if ((order.status !== "failed" && order.status !== "paid") || trackedOrders.has(order.id)) return;
  trackedOrders.add(order.id);
  if (order.status === "paid") {
    track(ANALYTICS_EVENTS.purchaseCompleted, { kind: order.kind, payment_method: order.provider });
    return;
  }
  track(order.kind === "tokens" ? ANALYTICS_EVENTS.tokenPurchaseFailed : ANALYTICS_EVENTS.paymentFailed, {
    payment_method: order.provider,
  });
}

/**
 * The return page's side of a payment: PATCH /api/user/payment for the order, again every 1.5 s
 * while the provider has not confirmed it (up to ~30 s). Each answer's user goes into the session,
 * so the balance in the header is the new one. `retry` starts over after a failed call.
 */
export function usePaymentConfirmation(orderId: string, canceledByUser: boolean) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<PaymentConfirmation>({ phase: "confirming" });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    // `attempt` restarts the confirmation after a failed call.
    void attempt;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const startedAt = Date.now();
    setState({ phase: "confirming" });

    async function ask() {
      try {
        const { order, user } = await confirmPayment(orderId, controller.signal);
        if (controller.signal.aborted) return;
        setSessionUser(queryClient, user);
        const step = confirmationStep(order.status, canceledByUser, Date.now() - startedAt);
        if (step === "ask-again") {
          timer = setTimeout(ask, CONFIRMATION_POLL_MS);
          return;
        }
        trackOutcome(order);
        setState({ phase: step, order, user });
      } catch (error) {
        if (!controller.signal.aborted) setState({ phase: "error", error });
      }
    }

    void ask();
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [orderId, canceledByUser, queryClient, attempt]);

  return { state, retry: () => setAttempt((value) => value + 1) };
}
