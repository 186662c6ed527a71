import { ShieldCheck } from "lucide-react";
import type { FormEvent } from "react";
import { formatVerificationCode } from "../utils/card-input";
import { CardField } from "./card-field";
import { PayButton } from "./card-form";

interface VerificationStepProps {
  code: string;
  onChange: (code: string) => void;
  onSubmit: () => void;
  onUseAnotherCard: () => void;
  busy: boolean;
  /** the card's message asking for the code */
  message: string;
}

/** The extra step a card may ask for: a one-time code (the test code is 123456). */
export function VerificationStep({
  code,
  onChange,
  onSubmit,
  onUseAnotherCard,
  busy,
  message,
}: VerificationStepProps) {
  function submit(event: FormEvent) {
    event.preventDefault();
    onSubmit();
  }

  return (
    <form noValidate onSubmit={submit} className="space-y-4" aria-labelledby="verification-title">
      <div className="flex items-start gap-3 rounded-lg border border-indigo-200 bg-indigo-50 p-4 text-sm text-indigo-950">
        <ShieldCheck className="mt-0.5 size-5 shrink-0 text-indigo-600" aria-hidden="true" />
        <div>
          <h2 id="verification-title" className="font-semibold">
            Verify it's you
          </h2>
          <p className="mt-1">{message}</p>
        </div>
      </div>
      <CardField
        label="One-time code"
        name="one-time-code"
        inputMode="numeric"
        autoComplete="one-time-code"
        placeholder="123456"
        hint="In test mode the code is 123456; any other code fails."
        value={code}
        autoFocus
        onChange={(event) => onChange(formatVerificationCode(event.target.value))}
        data-testid="verification-code"
      />
      <PayButton busy={busy} testId="verify-button">
        Verify and pay
      </PayButton>
      <button
        type="button"
        onClick={onUseAnotherCard}
        className="w-full text-center text-sm font-medium text-indigo-700 hover:underline"
      >
        Use another card
      </button>
    </form>
  );
}
