import type { Gender, User } from "@reverie/shared";
import { Check } from "lucide-react";
import { useState } from "react";
import { Notice } from "@/components/ui/notice";
import { Spinner } from "@/components/ui/spinner";
import { GENDER_TABS } from "@/config/genders";
import { cn } from "@/lib/cn";
import { storage } from "@/lib/storage";
import { useUpdateUser } from "../api/update-user";
import { settingsErrorMessage } from "../utils/error-message";

/** The account's gender choice (which characters to show first). Saved as soon as one is picked. */
export function GenderChoice({ user }: { user: User }) {
  const update = useUpdateUser();
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);
  const selected = update.isPending ? update.variables?.gender_choice : user.gender_choice;

  async function choose(gender: Gender) {
    setResult(null);
    try {
      await update.mutateAsync({ gender_choice: gender });
      // The stored interest drives the catalog's default category on this device.
      storage.set("genderChoice", gender);
      setResult({ ok: true, message: "Saved. Your home screen now starts there." });
    } catch (error) {
      setResult({ ok: false, message: settingsErrorMessage(error, "gender choice") });
    }
  }

  return (
    <div className="space-y-4">
      <div
        role="radiogroup"
        aria-label="Gender choice"
        data-testid="gender-choice"
        className="grid grid-cols-2 gap-2.5 sm:grid-cols-4"
      >
        {GENDER_TABS.map((option) => {
          const checked = selected === option.value;
          return (
            <label
              key={option.value}
              className={cn(
                "relative flex h-14 cursor-pointer items-center justify-center gap-2 rounded-2xl border px-3 text-sm font-medium transition has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-coral-400",
                checked
                  ? "border-coral-400/60 bg-coral-500/15 text-white shadow-glow"
                  : "border-white/10 bg-ink-900/60 text-ink-200 hover:border-white/20 hover:bg-white/5",
              )}
            >
              <input
                type="radio"
                name="gender_choice"
                value={option.value}
                checked={checked}
                disabled={update.isPending}
                onChange={() => choose(option.value)}
                className="sr-only"
              />
              {checked && update.isPending ? (
                <Spinner size="sm" label={null} />
              ) : checked ? (
                <Check className="size-4 text-coral-300" aria-hidden="true" />
              ) : null}
              {option.label}
            </label>
          );
        })}
      </div>
      {result ? (
        <Notice tone={result.ok ? "success" : "error"} testId="gender-choice-result">
          {result.message}
        </Notice>
      ) : null}
    </div>
  );
}
