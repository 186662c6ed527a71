import { CUSTOM_LIMITS } from "@reverie/shared";
import { useId } from "react";
import { cn } from "@/lib/cn";

/**
 * The free-text description, with its count; `error` is a problem of the text itself or the
 * server's refusal of the definition (moderation), shown right under it.
 */
export function DescriptionField({
  value,
  onChange,
  error,
  label = "Description",
}: {
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  label?: string;
}) {
  const id = useId();
  const noteId = `${id}-note`;
  const hintId = `${id}-hint`;
  const countId = `${id}-count`;
  const over = value.trim().length > CUSTOM_LIMITS.descriptionMaxLength;
  return (
    <div className="space-y-1.5">
      <div className="flex items-baseline justify-between gap-3">
        <label htmlFor={id} className="text-sm font-medium text-ink-200">
          {label}
        </label>
        <span className="text-xs text-ink-400">Optional</span>
      </div>
      <textarea
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        rows={5}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${error ? noteId : hintId} ${countId}`}
        placeholder="Their backstory, how they talk, what they care about…"
        data-testid="character-description"
        className={cn(
          "w-full resize-y rounded-2xl border bg-ink-900/80 px-4 py-3 text-[15px] leading-relaxed text-ink-100 transition placeholder:text-ink-500 hover:border-white/20 focus:border-coral-400/70 focus:outline-none focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-coral-400/40",
          error ? "border-coral-500/70" : "border-white/10",
        )}
      />
      <div className="flex items-start justify-between gap-3">
        {error ? (
          <p id={noteId} role="alert" className="text-sm text-coral-300" data-testid="description-error">
            {error}
          </p>
        ) : (
          <p id={hintId} className="text-xs text-ink-400">
            Everything here shapes how they write to you. Characters are always adults.
          </p>
        )}
        <p
          id={countId}
          className={cn("shrink-0 text-xs tabular-nums", over ? "text-coral-300" : "text-ink-500")}
        >
          {value.trim().length}/{CUSTOM_LIMITS.descriptionMaxLength}
        </p>
      </div>
    </div>
  );
}
