import { ChevronDown } from "lucide-react";
import { type SelectHTMLAttributes, useId } from "react";
import { cn } from "@/lib/cn";

/** A native select, styled to match (native keeps mobile pickers and accessibility). */
export function Select({ className, children, ...props }: SelectHTMLAttributes<HTMLSelectElement>) {
  return (
    <span className={cn("relative inline-flex", className)}>
      <select
        className="h-10 w-full appearance-none rounded-full border border-white/10 bg-ink-900/80 pr-10 pl-4 text-sm text-ink-100 transition hover:border-white/20 focus-visible:outline-2 focus-visible:outline-coral-400 [&>option]:bg-ink-900"
        {...props}
      >
        {children}
      </select>
      <ChevronDown
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 right-3.5 size-4 -translate-y-1/2 text-ink-400"
      />
    </span>
  );
}

/** A select with its label above it, laid out like a TextField in a form or a filter row. */
export function SelectField({
  label,
  note,
  id,
  className,
  ...props
}: SelectHTMLAttributes<HTMLSelectElement> & { label: string; note?: string | undefined }) {
  const generatedId = useId();
  const selectId = id ?? generatedId;
  return (
    <div className={cn("flex flex-col gap-1.5", className)}>
      <label htmlFor={selectId} className="text-sm font-medium text-ink-200">
        {label}
      </label>
      <Select id={selectId} className="w-full [&>select]:h-12 [&>select]:rounded-2xl" {...props} />
      {note ? <p className="text-xs text-ink-400">{note}</p> : null}
    </div>
  );
}
