import { MEMORY_TEXT_MAX_LENGTH, type MemoryItem } from "@reverie/shared";
import { CalendarDays, Check, Pencil, Trash2, X } from "lucide-react";
import { type FormEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { errorMessage } from "@/lib/api-client";
import { cn } from "@/lib/cn";
import { formatMemoryDate } from "../utils/memory-groups";

interface MemoryItemRowProps {
  item: MemoryItem;
  /** saves the new text; a failure is shown under the field, which keeps what was typed */
  onSave: (text: string) => Promise<unknown>;
  onDelete: () => Promise<unknown>;
}

/** One remembered thing: its text and date, edited in place (Enter saves, Escape cancels) or deleted. */
export function MemoryItemRow({ item, onSave, onDelete }: MemoryItemRowProps) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(item.text);
  const [saving, setSaving] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const editButton = useRef<HTMLButtonElement>(null);
  // focus goes back to the edit button once the field has closed, not before it is rendered
  const returnFocus = useRef(false);
  const fieldId = useId();
  const errorId = `${fieldId}-error`;

  useEffect(() => {
    if (editing) {
      input.current?.focus();
      input.current?.select();
    } else if (returnFocus.current) {
      returnFocus.current = false;
      editButton.current?.focus();
    }
  }, [editing]);

  function startEditing() {
    setDraft(item.text);
    setError(null);
    setEditing(true);
  }

  function stopEditing() {
    returnFocus.current = true;
    setError(null);
    setEditing(false);
  }

  async function save(event?: FormEvent) {
    event?.preventDefault();
    const text = draft.trim();
    if (!text) {
      setError("Please write what to remember.");
      return;
    }
    if (text === item.text) {
      stopEditing();
      return;
    }
    setSaving(true);
    setError(null);
    try {
      await onSave(text);
      stopEditing();
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setSaving(false);
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === "Escape") {
      // the field's own Escape: the panel or sheet around it stays open
      event.preventDefault();
      event.stopPropagation();
      stopEditing();
    }
  }

  async function remove() {
    setDeleting(true);
    setError(null);
    try {
      await onDelete();
    } catch (failure) {
      setError(errorMessage(failure));
      setDeleting(false);
    }
  }

  if (editing) {
    return (
      <li className="rounded-2xl border border-coral-400/40 bg-ink-900/80 p-2.5" data-testid="memory-item">
        <form onSubmit={(event) => void save(event)} className="space-y-2">
          <label htmlFor={fieldId} className="sr-only">
            Edit what is remembered
          </label>
          <input
            ref={input}
            id={fieldId}
            value={draft}
            maxLength={MEMORY_TEXT_MAX_LENGTH}
            onChange={(event) => setDraft(event.target.value)}
            onKeyDown={onKeyDown}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            disabled={saving}
            className="h-10 w-full rounded-xl border border-white/10 bg-ink-850 px-3 text-sm text-ink-100 placeholder:text-ink-500 focus:border-coral-400/70 focus:outline-none disabled:opacity-60"
            data-testid="memory-edit-input"
          />
          {error ? (
            <p id={errorId} role="alert" className="px-1 text-xs text-coral-300">
              {error}
            </p>
          ) : null}
          <div className="flex justify-end gap-1.5">
            <Button
              size="sm"
              variant="ghost"
              onClick={stopEditing}
              disabled={saving}
              icon={<X className="size-4" aria-hidden="true" />}
            >
              Cancel
            </Button>
            <Button
              size="sm"
              type="submit"
              loading={saving}
              icon={<Check className="size-4" aria-hidden="true" />}
              data-testid="memory-save"
            >
              Save
            </Button>
          </div>
        </form>
      </li>
    );
  }

  return (
    <li
      className={cn(
        "group flex items-start gap-2 rounded-2xl border border-white/[0.06] bg-white/[0.03] py-2 pr-1.5 pl-3.5 transition",
        deleting && "opacity-60",
      )}
      data-testid="memory-item"
    >
      <div className="min-w-0 flex-1 py-1">
        <p className="text-sm break-words text-ink-100">{item.text}</p>
        {item.date ? (
          <p className="mt-1 flex items-center gap-1.5 text-xs text-ink-400">
            <CalendarDays className="size-3.5" aria-hidden="true" />
            <time dateTime={item.date}>{formatMemoryDate(item.date)}</time>
          </p>
        ) : null}
        {error ? (
          <p role="alert" className="mt-1 text-xs text-coral-300">
            {error}
          </p>
        ) : null}
      </div>
      <div className="flex shrink-0 items-center">
        <button
          ref={editButton}
          type="button"
          onClick={startEditing}
          disabled={deleting}
          aria-label={`Edit “${item.text}”`}
          className="grid size-9 place-items-center rounded-full text-ink-400 transition hover:bg-white/5 hover:text-white focus-visible:outline-2 focus-visible:outline-coral-400 disabled:opacity-50"
          data-testid="memory-edit"
        >
          <Pencil className="size-4" aria-hidden="true" />
        </button>
        <button
          type="button"
          onClick={() => void remove()}
          disabled={deleting}
          aria-label={`Forget “${item.text}”`}
          aria-busy={deleting || undefined}
          className="grid size-9 place-items-center rounded-full text-ink-400 transition hover:bg-coral-500/10 hover:text-coral-300 focus-visible:outline-2 focus-visible:outline-coral-400 disabled:opacity-50"
          data-testid="memory-delete"
        >
          <Trash2 className="size-4" aria-hidden="true" />
        </button>
      </div>
    </li>
  );
}
