import { MEMORY_TEXT_MAX_LENGTH, type MemoryCreate, type MemoryKind } from "@reverie/shared";
import { Plus } from "lucide-react";
import { type FormEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import { Button, buttonStyles } from "@/components/ui/button";
import { Select } from "@/components/ui/select";
import { errorMessage } from "@/lib/api-client";
import { MEMORY_KINDS, memoryKindChoice } from "../utils/memory-groups";

const FIELD =
  "h-10 w-full rounded-xl border border-white/10 bg-ink-900/80 px-3 text-sm text-ink-100 placeholder:text-ink-500 hover:border-white/20 focus:border-coral-400/70 focus:outline-none disabled:opacity-60";

/**
 * "Add something to remember": closed to one button until asked for; what was typed stays when
 * the server refuses it, with the server's reason.
 */
export function AddMemoryForm({
  characterName,
  onAdd,
}: {
  characterName: string;
  onAdd: (item: MemoryCreate) => Promise<unknown>;
}) {
  const [open, setOpen] = useState(false);
  const [kind, setKind] = useState<MemoryKind>("like");
  const [text, setText] = useState("");
  const [date, setDate] = useState("");
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [added, setAdded] = useState(false);
  const textInput = useRef<HTMLInputElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(false);
  const id = useId();

  useEffect(() => {
    if (open) textInput.current?.focus();
    else if (wasOpen.current) opener.current?.focus();
    wasOpen.current = open;
  }, [open]);

  function close() {
    setError(null);
    setOpen(false);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const trimmed = text.trim();
    if (!trimmed) {
      setError("Please write what to remember.");
      textInput.current?.focus();
      return;
    }
    setSaving(true);
    setError(null);
    try {
      await onAdd({ kind, text: trimmed, ...(date ? { date } : {}) });
      setText("");
      setDate("");
      setAdded(true);
      close();
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setSaving(false);
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLFormElement>) {
    if (event.key === "Escape") {
      event.preventDefault();
      event.stopPropagation();
      close();
    }
  }

  if (!open) {
    return (
      <div className="space-y-2">
        <p role="status" className="sr-only">
          {added ? `${characterName} will remember that.` : ""}
        </p>
        <button
          ref={opener}
          type="button"
          className={buttonStyles({ variant: "secondary", size: "sm", className: "w-full" })}
          onClick={() => {
            setAdded(false);
            setOpen(true);
          }}
          data-testid="memory-add-open"
        >
          <Plus className="size-4" aria-hidden="true" />
          Add something to remember
        </button>
      </div>
    );
  }

  return (
    <form
      onSubmit={(event) => void submit(event)}
      onKeyDown={onKeyDown}
      aria-labelledby={`${id}-title`}
      className="space-y-3 rounded-2xl border border-white/10 bg-ink-900/50 p-3"
      data-testid="memory-add-form"
    >
      <h4 id={`${id}-title`} className="text-sm font-semibold text-ink-100">
        Add something to remember
      </h4>
      <div className="space-y-1.5">
        <label htmlFor={`${id}-kind`} className="text-xs font-medium text-ink-300">
          What it is
        </label>
        <Select
          id={`${id}-kind`}
          className="w-full"
          value={kind}
          onChange={(event) => setKind(event.target.value as MemoryKind)}
          disabled={saving}
        >
          {MEMORY_KINDS.map((choice) => (
            <option key={choice} value={choice}>
              {memoryKindChoice(choice, characterName)}
            </option>
          ))}
        </Select>
      </div>
      <div className="space-y-1.5">
        <label htmlFor={`${id}-text`} className="text-xs font-medium text-ink-300">
          What {characterName} should remember
        </label>
        <input
          ref={textInput}
          id={`${id}-text`}
          value={text}
          maxLength={MEMORY_TEXT_MAX_LENGTH}
          onChange={(event) => setText(event.target.value)}
          placeholder="loves rainy Sunday mornings"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          disabled={saving}
          className={FIELD}
          data-testid="memory-add-text"
        />
      </div>
      <div className="space-y-1.5">
        <label htmlFor={`${id}-date`} className="text-xs font-medium text-ink-300">
          Date <span className="font-normal text-ink-500">(optional)</span>
        </label>
        <input
          id={`${id}-date`}
          type="date"
          value={date}
          onChange={(event) => setDate(event.target.value)}
          disabled={saving}
          className={`${FIELD} [color-scheme:dark]`}
        />
      </div>
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-xs text-coral-300">
          {error}
        </p>
      ) : null}
      <div className="flex justify-end gap-2">
        <Button size="sm" variant="ghost" onClick={close} disabled={saving}>
          Cancel
        </Button>
        <Button size="sm" type="submit" loading={saving} data-testid="memory-add-submit">
          Remember this
        </Button>
      </div>
    </form>
  );
}
