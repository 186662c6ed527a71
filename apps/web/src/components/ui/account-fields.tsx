import type { UseFormRegisterReturn } from "react-hook-form";
import { Notice } from "./notice";
import { TextField, type TextFieldProps } from "./text-field";

type FieldProps = Omit<TextFieldProps, "label" | "type"> & { label?: string };

/** The email field of the sign-in, sign-up and code forms: the browser's email keyboard and autofill. */
export function EmailField({ label = "Email", ...props }: FieldProps) {
  return (
    <TextField
      label={label}
      type="email"
      autoComplete="email"
      inputMode="email"
      placeholder="you@example.com"
      {...props}
    />
  );
}

/**
 * A password field. `current`: the password the account has (autofilled); `new`: one being chosen
 * (with the rule as a hint); `repeat`: the new one again. Password managers tell them apart by
 * `autoComplete`.
 */
export function PasswordField({
  purpose,
  label = purpose === "repeat" ? "Repeat password" : "Password",
  ...props
}: FieldProps & { purpose: "current" | "new" | "repeat" }) {
  return (
    <TextField
      label={label}
      type="password"
      autoComplete={purpose === "current" ? "current-password" : "new-password"}
      hint={purpose === "new" ? "At least 6 characters." : undefined}
      {...props}
    />
  );
}

/**
 * Choosing a new password: the new one (with the rule as a hint) and the same again, for the reset
 * screen and Settings. `className` lays the pair out (one column, or side by side).
 */
export function NewPasswordFields({
  register,
  errors,
  className,
}: {
  register: (name: "newPassword" | "confirmPassword") => UseFormRegisterReturn;
  errors: { newPassword?: { message?: string }; confirmPassword?: { message?: string } };
  className?: string;
}) {
  const fields = (
    <>
      <PasswordField
        purpose="new"
        label="New password"
        error={errors.newPassword?.message}
        {...register("newPassword")}
      />
      <PasswordField
        purpose="repeat"
        error={errors.confirmPassword?.message}
        {...register("confirmPassword")}
      />
    </>
  );
  return className ? <div className={className}>{fields}</div> : fields;
}

/** A first-name field (the name characters call the user by). */
export function FirstNameField({ label = "First name", ...props }: FieldProps) {
  return <TextField label={label} autoComplete="given-name" {...props} />;
}

/** A form's own error (not a field's), announced; nothing while there is none. */
export function FormError({
  message,
  testId = "form-error",
}: {
  message: string | null | undefined;
  testId?: string;
}) {
  return message ? (
    <Notice tone="error" testId={testId}>
      {message}
    </Notice>
  ) : null;
}
