import { useEffect, useRef, useState } from "react";
import { Link, useLocation, useSearchParams } from "react-router";
import { FormError } from "@/components/ui/account-fields";
import { Notice } from "@/components/ui/notice";
import { Spinner } from "@/components/ui/spinner";
import { paths } from "@/config/paths";
import { useVerifySignInLink } from "../api/verify-sign-in-link";
import { useCompleteSignIn } from "../hooks/use-complete-sign-in";
import { describeAuthError } from "../utils/auth-errors";
import { readSignInLink, type SignInLink } from "../utils/sign-in-link";
import { AuthLayout, authLinkClass } from "./auth-layout";
import { LoginForm } from "./login-form";
import { SocialSignIn } from "./social-sign-in";

const INVALID_LINK = "This sign-in link isn't valid. Enter your email below and we'll send you a new one.";

/** Notices other screens leave for /login in the navigation state. */
export type LoginNotice = "password-reset";

/**
 * Verifies an emailed sign-in link once, on arrival. Returns the state of that attempt; a link that
 * is not valid (or no link) is never sent to the server.
 */
function useSignInLink(link: SignInLink) {
  const verify = useVerifySignInLink();
  const completeSignIn = useCompleteSignIn();
  const [, setSearchParams] = useSearchParams();
  const [error, setError] = useState<string | null>(link.kind === "invalid" ? INVALID_LINK : null);
  const started = useRef(false);

  useEffect(() => {
    if (started.current || link.kind === "none") return;
    started.current = true;
    const dropLink = () =>
      setSearchParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          for (const key of ["mode", "oobCode", "email", "apiKey", "lang"]) next.delete(key);
          return next;
        },
        { replace: true },
      );
    if (link.kind === "invalid") {
      console.error("Ignored an emailed sign-in link without a code or an email.");
      dropLink();
      return;
    }
    verify
      .mutateAsync({ oobCode: link.oobCode, email: link.email })
      .then((result) => completeSignIn(result))
      .catch((failure: unknown) => {
        setError(describeAuthError(failure, "verify-link").message);
        dropLink();
      });
  }, [link, verify, completeSignIn, setSearchParams]);

  return { verifying: link.kind === "valid" && error === null, error };
}

/** /login: password sign-in, emailed sign-in links (sent and opened), and social sign-in. */
export function LoginScreen() {
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const [link] = useState(() => readSignInLink(searchParams));
  const signInLink = useSignInLink(link);
  const expired = searchParams.get("source") === "ExpiredToken";
  const notice = (location.state as { notice?: LoginNotice } | null)?.notice;

  return (
    <AuthLayout
      title="Welcome back"
      description="Sign in to pick up your conversations where you left them."
      testId="login-screen"
      footer={
        <>
          New to Reverie?{" "}
          <Link to={paths.register} className={authLinkClass}>
            Create an account
          </Link>
        </>
      }
    >
      {signInLink.verifying && link.kind === "valid" ? (
        <div
          role="status"
          data-testid="sign-in-link-progress"
          className="flex flex-col items-center gap-4 py-8 text-center"
        >
          <Spinner size="lg" label={null} />
          <p className="text-ink-200">
            Signing you in as <strong className="break-all text-ink-100">{link.email}</strong>…
          </p>
        </div>
      ) : (
        <div className="space-y-5">
          {expired && !signInLink.error ? (
            <Notice tone="info" testId="session-expired">
              Your session ended. Please sign in again.
            </Notice>
          ) : null}
          {notice === "password-reset" ? (
            <Notice tone="success" testId="password-reset-done">
              Your password has been changed. Sign in with your new password.
            </Notice>
          ) : null}
          <FormError message={signInLink.error} testId="sign-in-link-error" />
          <LoginForm defaultEmail={link.kind === "valid" ? link.email : ""} />
          <SocialSignIn />
        </div>
      )}
    </AuthLayout>
  );
}
