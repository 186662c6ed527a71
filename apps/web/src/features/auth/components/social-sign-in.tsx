import { Button } from "@/components/ui/button";
import { Notice } from "@/components/ui/notice";
import { Spinner } from "@/components/ui/spinner";
import { storage } from "@/lib/storage";
import { useAuthProviders } from "../api/get-auth-providers";
import { useOAuthPopup } from "../hooks/use-oauth-popup";
import { OAUTH_PROVIDER_LABELS, oauthErrorMessage } from "../utils/oauth";
import { PROVIDER_ICONS } from "./provider-icons";

/**
 * "Continue with …" for each configured provider (none while the list loads or if it fails), with
 * the popup's outcome as a message under the buttons. On the sign-up screen (`signUp`) the stored
 * `source` becomes `signup` (spec: the lead is reported, and the new account is offered the onboarding).
 */
export function SocialSignIn({ disabled = false, signUp = false }: { disabled?: boolean; signUp?: boolean }) {
  const providers = useAuthProviders();
  const popup = useOAuthPopup();
  const list = providers.data?.providers ?? [];

  if (providers.isError) console.error("Couldn't load the sign-in providers.", providers.error);
  if (list.length === 0) return null;

  return (
    <div data-testid="social-sign-in">
      <div className="my-6 flex items-center gap-3 text-xs font-medium tracking-wide text-ink-400 uppercase">
        <span className="h-px flex-1 bg-white/10" />
        or
        <span className="h-px flex-1 bg-white/10" />
      </div>
      <div className="grid gap-2.5">
        {list.map((provider) => {
          const Icon = PROVIDER_ICONS[provider];
          const busy = popup.provider === provider && popup.status !== "idle";
          return (
            <Button
              key={provider}
              variant="secondary"
              size="lg"
              className="w-full text-[15px]"
              data-testid={`oauth-${provider}`}
              aria-busy={busy || undefined}
              disabled={disabled || popup.status === "completing"}
              onClick={() => {
                if (signUp) storage.set("source", "signup");
                popup.start(provider);
              }}
              icon={busy ? <Spinner size="sm" label={null} /> : <Icon />}
            >
              Continue with {OAUTH_PROVIDER_LABELS[provider]}
            </Button>
          );
        })}
      </div>
      {popup.status === "open" ? (
        <p role="status" className="mt-3 text-center text-xs text-ink-400">
          Finish signing in in the window that opened.
        </p>
      ) : null}
      {popup.error ? (
        <Notice tone="error" className="mt-4" testId="oauth-error">
          {oauthErrorMessage(popup.error.code, popup.error.provider)}
        </Notice>
      ) : null}
    </div>
  );
}
