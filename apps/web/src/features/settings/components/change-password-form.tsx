import { zodResolver } from "@hookform/resolvers/zod";
import { changePasswordBodySchema, FORM_MESSAGES } from "@reverie/shared";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { NewPasswordFields, PasswordField } from "@/components/ui/account-fields";
import { Button } from "@/components/ui/button";
import { Notice } from "@/components/ui/notice";
import { useChangePassword } from "../api/change-password";
import { settingsErrorMessage } from "../utils/error-message";

const changePasswordFormSchema = changePasswordBodySchema
  .extend({ confirmPassword: z.string().min(1, FORM_MESSAGES.required("Repeat password")) })
  .refine((values) => values.newPassword === values.confirmPassword, {
    path: ["confirmPassword"],
    error: "Passwords don't match.",
  });
type ChangePasswordInput = z.input<typeof changePasswordFormSchema>;
type ChangePasswordOutput = z.output<typeof changePasswordFormSchema>;

const EMPTY: ChangePasswordInput = { currentPassword: "", newPassword: "", confirmPassword: "" };

export function ChangePasswordForm() {
  const form = useForm<ChangePasswordInput, unknown, ChangePasswordOutput>({
    resolver: zodResolver(changePasswordFormSchema),
    defaultValues: EMPTY,
  });
  const { errors, isSubmitting } = form.formState;
  const change = useChangePassword();
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);

  const onSubmit = form.handleSubmit(async ({ currentPassword, newPassword }) => {
    setResult(null);
    try {
      const answer = await change.mutateAsync({ currentPassword, newPassword });
      form.reset(EMPTY);
      setResult({ ok: true, message: answer.message || "Your password has been changed." });
    } catch (error) {
      setResult({ ok: false, message: settingsErrorMessage(error, "change password") });
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4" data-testid="change-password-form">
      <PasswordField
        purpose="current"
        label="Current password"
        error={errors.currentPassword?.message}
        {...form.register("currentPassword")}
      />
      <NewPasswordFields register={form.register} errors={errors} className="grid gap-4 sm:grid-cols-2" />
      {result ? (
        <Notice tone={result.ok ? "success" : "error"} testId="change-password-result">
          {result.message}
        </Notice>
      ) : null}
      <Button type="submit" loading={isSubmitting}>
        Change password
      </Button>
    </form>
  );
}
