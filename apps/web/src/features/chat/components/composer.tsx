import { MESSAGE_MAX_LENGTH } from "@reverie/shared";
import { Send, Sparkles } from "lucide-react";
import {
  type Dispatch,
  type FormEvent,
  type KeyboardEvent,
  type ReactNode,
  type SetStateAction,
  useLayoutEffect,
  useRef,
} from "react";
import { ChipButton } from "@/components/ui/chip";
import { cn } from "@/lib/cn";

interface ComposerProps {
  name: string;
  /** off while the character is typing or making a picture */
  canSend: boolean;
  suggestion: string | null;
  realistic: boolean;
  /** what the server calls the non-anime style: "Realistic" for photographs, "Illustration" offline */
  realisticLabel: string;
  onRealisticChange: (realistic: boolean) => void;
  /** the text being written (the chat keeps it across visits, see use-chat-draft) */
  text: string;
  onTextChange: Dispatch<SetStateAction<string>>;
  /** what is left to write with (a free-plan user's free messages or tokens), under the box */
  allowance?: ReactNode;
  /** resolves false when the message was not accepted: the text is kept for another try */
  onSend: (text: string) => Promise<boolean>;
}

/** The message box: Enter sends, Shift+Enter adds a line; the text comes back if sending fails. */
export function Composer({
  name,
  canSend,
  suggestion,
  realistic,
  realisticLabel,
  onRealisticChange,
  text,
  onTextChange: setText,
  allowance,
  onSend,
}: ComposerProps) {
  const textarea = useRef<HTMLTextAreaElement>(null);
  const trimmed = text.trim();
  const tooLong = text.length > MESSAGE_MAX_LENGTH;
  const sendable = canSend && trimmed.length > 0 && !tooLong;

  // grow with the text, up to a few lines
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-measure whenever the text changes
  useLayoutEffect(() => {
    const element = textarea.current;
    if (!element) return;
    element.style.height = "auto";
    element.style.height = `${Math.min(element.scrollHeight, 160)}px`;
  }, [text]);

  async function submit(value: string) {
    if (!canSend || !value.trim() || value.length > MESSAGE_MAX_LENGTH) return;
    setText("");
    const accepted = await onSend(value.trim());
    if (!accepted) setText((current) => current || value);
    textarea.current?.focus();
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    void submit(text);
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void submit(text);
    }
  }

  return (
    <div className="space-y-2.5 border-t border-white/[0.06] bg-ink-850/80 p-3 sm:p-4" data-private>
      <div className="flex flex-wrap items-center gap-2">
        {suggestion ? (
          <ChipButton
            data-testid="suggestion-chip"
            disabled={!canSend}
            onClick={() => void submit(suggestion)}
          >
            <Sparkles className="size-3.5 text-coral-300" aria-hidden="true" />
            {suggestion}
          </ChipButton>
        ) : null}
        <label className="ml-auto inline-flex cursor-pointer items-center gap-2 text-xs text-ink-300 select-none">
          <span>Picture style</span>
          <button
            type="button"
            role="switch"
            aria-checked={realistic}
            data-testid="realistic-toggle"
            onClick={() => onRealisticChange(!realistic)}
            className="inline-flex h-7 items-center rounded-full border border-white/10 bg-ink-900 p-0.5 text-[11px] font-medium"
          >
            <span
              className={cn(
                "rounded-full px-2 py-1 transition",
                realistic ? "bg-white/10 text-white" : "text-ink-400",
              )}
            >
              {realisticLabel}
            </span>
            <span
              className={cn(
                "rounded-full px-2 py-1 transition",
                realistic ? "text-ink-400" : "bg-white/10 text-white",
              )}
            >
              Anime
            </span>
          </button>
        </label>
      </div>
      <form className="flex items-end gap-2" onSubmit={onSubmit}>
        <label htmlFor="chat-composer" className="sr-only">
          Message {name}
        </label>
        <textarea
          id="chat-composer"
          ref={textarea}
          rows={1}
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
          placeholder={`Message ${name}…`}
          aria-invalid={tooLong || undefined}
          aria-describedby={tooLong ? "composer-error" : undefined}
          className="max-h-40 min-h-12 flex-1 resize-none rounded-3xl border border-white/10 bg-ink-900 px-5 py-3 text-[15px] text-ink-100 placeholder:text-ink-500 focus:border-coral-400/60 focus:outline-none"
        />
        <button
          type="submit"
          disabled={!sendable}
          aria-label="Send"
          data-testid="send-button"
          className="grid size-12 shrink-0 place-items-center rounded-full bg-gradient-to-br from-coral-500 to-coral-600 text-white transition hover:brightness-110 disabled:opacity-40"
        >
          <Send className="size-5" aria-hidden="true" />
        </button>
      </form>
      {tooLong ? (
        <p id="composer-error" className="px-2 text-xs text-coral-300" role="alert">
          Your Message is too long. Max - {MESSAGE_MAX_LENGTH}
        </p>
      ) : (
        allowance
      )}
    </div>
  );
}
