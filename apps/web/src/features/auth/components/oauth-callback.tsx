import { TriangleAlert } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { LogoMark } from "@/components/layout/logo";
import { ButtonLink } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { paths } from "@/config/paths";
import { useDocumentTitle } from "@/hooks/use-document-title";
import { isApiError } from "@/lib/api-client";
import { useCompleteSignIn } from "../hooks/use-complete-sign-in";
import {
  OAUTH_ACK_TYPE,
  OAUTH_CHANNEL,
  OAUTH_MESSAGE_TYPE,
  type OAuthMessage,
  oauthErrorMessage,
  parseOAuthFragment,
} from "../utils/oauth";

/** How long a popup cut off from its opener waits for the opener to take the result over the channel. */
const HANDOFF_MS = 1_500;

/**
 * Offers the result to the sign-in screen that opened this popup over the same-origin channel;
 * true when it took it.
 */
function handOff(message: OAuthMessage): Promise<boolean> {
  if (typeof BroadcastChannel === "undefined") return Promise.resolve(false);
  const channel = new BroadcastChannel(OAUTH_CHANNEL);
  return new Promise((resolve) => {
    const timer = window.setTimeout(() => finish(false), HANDOFF_MS);
    function finish(taken: boolean) {
      window.clearTimeout(timer);
      channel.close();
      resolve(taken);
    }
    channel.onmessage = (event: MessageEvent) => {
      if ((event.data as { type?: unknown } | null)?.type === OAUTH_ACK_TYPE) finish(true);
    };
    channel.postMessage(message);
  });
}

/** The window that opened this popup, if it is still there and reachable. */
function liveOpener(): Window | null {
  try {
    const opener = window.opener as Window | null;
    return opener && !opener.closed ? opener : null;
  } catch {
    return null;
  }
}

/**
 * /auth/callback, the OAuth popup's last stop (`#token=…` or `#error=…`). In a popup it hands the
 * result to the opener (`window.opener`, else the same-origin channel) and closes; when nobody takes
 * it, it signs in here and moves on to the return URL or home.
 */
export function OAuthCallback() {
  useDocumentTitle("Signing you in");
  const completeSignIn = useCompleteSignIn();
  const [error, setError] = useState<string | null>(null);
  const [lingering, setLingering] = useState(false);
  const handled = useRef(false);

  useEffect(() => {
    if (handled.current) return;
    handled.current = true;
    const result = parseOAuthFragment(window.location.hash);
    // The token must not stay in the address bar or the history.
    window.history.replaceState(window.history.state, "", window.location.pathname);

    const message: OAuthMessage = { type: OAUTH_MESSAGE_TYPE, ...result };
    const closeSelf = () => {
      window.close();
      // Still here a moment later: the browser refused to close the window.
      window.setTimeout(() => setLingering(true), 1_500);
    };

    const opener = liveOpener();
    if (opener) {
      opener.postMessage(message, window.location.origin);
      closeSelf();
      return;
    }

    async function finishHere() {
      if (await handOff(message)) {
        closeSelf();
        return;
      }
      // Nobody is waiting for this result: sign in in this window and go on from here.
      if (!result.token) {
        setError(oauthErrorMessage(result.error ?? "missing-token"));
        return;
      }
      try {
        await completeSignIn({ token: result.token, signUp: result.newUser === true });
      } catch (failure) {
        const offline = isApiError(failure) && failure.status === 0;
        if (!offline) console.error("Social sign-in failed after the provider answered.", failure);
        setError(oauthErrorMessage(offline ? "network-request-failed" : "sign-in-failed"));
      }
    }
    void finishHere();
  }, [completeSignIn]);

  return (
    <div
      data-testid="oauth-callback"
      className="flex min-h-dvh flex-col items-center justify-center gap-5 bg-ink-950 px-6 text-center"
    >
      <LogoMark className="size-12" />
      {error ? (
        <div role="alert" className="flex max-w-sm flex-col items-center gap-4">
          <p className="flex items-start gap-2 text-sm text-coral-200">
            <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            {error}
          </p>
          <ButtonLink to={paths.login} variant="secondary" size="sm" reloadDocument>
            Back to sign in
          </ButtonLink>
        </div>
      ) : (
        <div role="status" className="flex flex-col items-center gap-3">
          <Spinner size="md" label={null} />
          <p className="text-sm font-medium text-ink-200">
            {lingering ? "All done. You can close this window." : "Signing you in…"}
          </p>
        </div>
      )}
    </div>
  );
}
