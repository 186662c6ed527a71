import { zodResolver } from "@hookform/resolvers/zod";
import { restoreBodySchema } from "@reverie/shared";
import { ArrowRight, MailCheck } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link } from "react-router";
import type { z } from "zod";
import { EmailField, FormError } from "@/components/ui/account-fields";
import { Button, ButtonLink } from "@/components/ui/button";
import { Notice } from "@/components/ui/notice";
import { paths } from "@/config/paths";
import { useRestorePassword } from "../api/restore-password";
import { describeAuthError } from "../utils/auth-errors";
import { AuthLayout, authLinkClass } from "./auth-layout";

type RestoreInput = z.input<typeof restoreBodySchema>;
type RestoreOutput = z.output<typeof restoreBodySchema>;

/** /restore: asks for a reset code by email. The answer is the same whether or not the account exists. */
export function RestoreScreen() {
  const form = useForm<RestoreInput, unknown, RestoreOutput>({
    resolver: zodResolver(restoreBodySchema),
    defaultValues: { email: "" },
  });
  const { errors, isSubmitting } = form.formState;
  const restore = useRestorePassword();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      await restore.mutateAsync(values);
      setSentTo(values.email);
    } catch (error) {
      setFormError(describeAuthError(error, "restore").message);
    }
  });

  return (
    <AuthLayout
      title="Reset your password"
      description={sentTo ? undefined : "Enter your email and we'll send you a code to set a new password."}
      testId="restore-screen"
      footer={
        <>
          Remembered it?{" "}
          <Link to={paths.login} className={authLinkClass}>
            Back to sign in
          </Link>
        </>
      }
    >
      {sentTo ? (
        <div className="space-y-5">
          <Notice tone="success" testId="restore-sent">
            If an account exists for <strong className="break-all">{sentTo}</strong>, we've sent a code to
            reset your password. It can take a minute to arrive, so check your spam folder too.
          </Notice>
          <ButtonLink
            to={paths.reset}
            size="lg"
            className="w-full text-[15px]"
            icon={<ArrowRight className="size-4" aria-hidden="true" />}
          >
            Enter the code
          </ButtonLink>
          <Button
            variant="ghost"
            className="w-full"
            onClick={() => {
              setSentTo(null);
              form.reset({ email: "" });
            }}
          >
            Use a different email
          </Button>
        </div>
      ) : (
        <form noValidate onSubmit={onSubmit} className="space-y-4" data-testid="restore-form">
          <EmailField error={errors.email?.message} {...form.register("email")} />
          <FormError message={formError} />
          <Button
            type="submit"
            size="lg"
            className="w-full text-[15px]"
            loading={isSubmitting}
            icon={<MailCheck className="size-4" aria-hidden="true" />}
          >
            Send code
          </Button>
          <p className="text-center text-xs text-ink-400">
            Already have a code?{" "}
            <Link to={paths.reset} className={authLinkClass}>
              Enter it here
            </Link>
          </p>
        </form>
      )}
    </AuthLayout>
  );
}
