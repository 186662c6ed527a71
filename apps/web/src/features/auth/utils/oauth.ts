import { ACCOUNT_BANNED_TEXT, LIMITS, type OAuthProvider } from "@reverie/shared";

/** The message the /auth/callback popup posts to its opener. */
export const OAUTH_MESSAGE_TYPE = "reverie:oauth";

export interface OAuthMessage {
  type: typeof OAUTH_MESSAGE_TYPE;
  token?: string;
  /** The provider sign-in created the account (a sign-up). */
  newUser?: boolean;
  error?: string;
}

/**
 * A same-origin channel for when the popup has lost its `window.opener`: a Cross-Origin-Opener-Policy
 * on a page along the provider's flow cuts the link. The opener acknowledges what it takes over.
 */
export const OAUTH_CHANNEL = "reverie:oauth";
export const OAUTH_ACK_TYPE = "reverie:oauth-ack";

export function isOAuthMessage(data: unknown): data is OAuthMessage {
  if (typeof data !== "object" || data === null) return false;
  const message = data as Record<string, unknown>;
  return (
    message.type === OAUTH_MESSAGE_TYPE &&
    (message.token === undefined || typeof message.token === "string") &&
    (message.newUser === undefined || typeof message.newUser === "boolean") &&
    (message.error === undefined || typeof message.error === "string")
  );
}

/** Reads `#token=…[&new=1]` or `#error=…` from the callback URL's fragment. */
export function parseOAuthFragment(hash: string): { token?: string; newUser?: boolean; error?: string } {
  const params = new URLSearchParams(hash.startsWith("#") ? hash.slice(1) : hash);
  const token = params.get("token")?.trim();
  const error = params.get("error")?.trim();
  if (token) return params.get("new") === "1" ? { token, newUser: true } : { token };
  return { error: error || "missing-token" };
}

export const OAUTH_PROVIDER_LABELS: Record<OAuthProvider, string> = {
  google: "Google",
  discord: "Discord",
  twitter: "X",
};

/** Error codes the popup flow itself raises (the spec's identity-provider codes). */
export type OAuthClientError =
  | "popup-blocked"
  | "popup-closed-by-user"
  | "cancelled-popup-request"
  | "network-request-failed"
  | "unauthorized-domain";

const INTERRUPTED = "The sign-in took too long or was interrupted. Please try again.";
const ACCOUNT_EXISTS =
  "An account with this email already exists. Sign in with your password first, then try again.";
const UNAVAILABLE = "This sign-in option isn't available right now. Try another way to sign in.";

const MESSAGES: Record<string, string> = {
  "popup-blocked": "Your browser blocked the sign-in window. Allow pop-ups for this site and try again.",
  "popup-closed-by-user": "The sign-in window was closed before you finished. Try again when you're ready.",
  "cancelled-popup-request":
    "A sign-in window is already open. Finish signing in there, or close it and try again.",
  "network-request-failed": "We couldn't reach the sign-in service. Check your connection and try again.",
  "unauthorized-domain":
    "Signing in isn't allowed from this address. Open Reverie from its usual address and try again.",
  access_denied: "You didn't allow access, so we couldn't sign you in. Try again or use your email.",
  "access-denied": "You didn't allow access, so we couldn't sign you in. Try again or use your email.",
  invalid_state: INTERRUPTED,
  state_mismatch: INTERRUPTED,
  state_not_found: INTERRUPTED,
  please_restart_the_process: INTERRUPTED,
  invalid_callback_request: INTERRUPTED,
  no_code: INTERRUPTED,
  email_not_found: "That account has no email address we can use. Sign in another way or add an email there.",
  email_required: "That account has no email address we can use. Sign in another way or add an email there.",
  account_not_linked: ACCOUNT_EXISTS,
  unable_to_link_account: ACCOUNT_EXISTS,
  // the account is banned: the server kept no session (same text as the email sign-in shows)
  account_banned: ACCOUNT_BANNED_TEXT,
  provider_not_configured: UNAVAILABLE,
  provider_not_found: UNAVAILABLE,
  oauth_provider_not_found: UNAVAILABLE,
};

/**
 * A friendly sentence for any code the popup flow can end with: the client codes above, the
 * provider's own codes (`#error=<code>` from the callback), and anything unknown.
 */
export function oauthErrorMessage(code: string, provider?: OAuthProvider): string {
  const known = MESSAGES[code] ?? MESSAGES[code.toLowerCase()];
  if (known) return known;
  const via = provider ? ` with ${OAUTH_PROVIDER_LABELS[provider]}` : "";
  return `We couldn't sign you in${via}. Please try again, or use your email and password.`;
}

/** window.open features for the sign-in popup (500×600, spec section 9), centred over this window. */
export function popupFeatures(view: {
  screenX: number;
  screenY: number;
  outerWidth: number;
  outerHeight: number;
}): string {
  const { width, height } = LIMITS.signInPopup;
  const left = Math.max(0, Math.round(view.screenX + (view.outerWidth - width) / 2));
  const top = Math.max(0, Math.round(view.screenY + (view.outerHeight - height) / 2));
  return `popup=yes,width=${width},height=${height},left=${left},top=${top}`;
}
