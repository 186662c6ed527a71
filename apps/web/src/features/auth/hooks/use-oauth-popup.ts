import { LIMITS, type OAuthProvider, STORAGE_KEYS } from "@reverie/shared";
import { useCallback, useEffect, useRef, useState } from "react";
import { buildUrl, isApiError } from "@/lib/api-client";
import { isOAuthMessage, OAUTH_ACK_TYPE, OAUTH_CHANNEL, popupFeatures } from "../utils/oauth";
import { useCompleteSignIn } from "./use-complete-sign-in";

const POPUP_NAME = "reverie-oauth";
/** How often the opener checks whether the popup was closed. */
const POLL_MS = 500;
/**
 * After the popup is seen closed, how long a late result may still arrive before the attempt counts
 * as popup-closed-by-user. Poll plus grace stays within the spec's 8 s detection delay.
 */
const CLOSED_GRACE_MS = Math.min(2_000, LIMITS.signInPopup.closedDetectionMs - POLL_MS);

export interface OAuthError {
  code: string;
  provider?: OAuthProvider;
}

export interface OAuthPopupState {
  /** open: the popup is up; completing: a token arrived and the account is loading. */
  status: "idle" | "open" | "completing";
  provider: OAuthProvider | null;
  error: OAuthError | null;
}

const IDLE: OAuthPopupState = { status: "idle", provider: null, error: null };

/**
 * Social sign-in in a 500×600 popup. The popup ends on /auth/callback, which posts
 * `{type: "reverie:oauth", token | error}` here (through `window.opener`, or the same-origin
 * channel when the opener link was cut). Errors carry the spec's identity-provider codes:
 * popup-blocked, cancelled-popup-request, popup-closed-by-user, network-request-failed, or the
 * provider's own code.
 */
export function useOAuthPopup() {
  const completeSignIn = useCompleteSignIn();
  const [state, setState] = useState<OAuthPopupState>(IDLE);
  const popupRef = useRef<Window | null>(null);
  /** The provider of the attempt still waiting for a result (even after "closed" was reported). */
  const attemptRef = useRef<OAuthProvider | null>(null);
  const pollRef = useRef<number | undefined>(undefined);
  const graceRef = useRef<number | undefined>(undefined);

  const clearTimers = useCallback(() => {
    window.clearInterval(pollRef.current);
    window.clearTimeout(graceRef.current);
    pollRef.current = undefined;
    graceRef.current = undefined;
  }, []);

  /** Takes a result from the popup; false when no attempt is waiting for one. */
  const settle = useCallback(
    (result: { token?: string; newUser?: boolean; error?: string }): boolean => {
      const provider = attemptRef.current;
      if (!provider) return false;
      attemptRef.current = null;
      clearTimers();
      const popup = popupRef.current;
      popupRef.current = null;
      if (popup && !popup.closed) popup.close();

      if (!result.token) {
        setState({
          status: "idle",
          provider: null,
          error: { code: result.error ?? "missing-token", provider },
        });
        return true;
      }
      setState({ status: "completing", provider, error: null });
      completeSignIn({ token: result.token, provider, signUp: result.newUser === true }).catch(
        (error: unknown) => {
          const offline = isApiError(error) && error.status === 0;
          if (!offline) console.error("Social sign-in failed after the provider answered.", error);
          setState({
            status: "idle",
            provider: null,
            error: { code: offline ? "network-request-failed" : "sign-in-failed", provider },
          });
        },
      );
      return true;
    },
    [clearTimers, completeSignIn],
  );

  useEffect(() => {
    function onMessage(event: MessageEvent) {
      if (event.origin !== window.location.origin || !isOAuthMessage(event.data)) return;
      settle(event.data);
    }
    const channel = typeof BroadcastChannel === "undefined" ? null : new BroadcastChannel(OAUTH_CHANNEL);
    if (channel) {
      channel.onmessage = (event: MessageEvent) => {
        if (isOAuthMessage(event.data) && settle(event.data)) channel.postMessage({ type: OAUTH_ACK_TYPE });
      };
    }
    // The popup signed in by itself (nobody took its result): the session picks the token up.
    function onStorage(event: StorageEvent) {
      if (event.key === STORAGE_KEYS.accessToken && event.newValue && attemptRef.current) {
        attemptRef.current = null;
        clearTimers();
      }
    }
    window.addEventListener("message", onMessage);
    window.addEventListener("storage", onStorage);
    return () => {
      window.removeEventListener("message", onMessage);
      window.removeEventListener("storage", onStorage);
      channel?.close();
      clearTimers();
    };
  }, [settle, clearTimers]);

  const start = useCallback(
    (provider: OAuthProvider) => {
      const open = popupRef.current;
      if (open && !open.closed) {
        open.focus();
        setState((current) => ({ ...current, error: { code: "cancelled-popup-request", provider } }));
        return;
      }

      clearTimers();
      const popup = window.open(
        buildUrl(`/api/auth/oauth/${provider}/start`),
        POPUP_NAME,
        popupFeatures(window),
      );
      if (!popup) {
        attemptRef.current = null;
        setState({ status: "idle", provider: null, error: { code: "popup-blocked", provider } });
        return;
      }

      popupRef.current = popup;
      attemptRef.current = provider;
      setState({ status: "open", provider, error: null });
      pollRef.current = window.setInterval(() => {
        if (!popupRef.current?.closed) return;
        window.clearInterval(pollRef.current);
        popupRef.current = null;
        setState((current) => (current.status === "open" ? { ...current, status: "idle" } : current));
        graceRef.current = window.setTimeout(() => {
          // Reported, but the attempt stays open: a popup cut off from its opener by a
          // Cross-Origin-Opener-Policy looks closed yet may still send its result over the channel.
          if (attemptRef.current !== provider) return;
          setState({ status: "idle", provider: null, error: { code: "popup-closed-by-user", provider } });
        }, CLOSED_GRACE_MS);
      }, POLL_MS);
    },
    [clearTimers],
  );

  return { ...state, start };
}
