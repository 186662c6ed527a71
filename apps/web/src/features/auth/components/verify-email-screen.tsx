import { useEffect, useRef } from "react";
import { Link, useSearchParams } from "react-router";
import { buttonStyles } from "@/components/ui/button";
import { Notice } from "@/components/ui/notice";
import { Spinner } from "@/components/ui/spinner";
import { paths } from "@/config/paths";
import { isApiError } from "@/lib/api-client";
import { useVerifyEmail } from "../api/verify-email";
import { AuthLayout } from "./auth-layout";

const MISSING_TOKEN =
  "This link is incomplete. Open the link from the email again, or send a new one from Settings.";

/** /verify-email?token=…: the emailed confirmation link, confirmed as soon as the page opens. */
export function VerifyEmailScreen() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get("token")?.trim() ?? "";
  const verify = useVerifyEmail();
  const asked = useRef(false);

  useEffect(() => {
    // once per page: React's development double effects must not spend the link twice
    if (!token || asked.current) return;
    asked.current = true;
    verify.mutate(token);
  }, [token, verify]);

  const error = !token
    ? MISSING_TOKEN
    : verify.isError
      ? isApiError(verify.error) && verify.error.message
        ? verify.error.message
        : "We could not confirm your email just now. Please try the link again."
      : null;

  return (
    <AuthLayout title="Confirm your email" testId="verify-email-screen">
      {error ? (
        <Notice tone="error" testId="verify-email-error">
          {error}
        </Notice>
      ) : verify.isSuccess ? (
        <Notice tone="success" testId="verify-email-done">
          {verify.data.message}
        </Notice>
      ) : (
        <div className="flex justify-center py-4">
          <Spinner label="Confirming your email…" />
        </div>
      )}
      <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:justify-center">
        <Link
          to={paths.home}
          className={buttonStyles({ variant: verify.isSuccess ? "primary" : "secondary" })}
        >
          Go to Reverie
        </Link>
        {error ? (
          <Link to={paths.settings} className={buttonStyles({ variant: "ghost" })}>
            Open Settings
          </Link>
        ) : null}
      </div>
    </AuthLayout>
  );
}
