import { MESSAGE_MAX_LENGTH } from "@reverie/shared";
import { Send } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { MediaImage } from "@/components/media/media-image";
import { Button } from "@/components/ui/button";
import { Notice } from "@/components/ui/notice";
import { isApiError } from "@/lib/api-client";

export interface HelloCharacter {
  name: string;
  /** a portrait; none while a built character's is still being drawn */
  avatarUrl?: string | null;
  /** the character's own opening line, shown above the user's */
  greeting?: string | null;
}

/**
 * The last step: the character, and a suggested first message the user can edit. Sending hands the
 * text to `onSend` (which opens the chat and sends it); a failure it does not handle is shown here.
 */
export function SayHello({
  character,
  suggestion,
  onSend,
}: {
  character: HelloCharacter;
  suggestion: string;
  /** resolves once sent (or handled, e.g. by a paywall); rejects with an error to show */
  onSend: (text: string) => Promise<void>;
}) {
  const [text, setText] = useState(suggestion);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const fieldId = useId();
  const trimmed = text.trim();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!trimmed || pending) return;
    setError(null);
    setPending(true);
    try {
      await onSend(trimmed);
    } catch (cause) {
      setError(isApiError(cause) ? cause.message : "Your message could not be sent. Please try again.");
    } finally {
      setPending(false);
    }
  }

  return (
    <form onSubmit={submit} className="space-y-5" data-testid="say-hello">
      <div className="flex items-start gap-3 sm:gap-4">
        <div className="size-14 shrink-0 overflow-hidden rounded-2xl border border-white/10 bg-gradient-to-br from-coral-500/40 to-violet-500/30 sm:size-16">
          {character.avatarUrl ? (
            <MediaImage src={character.avatarUrl} alt="" ratio={1} priority />
          ) : (
            <span
              aria-hidden="true"
              className="grid size-full place-items-center font-display text-2xl text-white"
            >
              {character.name.trim().charAt(0).toUpperCase() || "?"}
            </span>
          )}
        </div>
        <div className="min-w-0 flex-1 space-y-2">
          <p className="font-display text-xl text-ink-100" data-testid="hello-character-name">
            {character.name}
          </p>
          {character.greeting ? (
            <p className="rounded-2xl rounded-tl-md border border-white/[0.06] bg-ink-800 px-4 py-3 text-sm text-ink-200">
              {character.greeting}
            </p>
          ) : null}
        </div>
      </div>
      <div className="space-y-1.5">
        <label htmlFor={fieldId} className="text-sm font-medium text-ink-200">
          Your first message
        </label>
        <textarea
          id={fieldId}
          value={text}
          onChange={(event) => setText(event.target.value)}
          maxLength={MESSAGE_MAX_LENGTH}
          rows={3}
          data-testid="hello-message"
          className="block w-full resize-y rounded-2xl border border-white/10 bg-ink-850 px-4 py-3 text-base text-ink-100 placeholder:text-ink-500 focus:border-coral-400/70 focus:outline-none focus-visible:ring-2 focus-visible:ring-coral-400/40"
        />
        <p className="text-xs text-ink-400">Edit it as you like: it is sent as your first message.</p>
      </div>
      {error ? (
        <Notice tone="error" testId="hello-error">
          {error}
        </Notice>
      ) : null}
      <Button
        type="submit"
        size="lg"
        className="w-full sm:w-auto"
        loading={pending}
        disabled={!trimmed}
        icon={<Send className="size-4" aria-hidden="true" />}
        data-testid="hello-send"
      >
        Say hello
      </Button>
    </form>
  );
}
