import { zodResolver } from "@hookform/resolvers/zod";
import { emailField, loginBodySchema } from "@reverie/shared";
import { MailCheck } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link } from "react-router";
import type { z } from "zod";
import { EmailField, FormError, PasswordField } from "@/components/ui/account-fields";
import { Button } from "@/components/ui/button";
import { Notice } from "@/components/ui/notice";
import { paths } from "@/config/paths";
import { storage } from "@/lib/storage";
import { useLogin } from "../api/login";
import { useSendSignInLink } from "../api/send-sign-in-link";
import { useCompleteSignIn } from "../hooks/use-complete-sign-in";
import { describeAuthError } from "../utils/auth-errors";
import { isSafeReturnUrl } from "../utils/return-url";
import { authLinkClass } from "./auth-layout";

type LoginInput = z.input<typeof loginBodySchema>;
type LoginOutput = z.output<typeof loginBodySchema>;

/** Email + password, with "Forgot password?" and "Email me a sign-in link" (uses the same email). */
export function LoginForm({ defaultEmail = "" }: { defaultEmail?: string }) {
  const form = useForm<LoginInput, unknown, LoginOutput>({
    resolver: zodResolver(loginBodySchema),
    defaultValues: { email: defaultEmail, password: "" },
  });
  const { errors, isSubmitting } = form.formState;
  const login = useLogin();
  const sendLink = useSendSignInLink();
  const completeSignIn = useCompleteSignIn();
  const [formError, setFormError] = useState<string | null>(null);
  const [linkSentTo, setLinkSentTo] = useState<string | null>(null);

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    setLinkSentTo(null);
    try {
      await completeSignIn(await login.mutateAsync(values));
    } catch (error) {
      setFormError(describeAuthError(error, "login").message);
    }
  });

  async function onSendLink() {
    setFormError(null);
    setLinkSentTo(null);
    form.clearErrors("password");
    if (!(await form.trigger("email"))) {
      form.setFocus("email");
      return;
    }
    const email = emailField.safeParse(form.getValues("email"));
    if (!email.success) return;
    const returnUrl = storage.get("returnUrl") ?? storage.get("authReturnUrl");
    try {
      await sendLink.mutateAsync({
        email: email.data,
        ...(isSafeReturnUrl(returnUrl) ? { returnUrl } : {}),
      });
      setLinkSentTo(email.data);
    } catch (error) {
      setFormError(describeAuthError(error, "magic-link").message);
    }
  }

  const busy = isSubmitting || sendLink.isPending;

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4" data-testid="login-form">
      <EmailField error={errors.email?.message} {...form.register("email")} />
      <PasswordField
        purpose="current"
        error={errors.password?.message}
        aside={
          <Link to={paths.restore} className={`${authLinkClass} text-xs`}>
            Forgot password?
          </Link>
        }
        {...form.register("password")}
      />
      <FormError message={formError} />
      {linkSentTo ? (
        <Notice tone="success" testId="sign-in-link-sent">
          Check your inbox. We've sent a sign-in link to <strong className="break-all">{linkSentTo}</strong>.
          Open it on this device to sign in.
        </Notice>
      ) : null}
      <Button type="submit" size="lg" className="w-full text-[15px]" loading={isSubmitting} disabled={busy}>
        Sign in
      </Button>
      <Button
        variant="ghost"
        size="md"
        className="w-full"
        onClick={onSendLink}
        loading={sendLink.isPending}
        disabled={busy}
        icon={<MailCheck className="size-4" aria-hidden="true" />}
      >
        Email me a sign-in link
      </Button>
    </form>
  );
}
