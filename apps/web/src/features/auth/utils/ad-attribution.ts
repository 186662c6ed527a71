import { isSaneSubId } from "@reverie/shared";
import { storage } from "@/lib/storage";
import { reportLead } from "../api/report-lead";
import { saveAdvertisingToken } from "../api/save-advertising-token";

/*
 * Ad attribution in the browser (decision 0027). Loaded on demand only: the landing, the sign-in and
 * the app shell import it when there is a sub id to handle, so no first screen carries it.
 */

/** The `<user id>:<sub id>` last saved from this browser, so each pair is sent once. */
const SENT_KEY = "reverie:advertising:sent";

/** the pair being sent from this page, so a second call while it travels sends nothing */
let sending: string | null = null;

/** The ad landing `/:id`: keeps an ad click id; a mistyped page address (`/setings`) keeps the stored one. */
export function storeSubId(candidate: string): void {
  if (isSaneSubId(candidate)) storage.set("subid", candidate);
}

/**
 * The lead of a sign-up that did not send the sub id itself (a social sign-up): reported with the
 * new token when a sane sub id is stored. A refusal (already reported, an old account signing in
 * from the sign-up screen) is only noted.
 */
export async function reportStoredLead(token: string): Promise<void> {
  const subid = storage.get("subid");
  if (!isSaneSubId(subid)) return;
  await reportLead(token, subid).catch((error: unknown) => {
    console.warn("The sign-up's lead was not recorded.", error);
  });
}

/**
 * Spec: "if subid exists and a user is signed in, the advertising token is saved". Sends the stored
 * sub id when it is sane and differs from the one last sent for this user; a failure is only logged
 * and the next start tries again.
 */
export async function syncAdvertisingToken(userId: string): Promise<void> {
  const subid = storage.get("subid");
  if (!isSaneSubId(subid)) return;
  const pair = `${userId}:${subid}`;
  if (sending === pair) return;
  try {
    if (window.localStorage.getItem(SENT_KEY) === pair) return;
  } catch {
    // storage disabled: the sub id cannot be stored either, so nothing reaches here
  }
  sending = pair;
  try {
    await saveAdvertisingToken(subid);
    window.localStorage.setItem(SENT_KEY, pair);
  } catch (error) {
    console.error("Couldn't save the advertising token.", error);
  } finally {
    sending = null;
  }
}
