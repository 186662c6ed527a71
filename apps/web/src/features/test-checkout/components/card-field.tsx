import { type InputHTMLAttributes, useId } from "react";
import { cn } from "@/lib/cn";

interface CardFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  error?: string | undefined;
  hint?: string;
}

/** A labelled input of the hosted payment page (its own light look, as a provider's page has). */
export function CardField({ label, error, hint, className, id, ...props }: CardFieldProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const noteId = `${inputId}-note`;
  const note = error ?? hint;
  return (
    <div className={cn("space-y-1.5", className)}>
      <label htmlFor={inputId} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <input
        id={inputId}
        aria-invalid={error ? true : undefined}
        aria-describedby={note ? noteId : undefined}
        className={cn(
          "h-11 w-full rounded-lg border bg-white px-3.5 text-[15px] text-slate-900 shadow-sm transition placeholder:text-slate-400 focus:border-indigo-500 focus:outline-none focus-visible:ring-3 focus-visible:ring-indigo-500/25 disabled:bg-slate-50",
          error ? "border-red-500" : "border-slate-300",
        )}
        {...props}
      />
      {error ? (
        <p id={noteId} className="text-sm text-red-600">
          {error}
        </p>
      ) : hint ? (
        <p id={noteId} className="text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
