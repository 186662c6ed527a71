/**
 * In-memory analytics client. `track` appends to a bounded queue that browser tests read at
 * `window.__reverieAnalytics`. A later issue sends the queue to a real analytics service.
 */
export type AnalyticsProps = Record<string, unknown>;

export interface AnalyticsEvent {
  event: string;
  props: AnalyticsProps;
  /** ISO 8601 time the event was tracked. */
  at: string;
  /** The signed-in user's id when the event was tracked (spec: "the analytics user is set"). */
  userId?: string;
}

/** Event names of the spec (section 9). */
export const ANALYTICS_EVENTS = {
  genderPopupShown: "Gender Interest Selection Pop Up Shown",
  genderSelected: "Gender of Interest Selected",
  pwaInstallButtonClick: "pwa_install_button_click",
  pwaInstalled: "pwa_installed",
  pwaInstallRejected: "pwa_install_rejected",
  pwaInstallModalClosed: "pwa_install_modal_closed",
  tokenPurchaseFailed: "Token Purchase Failed",
  paymentFailed: "Payment Failed",
  /** a paywall opened, with its `source` label (e.g. voice_message_free_plan_user) */
  paywallShown: "Paywall Shown",
  /** a user's own character was made, built or imported from a card (`method`), with its `source` label */
  customModelCreated: "Custom Model Created",
} as const;

export const ANALYTICS_QUEUE_LIMIT = 1000;

declare global {
  interface Window {
    __reverieAnalytics?: AnalyticsEvent[];
  }
}

/** The queue; the same array instance for the lifetime of the page. */
const queue: AnalyticsEvent[] = [];

if (typeof window !== "undefined") {
  window.__reverieAnalytics = queue;
}

let userId: string | null = null;

/** Identifies the signed-in user on later events; null after signing out. */
export function setAnalyticsUser(id: string | null): void {
  userId = id;
}

export function track(event: string, props: AnalyticsProps = {}): void {
  queue.push({
    event,
    props: { ...props },
    at: new Date().toISOString(),
    ...(userId ? { userId } : {}),
  });
  if (queue.length > ANALYTICS_QUEUE_LIMIT) {
    queue.splice(0, queue.length - ANALYTICS_QUEUE_LIMIT);
  }
  if (import.meta.env?.DEV) {
    console.debug("[analytics]", event, props);
  }
}

/** A copy of the queued events, oldest first. */
export function getTrackedEvents(): AnalyticsEvent[] {
  return [...queue];
}
