import { type InputHTMLAttributes, type ReactNode, type Ref, useId } from "react";
import { cn } from "@/lib/cn";

export interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  /** Visible label; also the input's accessible name. */
  label: string;
  /** A validation message, shown under the input with role="alert". */
  error?: string;
  /** Help text under the input while there is no error. */
  hint?: ReactNode;
  /** Shown on the label's line, right-aligned, outside the label (a "Forgot password?" link). */
  aside?: ReactNode;
  optional?: boolean;
  ref?: Ref<HTMLInputElement>;
}

/** A labelled text input with its validation message; spreads react-hook-form's `register()`. */
export function TextField({
  label,
  error,
  hint,
  aside,
  optional = false,
  className,
  id,
  ref,
  ...props
}: TextFieldProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const noteId = `${inputId}-note`;
  const note = error ?? hint;

  return (
    <div className={cn("space-y-1.5", className)}>
      <div className="flex items-baseline justify-between gap-3">
        <label htmlFor={inputId} className="text-sm font-medium text-ink-200">
          {label}
        </label>
        {optional ? <span className="text-xs text-ink-400">Optional</span> : null}
        {aside}
      </div>
      <input
        ref={ref}
        id={inputId}
        aria-invalid={error ? true : undefined}
        aria-describedby={note ? noteId : undefined}
        className={cn(
          "h-12 w-full rounded-2xl border bg-ink-900/80 px-4 text-[15px] text-ink-100 transition placeholder:text-ink-500 hover:border-white/20 focus:border-coral-400/70 focus:outline-none focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-coral-400/40 disabled:opacity-60",
          error ? "border-coral-500/70" : "border-white/10",
        )}
        {...props}
      />
      {error ? (
        <p id={noteId} role="alert" className="text-sm text-coral-300">
          {error}
        </p>
      ) : hint ? (
        <p id={noteId} className="text-xs text-ink-400">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
