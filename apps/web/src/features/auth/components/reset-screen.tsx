import { zodResolver } from "@hookform/resolvers/zod";
import { FORM_MESSAGES, resetBodySchema } from "@reverie/shared";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link, useNavigate, useSearchParams } from "react-router";
import { z } from "zod";
import { FormError, NewPasswordFields } from "@/components/ui/account-fields";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/text-field";
import { paths } from "@/config/paths";
import { useResetPassword } from "../api/reset-password";
import { describeAuthError } from "../utils/auth-errors";
import { AuthLayout, authLinkClass } from "./auth-layout";
import type { LoginNotice } from "./login-screen";

const PASSWORDS_DIFFER = "Passwords don't match.";

const resetFormSchema = resetBodySchema
  .extend({ confirmPassword: z.string().min(1, FORM_MESSAGES.required("Repeat password")) })
  .refine((values) => values.newPassword === values.confirmPassword, {
    path: ["confirmPassword"],
    error: PASSWORDS_DIFFER,
  });
type ResetInput = z.input<typeof resetFormSchema>;
type ResetOutput = z.output<typeof resetFormSchema>;

/** /reset: the emailed code (prefilled from the link's `?oobCode`) and a new password. */
export function ResetScreen() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const form = useForm<ResetInput, unknown, ResetOutput>({
    resolver: zodResolver(resetFormSchema),
    defaultValues: {
      oobCode: searchParams.get("oobCode")?.trim() ?? "",
      newPassword: "",
      confirmPassword: "",
    },
  });
  const { errors, isSubmitting } = form.formState;
  const reset = useResetPassword();
  const [formError, setFormError] = useState<string | null>(null);

  const onSubmit = form.handleSubmit(async ({ oobCode, newPassword }) => {
    setFormError(null);
    try {
      await reset.mutateAsync({ oobCode: oobCode.trim(), newPassword });
      const notice: LoginNotice = "password-reset";
      navigate(paths.login, { replace: true, state: { notice } });
    } catch (error) {
      setFormError(describeAuthError(error, "reset").message);
    }
  });

  return (
    <AuthLayout
      title="Set a new password"
      description="Enter the code from the email we sent you and choose a new password."
      testId="reset-screen"
      footer={
        <>
          No code yet?{" "}
          <Link to={paths.restore} className={authLinkClass}>
            Send me one
          </Link>
        </>
      }
    >
      <form noValidate onSubmit={onSubmit} className="space-y-4" data-testid="reset-form">
        <TextField
          label="Code"
          autoComplete="one-time-code"
          spellCheck={false}
          autoCapitalize="off"
          error={errors.oobCode?.message}
          {...form.register("oobCode")}
        />
        <NewPasswordFields register={form.register} errors={errors} />
        <FormError message={formError} />
        <Button type="submit" size="lg" className="w-full text-[15px]" loading={isSubmitting}>
          Set new password
        </Button>
      </form>
    </AuthLayout>
  );
}
