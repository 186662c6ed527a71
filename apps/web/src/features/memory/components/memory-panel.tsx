import type { MemoryCreate } from "@reverie/shared";
import { BrainCircuit, Eraser, X } from "lucide-react";
import { type KeyboardEvent, type ReactNode, useCallback, useEffect, useId, useRef, useState } from "react";
import { createPortal } from "react-dom";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { ErrorState } from "@/components/ui/error-state";
import { Spinner } from "@/components/ui/spinner";
import { pluralize } from "@/lib/format";
import { useAddMemory } from "../api/add-memory";
import { useDeleteMemory } from "../api/delete-memory";
import { useForgetMemory } from "../api/forget-memory";
import { useMemory } from "../api/get-memory";
import { useUpdateMemory } from "../api/update-memory";
import { useMemoryRefresh } from "../hooks/use-memory-refresh";
import { groupMemory } from "../utils/memory-groups";
import { AddMemoryForm } from "./add-memory-form";
import { MemoryItemRow } from "./memory-item-row";

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

export interface MemoryPanelProps {
  chatId: number;
  /** the chat's character, whose memory events also count */
  modelId: number;
  /** the character's name, shown until the memory (which names it too) has loaded */
  characterName: string;
  /** `side`: a column beside the conversation; `sheet`: the whole screen, over it (phones) */
  variant: "side" | "sheet";
  /** the element's id, for the toggle's aria-controls */
  id: string;
  onClose: () => void;
}

/**
 * "What {name} remembers": what the chat's character remembers about the user and has said about
 * itself, by kind; each item edited or deleted in place, one added, or everything forgotten.
 */
export default function MemoryPanel({
  chatId,
  modelId,
  characterName,
  variant,
  id,
  onClose,
}: MemoryPanelProps) {
  const memory = useMemory(chatId);
  const add = useAddMemory(chatId);
  const update = useUpdateMemory(chatId);
  const remove = useDeleteMemory(chatId);
  const forget = useForgetMemory(chatId);
  useMemoryRefresh({ id: chatId, modelId });
  const [confirmForget, setConfirmForget] = useState(false);
  const [announcement, setAnnouncement] = useState("");
  const panel = useRef<HTMLElement>(null);
  // one ref for the sheet's div and the side's aside
  const keepPanel = useCallback((element: HTMLElement | null) => {
    panel.current = element;
  }, []);
  const heading = useRef<HTMLHeadingElement>(null);
  const titleId = useId();
  const name = memory.data?.character_name || characterName;
  const items = memory.data?.items ?? [];
  const groups = groupMemory(items, name);
  const sheet = variant === "sheet";

  // Focus moves to the heading when the panel opens, and back to where it was when it closes.
  useEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    heading.current?.focus({ preventScroll: true });
    const element = panel.current;
    return () => {
      const active = document.activeElement;
      if (!active || active === document.body || element?.contains(active)) {
        previous?.focus({ preventScroll: true });
      }
    };
  }, []);

  // the sheet covers the screen: the page behind it does not scroll
  useEffect(() => {
    if (!sheet) return;
    const { overflow } = document.body.style;
    document.body.style.overflow = "hidden";
    return () => {
      document.body.style.overflow = overflow;
    };
  }, [sheet]);

  function onKeyDown(event: KeyboardEvent<HTMLElement>) {
    if (event.defaultPrevented) return;
    if (event.key === "Escape") {
      event.preventDefault();
      onClose();
      return;
    }
    if (!sheet || event.key !== "Tab" || !panel.current) return;
    // the sheet is a modal dialog: Tab goes round inside it
    const focusable = [...panel.current.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
      (element) => element.offsetParent !== null,
    );
    const first = focusable[0];
    const last = focusable.at(-1);
    if (!first || !last) return;
    if (event.shiftKey && (document.activeElement === first || document.activeElement === heading.current)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  }

  async function deleteItem(itemId: number, text: string) {
    await remove.mutateAsync(itemId);
    setAnnouncement(`${name} forgot “${text}”.`);
    // the row and its buttons are gone: focus stays in the panel
    heading.current?.focus({ preventScroll: true });
  }

  // after everything is forgotten the dialog's opener is gone: focus goes to the heading instead
  const focusHeadingAfterDialog = useRef(false);
  useEffect(() => {
    if (!confirmForget && focusHeadingAfterDialog.current) {
      focusHeadingAfterDialog.current = false;
      heading.current?.focus({ preventScroll: true });
    }
  }, [confirmForget]);

  async function forgetEverything() {
    await forget.mutateAsync();
    focusHeadingAfterDialog.current = true;
    setConfirmForget(false);
    setAnnouncement(`${name} forgot everything.`);
  }

  let body: ReactNode;
  if (memory.isPending) {
    body = (
      <div className="grid place-items-center py-16">
        <Spinner label={`Loading what ${name} remembers`} />
      </div>
    );
  } else if (memory.isError) {
    body = (
      <ErrorState
        title="We couldn't load this"
        error={memory.error}
        onRetry={() => void memory.refetch()}
        className="py-10"
      />
    );
  } else if (groups.length === 0) {
    body = (
      <div
        className="rounded-3xl border border-dashed border-white/10 bg-white/[0.02] px-5 py-10 text-center"
        data-testid="memory-empty"
      >
        <span className="mx-auto mb-3 grid size-11 place-items-center rounded-2xl bg-white/5 text-ink-300">
          <BrainCircuit className="size-5" aria-hidden="true" />
        </span>
        <p className="font-medium text-ink-100">Nothing yet</p>
        <p className="mt-1.5 text-sm text-ink-300">
          As you talk, {name} will keep the things that matter here: your name, your work, your pets, the
          people in your life, what you love, dates to remember and what's on your mind. You can change or
          delete any of it.
        </p>
      </div>
    );
  } else {
    body = (
      <div className="space-y-5">
        {groups.map((group) => (
          <section key={group.kind} aria-labelledby={`${titleId}-${group.kind}`} data-testid="memory-group">
            <h3
              id={`${titleId}-${group.kind}`}
              className="mb-2 text-xs font-semibold tracking-[0.14em] text-coral-300 uppercase"
            >
              {group.label}
            </h3>
            <ul className="space-y-1.5">
              {group.items.map((item) => (
                <MemoryItemRow
                  key={item.id}
                  item={item}
                  onSave={(text) => update.mutateAsync({ id: item.id, update: { text } })}
                  onDelete={() => deleteItem(item.id, item.text)}
                />
              ))}
            </ul>
          </section>
        ))}
      </div>
    );
  }

  const inner = (
    <>
      <header className="flex items-start gap-3 border-b border-white/[0.06] px-4 py-3.5 sm:px-5">
        <div className="min-w-0 flex-1">
          <h2
            ref={heading}
            id={titleId}
            tabIndex={-1}
            className="font-display text-xl text-ink-100 outline-none"
          >
            What {name} remembers
          </h2>
          <p className="mt-0.5 text-xs text-ink-400">
            Change or delete anything: {name} goes by what is here.
          </p>
        </div>
        <Button size="icon" variant="ghost" aria-label="Close" onClick={onClose} data-testid="memory-close">
          <X className="size-5" aria-hidden="true" />
        </Button>
      </header>
      <p role="status" className="sr-only">
        {announcement}
      </p>
      <div className="min-h-0 flex-1 overflow-y-auto overscroll-contain px-4 py-4 sm:px-5">{body}</div>
      <footer className="space-y-2 border-t border-white/[0.06] px-4 pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] sm:px-5">
        {memory.isSuccess ? (
          <AddMemoryForm characterName={name} onAdd={(item: MemoryCreate) => add.mutateAsync(item)} />
        ) : null}
        {items.length > 0 ? (
          <button
            type="button"
            className="inline-flex h-9 w-full items-center justify-center gap-2 rounded-full text-sm font-medium text-coral-300 transition hover:bg-coral-500/10 hover:text-coral-200 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-coral-400"
            onClick={() => setConfirmForget(true)}
            data-testid="memory-forget-all"
          >
            <Eraser className="size-4" aria-hidden="true" />
            Forget everything
          </button>
        ) : null}
      </footer>
    </>
  );
  const content = sheet ? (
    <div
      ref={keepPanel}
      id={id}
      role="dialog"
      aria-modal="true"
      aria-labelledby={titleId}
      onKeyDown={onKeyDown}
      data-private
      data-testid="memory-panel"
      className="fixed inset-0 z-50 flex h-dvh min-h-0 animate-rise-in flex-col bg-ink-850 pt-[env(safe-area-inset-top)]"
    >
      {inner}
    </div>
  ) : (
    <aside
      ref={keepPanel}
      id={id}
      aria-labelledby={titleId}
      onKeyDown={onKeyDown}
      data-private
      data-testid="memory-panel"
      className="flex h-full min-h-0 flex-col overflow-hidden border-white/[0.06] bg-ink-850/60 lg:rounded-3xl lg:border"
    >
      {inner}
    </aside>
  );

  return (
    <>
      {sheet ? createPortal(content, document.body) : content}
      {/* outside the panel, so the dialog's Escape closes only the dialog */}
      {confirmForget ? (
        <ConfirmDialog
          title="Forget everything?"
          keepLabel="Keep it"
          confirmLabel="Forget everything"
          confirmVariant="danger"
          confirmIcon={<Eraser className="size-4" aria-hidden="true" />}
          onConfirm={forgetEverything}
          pending={forget.isPending}
          onClose={() => setConfirmForget(false)}
          testId="memory-forget-dialog"
          confirmTestId="memory-forget-confirm"
          focusKeep
        >
          <p className="mt-2 text-ink-300">
            {name} will forget{" "}
            {items.length === 1 ? "the one thing" : `all ${pluralize(items.length, "thing")}`} listed here,
            about you and about themselves. Your messages stay. This can't be undone.
          </p>
        </ConfirmDialog>
      ) : null}
    </>
  );
}
