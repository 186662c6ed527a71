import { api, noContent } from "./api-client";

const LINKED_KEY = "reverie:analytics:linked";

/** the link being sent from this page, so a second call while it travels sends nothing */
let linking: string | null = null;

/**
 * PATCH /api/user/analytics with this browser's analytics id, once per user and browser (spec:
 * the analytics user is set after sign-in). A failure is only logged; the next page load tries again.
 */
export async function linkAnalyticsUser(userId: string, clientId: string): Promise<void> {
  const link = `${userId}:${clientId}`;
  if (linking === link) return;
  try {
    if (window.localStorage.getItem(LINKED_KEY) === link) return;
  } catch {
    // storage disabled: link on every page load
  }
  linking = link;
  try {
    await api.patch("/api/user/analytics", noContent, { body: { new_id: clientId } });
    window.localStorage.setItem(LINKED_KEY, link);
  } catch (error) {
    console.error("Couldn't link the analytics id to the account.", error);
  } finally {
    linking = null;
  }
}
