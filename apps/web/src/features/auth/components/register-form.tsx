import { zodResolver } from "@hookform/resolvers/zod";
import { registerBodySchema } from "@reverie/shared";
import { useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { EmailField, FirstNameField, FormError, PasswordField } from "@/components/ui/account-fields";
import { Button } from "@/components/ui/button";
import { parseGender } from "@/hooks/use-gender-preference";
import { ANALYTICS_EVENTS, track } from "@/lib/analytics";
import { storage } from "@/lib/storage";
import { type RegisterBody, useRegister } from "../api/register";
import { useCompleteSignIn } from "../hooks/use-complete-sign-in";
import { describeAuthError } from "../utils/auth-errors";

const registerFormSchema = registerBodySchema.pick({ email: true, password: true, first_name: true });
type RegisterInput = z.input<typeof registerFormSchema>;
type RegisterOutput = z.output<typeof registerFormSchema>;

/** What the visitor chose before signing up: the interest and the ad sub id (which records the lead). */
function storedSignUpContext(): Pick<RegisterBody, "gender_choice" | "subid"> {
  const gender = parseGender(storage.get("genderChoice"));
  const subid = storage.get("subid");
  return {
    ...(gender ? { gender_choice: gender } : {}),
    // the server keeps only a sane one and never refuses sign-up over it
    ...(subid ? { subid } : {}),
  };
}

export function RegisterForm() {
  const form = useForm<RegisterInput, unknown, RegisterOutput>({
    resolver: zodResolver(registerFormSchema),
    defaultValues: { email: "", password: "", first_name: "" },
  });
  const { errors, isSubmitting } = form.formState;
  const register = useRegister();
  const completeSignIn = useCompleteSignIn();
  const [formError, setFormError] = useState<string | null>(null);

  const onSubmit = form.handleSubmit(async ({ email, password, first_name }) => {
    setFormError(null);
    try {
      const result = await register.mutateAsync({
        email,
        password,
        ...(first_name ? { first_name } : {}),
        ...storedSignUpContext(),
      });
      await completeSignIn({ ...result, signUp: true, leadRecorded: true });
      track(ANALYTICS_EVENTS.signUpCompleted, { method: "email" });
    } catch (error) {
      const view = describeAuthError(error, "register");
      if (view.field) {
        form.setError(view.field, { type: "server", message: view.message }, { shouldFocus: true });
      } else {
        setFormError(view.message);
      }
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4" data-testid="register-form">
      <EmailField error={errors.email?.message} {...form.register("email")} />
      <PasswordField purpose="new" error={errors.password?.message} {...form.register("password")} />
      <FirstNameField
        optional
        hint="What your characters will call you."
        error={errors.first_name?.message}
        {...form.register("first_name")}
      />
      <FormError message={formError} />
      <Button type="submit" size="lg" className="w-full text-[15px]" loading={isSubmitting}>
        Create account
      </Button>
    </form>
  );
}
