import { STORAGE_KEYS } from "@reverie/shared";
import type { QueuedEvent } from "./analytics-queue";
import type { AnalyticsSender } from "./analytics-sender";

/**
 * The analytics client: `track` appends an event to the page's list (browser tests read it at
 * `window.__reverieAnalytics`) and hands it to the sender (analytics-sender.ts), which loads after
 * the page has loaded; until then events wait here. Before the age gate is confirmed (where the
 * visitor accepts analytics) only the visit is sent, under an id that is not stored.
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
  /** /onboarding shown, with its `variant` and `source` label (e.g. onboarding_meet_character) */
  onboardingStarted: "Onboarding Started",
  /** a step of the onboarding done (`step`, `step_number`, `variant`, `source`) */
  onboardingStepCompleted: "Onboarding Step Completed",
  /** the onboarding's first message sent: the user goes on to the chat */
  onboardingCompleted: "Onboarding Completed",
  /** "Skip" pressed, at `step` */
  onboardingSkipped: "Onboarding Skipped",
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
let consented = false;

function ageConfirmed(): boolean {
  try {
    return localStorage.getItem(STORAGE_KEYS.ageConfirmed) !== null;
  } catch {
    return false;
  }
}

function loadSender(): void {
  if (senderLoading) return;
  senderLoading = true;
  import("./analytics-sender")
    .then(({ startSender }) => {
      sender = startSender(waiting.splice(0), { consented });
      if (userId && consented) sender.userSet(userId);
    })
    .catch((error: unknown) => console.error("analytics sender not loaded", error));
}

/**
 * The visitor confirmed their age, and with it accepted analytics: from now on the analytics id and
 * the waiting events are kept in the browser, and later events are sent with the visit's id.
 */
export function startSendingAnalytics(): void {
  if (consented) return;
  consented = true;
  sender?.consented();
  if (userId) sender?.userSet(userId);
  loadSender();
}

/** Counts the visit; sending starts after the page's load event (main.tsx runs before it). */
export function startAnalytics(): void {
  consented = ageConfirmed();
  track(ANALYTICS_EVENTS.visit, { path: window.location.pathname });
  if (document.readyState === "complete") loadSender();
  else window.addEventListener("load", loadSender);
}

/** Identifies the signed-in user on later events (and links this browser to them); null after signing out. */
export function setAnalyticsUser(id: string | null): void {
  if (id === userId) return;
  userId = id;
  // after the token is stored: startSession sets the user first
  if (id && consented) queueMicrotask(() => sender?.userSet(id));
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
