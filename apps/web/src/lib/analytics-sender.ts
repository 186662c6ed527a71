import { type AnalyticsBatch, AnalyticsQueue, type QueuedEvent, type SendOutcome } from "./analytics-queue";
import { buildUrl } from "./api-client";
import { linkAnalyticsUser } from "./link-analytics-user";
import { loadRemoteConfig, onRemoteConfig, remoteConfig } from "./remote-config";
import { storage } from "./storage";

/**
 * The half of the analytics client that sends, kept out of the entry: loaded once the page has
 * loaded, it reads the remote configuration, keeps the queue, posts batches to the first-party
 * endpoint and hands what waits to the beacon when the page is hidden.
 */
const ENDPOINT = "/api/analytics/events";

async function post(batch: AnalyticsBatch): Promise<SendOutcome> {
  const token = storage.get("accessToken");
  const response = await fetch(buildUrl(ENDPOINT), {
    method: "POST",
    headers: { "Content-Type": "application/json", ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(batch),
  });
  // read to the end: Chromium holds a response whose body is never read open, and the page never goes idle
  await response.arrayBuffer().catch(() => undefined);
  if (response.ok) return "sent";
  return response.status >= 400 && response.status < 500 && response.status !== 429 ? "refused" : "failed";
}

function beacon(batch: AnalyticsBatch): boolean {
  return navigator.sendBeacon(
    buildUrl(ENDPOINT),
    new Blob([JSON.stringify(batch)], { type: "application/json" }),
  );
}

function localStore(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

const analyticsEnabled = () => remoteConfig()?.analytics_enabled === true;

export interface AnalyticsSender {
  add(event: QueuedEvent): void;
  userSet(userId: string): void;
  /** the visitor confirmed their age and accepted analytics: the client id and queue are stored from now on */
  consented(): void;
}

/**
 * A random id. Not crypto.randomUUID: browsers offer it only in secure contexts (https, localhost),
 * and the app is also opened over plain http by a LAN address, where getRandomValues still works.
 */
export function randomId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/**
 * Starts sending, beginning with the events tracked before it loaded. Before the visitor has
 * consented, nothing is stored in the browser: the visit goes out under an id kept in memory, which
 * is stored only if they go on.
 */
export function startSender(earlier: QueuedEvent[], options: { consented: boolean }): AnalyticsSender {
  const queue = new AnalyticsQueue({
    store: options.consented ? localStore() : null,
    send: post,
    beacon,
    canSend: analyticsEnabled,
    newId: randomId,
  });
  onRemoteConfig(() => {
    if (analyticsEnabled()) void queue.flush();
    else queue.clear();
  });
  void loadRemoteConfig();
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "hidden") queue.flushWithBeacon();
  });
  const sender: AnalyticsSender = {
    add(event) {
      if (remoteConfig()?.analytics_enabled !== false) queue.add(event);
    },
    userSet(userId) {
      void linkAnalyticsUser(userId, queue.clientId);
    },
    consented() {
      queue.keepIn(localStore());
    },
  };
  for (const event of earlier) sender.add(event);
  return sender;
}
