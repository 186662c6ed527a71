import { CreditCard, Lock } from "lucide-react";
import type { FormEvent } from "react";
import {
  type CardDetails,
  type CardErrors,
  formatCardNumber,
  formatCvc,
  formatExpiry,
} from "../utils/card-input";
import { BusyRing } from "./busy-ring";
import { CardField } from "./card-field";

interface CardFormProps {
  card: CardDetails;
  errors: CardErrors;
  onChange: (card: CardDetails) => void;
  onSubmit: () => void;
  busy: boolean;
  /** "$29.99" */
  amount: string;
}

/** Card number (grouped by four), expiry (MM/YY), security code and name, and the Pay button. */
export function CardForm({ card, errors, onChange, onSubmit, busy, amount }: CardFormProps) {
  function submit(event: FormEvent) {
    event.preventDefault();
    onSubmit();
  }

  return (
    <form noValidate onSubmit={submit} className="space-y-4" aria-label="Card details">
      <div className="relative">
        <CardField
          label="Card number"
          name="cardnumber"
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="1234 1234 1234 1234"
          value={card.number}
          error={errors.number}
          onChange={(event) => onChange({ ...card, number: formatCardNumber(event.target.value) })}
          data-testid="card-number"
        />
        <CreditCard
          className="pointer-events-none absolute top-[2.35rem] right-3.5 size-5 text-slate-400"
          aria-hidden="true"
        />
      </div>
      <div className="grid grid-cols-2 gap-3">
        <CardField
          label="Expiry"
          name="exp-date"
          inputMode="numeric"
          autoComplete="cc-exp"
          placeholder="MM/YY"
          value={card.expiry}
          error={errors.expiry}
          onChange={(event) => onChange({ ...card, expiry: formatExpiry(event.target.value, card.expiry) })}
          data-testid="card-expiry"
        />
        <CardField
          label="Security code"
          name="cvc"
          inputMode="numeric"
          autoComplete="cc-csc"
          placeholder="CVC"
          value={card.cvc}
          error={errors.cvc}
          onChange={(event) => onChange({ ...card, cvc: formatCvc(event.target.value) })}
          data-testid="card-cvc"
        />
      </div>
      <CardField
        label="Name on card"
        name="ccname"
        autoComplete="cc-name"
        placeholder="Full name"
        value={card.name}
        error={errors.name}
        maxLength={100}
        onChange={(event) => onChange({ ...card, name: event.target.value })}
        data-testid="card-name"
      />
      <PayButton busy={busy} testId="pay-button">
        {`Pay ${amount}`}
      </PayButton>
    </form>
  );
}

/** The hosted page's main button. */
export function PayButton({ busy, testId, children }: { busy: boolean; testId: string; children: string }) {
  return (
    <button
      type="submit"
      disabled={busy}
      aria-busy={busy || undefined}
      className="flex h-12 w-full items-center justify-center gap-2 rounded-lg bg-indigo-600 text-base font-semibold text-white shadow-sm transition hover:bg-indigo-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 disabled:opacity-70"
      data-testid={testId}
    >
      {busy ? <BusyRing /> : <Lock className="size-4" aria-hidden="true" />}
      {busy ? "Processing…" : children}
    </button>
  );
}
