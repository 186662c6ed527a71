import { useId } from "react";
import { ChipButton } from "@/components/ui/chip";
import { cn } from "@/lib/cn";
import { PROMPT_MAX_LENGTH, PROMPT_SUGGESTIONS, withSuggestion } from "../utils/prompt";

interface PromptFieldProps {
  value: string;
  onChange: (value: string) => void;
  /** shown under the field (a missing description, a prompt moderation refused) */
  error: string | null;
  disabled?: boolean;
}

/** What the picture shows, with scenes to add as chips and the characters left. */
export function PromptField({ value, onChange, error, disabled = false }: PromptFieldProps) {
  const id = useId();
  const noteId = `${id}-note`;
  const counterId = `${id}-counter`;
  const left = PROMPT_MAX_LENGTH - value.length;

  return (
    <div className="space-y-2.5">
      <div className="flex items-baseline justify-between gap-3">
        <label htmlFor={id} className="text-sm font-medium text-ink-200">
          Describe the picture
        </label>
        <span
          id={counterId}
          className={cn("text-xs tabular-nums", left < 50 ? "text-coral-300" : "text-ink-500")}
        >
          <span aria-hidden="true">
            {value.length}/{PROMPT_MAX_LENGTH}
          </span>
          <span className="sr-only">{left} characters left</span>
        </span>
      </div>
      <textarea
        id={id}
        data-testid="image-prompt"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        maxLength={PROMPT_MAX_LENGTH}
        rows={4}
        disabled={disabled}
        placeholder="Smiling in a summer dress, golden hour light…"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${noteId} ${counterId}` : counterId}
        className={cn(
          "block w-full resize-y rounded-2xl border bg-ink-900/80 px-4 py-3 text-[15px] text-ink-100 transition placeholder:text-ink-500 hover:border-white/20 focus:border-coral-400/70 focus:outline-none focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-coral-400/40 disabled:opacity-60",
          error ? "border-coral-500/70" : "border-white/10",
        )}
      />
      {error ? (
        <p id={noteId} role="alert" className="text-sm text-coral-300" data-testid="image-prompt-error">
          {error}
        </p>
      ) : null}
      <ul className="flex flex-wrap gap-2" aria-label="Add a scene">
        {PROMPT_SUGGESTIONS.map((suggestion) => (
          <li key={suggestion}>
            <ChipButton
              disabled={disabled}
              onClick={() => onChange(withSuggestion(value, suggestion))}
              data-testid="prompt-suggestion"
              className="px-3 py-1.5 text-xs"
            >
              {suggestion}
            </ChipButton>
          </li>
        ))}
      </ul>
    </div>
  );
}
