import { zodResolver } from "@hookform/resolvers/zod";
import { nameField, type User } from "@reverie/shared";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { FirstNameField } from "@/components/ui/account-fields";
import { Button } from "@/components/ui/button";
import { Notice } from "@/components/ui/notice";
import { TextField } from "@/components/ui/text-field";
import { useUpdateUser } from "../api/update-user";
import { settingsErrorMessage } from "../utils/error-message";

const profileSchema = z.object({ first_name: nameField("First name"), last_name: nameField("Last name") });
type ProfileInput = z.input<typeof profileSchema>;
type ProfileOutput = z.output<typeof profileSchema>;

export function ProfileForm({ user }: { user: User }) {
  const form = useForm<ProfileInput, unknown, ProfileOutput>({
    resolver: zodResolver(profileSchema),
    defaultValues: { first_name: user.first_name ?? "", last_name: user.last_name ?? "" },
  });
  const { errors, isSubmitting } = form.formState;
  const update = useUpdateUser();
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);

  const onSubmit = form.handleSubmit(async (values) => {
    setResult(null);
    try {
      const saved = await update.mutateAsync(values);
      form.reset({ first_name: saved.first_name ?? "", last_name: saved.last_name ?? "" });
      setResult({ ok: true, message: "Profile saved." });
    } catch (error) {
      setResult({ ok: false, message: settingsErrorMessage(error, "profile") });
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4" data-testid="profile-form">
      <div className="grid gap-4 sm:grid-cols-2">
        <FirstNameField error={errors.first_name?.message} {...form.register("first_name")} />
        <TextField
          label="Last name"
          autoComplete="family-name"
          error={errors.last_name?.message}
          {...form.register("last_name")}
        />
      </div>
      {result ? (
        <Notice tone={result.ok ? "success" : "error"} testId="profile-result">
          {result.message}
        </Notice>
      ) : null}
      <Button type="submit" loading={isSubmitting}>
        Save profile
      </Button>
    </form>
  );
}
