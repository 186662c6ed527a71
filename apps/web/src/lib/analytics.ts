import { STORAGE_KEYS } from "@reverie/shared";
import type { QueuedEvent } from "./analytics-queue";
import type { AnalyticsSender } from "./analytics-sender";

/**
 * The analytics client: `track` appends an event to the page's list (browser tests read it at
 * `window.__reverieAnalytics`) and hands it to the sender (analytics-sender.ts), which loads after
 * the page has loaded and the age is confirmed; until then events wait here.
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

/** Event names: the spec's (section 9), then the funnel's steps (FUNNEL_STEPS) and the app's own. */
export const ANALYTICS_EVENTS = {
  genderPopupShown: "Gender Interest Selection Pop Up Shown",
  genderSelected: "Gender of Interest Selected",
  pwaInstallButtonClick: "pwa_install_button_click",
  pwaInstalled: "pwa_installed",
  pwaInstallRejected: "pwa_install_rejected",
  pwaInstallModalClosed: "pwa_install_modal_closed",
  tokenPurchaseFailed: "Token Purchase Failed",
  paymentFailed: "Payment Failed",
  /** once per page load */
  visit: "Visit",
  ageGateConfirmed: "Age Gate Confirmed",
  signUpCompleted: "Sign Up Completed",
  /** a chat message the user sent (the funnel counts the first) */
  messageSent: "Message Sent",
  /** a payment that went through, for tokens or a plan (`kind`) */
  purchaseCompleted: "Purchase Completed",
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

/** Every event tracked on this page; the same array instance for the lifetime of the page. */
const tracked: AnalyticsEvent[] = [];

if (typeof window !== "undefined") {
  window.__reverieAnalytics = tracked;
}

let userId: string | null = null;
let sender: AnalyticsSender | null = null;
/** events tracked before the sender loaded */
const waiting: QueuedEvent[] = [];

let senderLoading = false;

function ageConfirmed(): boolean {
  try {
    return localStorage.getItem(STORAGE_KEYS.ageConfirmed) !== null;
  } catch {
    return false;
  }
}

/**
 * Loads the sender, which reads the remote configuration and starts sending. Only once the visitor
 * confirmed their age: the age gate's notice is where they accept analytics, and nothing is fetched
 * before it.
 */
export function startSendingAnalytics(): void {
  if (senderLoading || !ageConfirmed()) return;
  senderLoading = true;
  import("./analytics-sender")
    .then(({ startSender }) => {
      sender = startSender(waiting.splice(0));
      if (userId) sender.userSet(userId);
    })
    .catch((error: unknown) => console.error("analytics sender not loaded", error));
}

/** Counts the visit; sending starts after the page's load event (main.tsx runs before it). */
export function startAnalytics(): void {
  track(ANALYTICS_EVENTS.visit, { path: window.location.pathname });
  window.addEventListener("load", startSendingAnalytics);
}

/** Identifies the signed-in user on later events (and links this browser to them); null after signing out. */
export function setAnalyticsUser(id: string | null): void {
  if (id === userId) return;
  userId = id;
  // after the token is stored: startSession sets the user first
  if (id) queueMicrotask(() => sender?.userSet(id));
}

export function track(event: string, props: AnalyticsProps = {}): void {
  const at = new Date().toISOString();
  const copy = { ...props };
  tracked.push({ event, props: copy, at, ...(userId ? { userId } : {}) });
  if (tracked.length > ANALYTICS_QUEUE_LIMIT) {
    tracked.splice(0, tracked.length - ANALYTICS_QUEUE_LIMIT);
  }
  const queued = { event, props: copy, at, ...(userId ? { user_id: userId } : {}) };
  if (sender) sender.add(queued);
  else if (waiting.length < ANALYTICS_QUEUE_LIMIT) waiting.push(queued);
  if (import.meta.env?.DEV) {
    console.debug("[analytics]", event, props);
  }
}

/** A copy of the events tracked on this page, oldest first. */
export function getTrackedEvents(): AnalyticsEvent[] {
  return [...tracked];
}
