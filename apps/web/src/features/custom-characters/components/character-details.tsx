import type { CustomModel } from "@reverie/shared";
import {
  BookMarked,
  FileInput,
  MessageCircleHeart,
  Pencil,
  RefreshCw,
  Trash2,
  WandSparkles,
} from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { Button, ButtonLink } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Chip } from "@/components/ui/chip";
import { Notice } from "@/components/ui/notice";
import { Skeleton } from "@/components/ui/skeleton";
import { genderLabel } from "@/config/genders";
import { paths } from "@/config/paths";
import { pluralize } from "@/lib/format";
import { useTraitList } from "../api/get-trait-list";
import { useRedrawPortrait } from "../api/redraw-portrait";
import { classifyCreateError } from "../utils/create-errors";
import { traitRows } from "../utils/trait-rows";
import { CharacterPortrait } from "./character-portrait";
import { ExportCardButtons } from "./export-card-buttons";

/** The dialogs load when opened: the page paints without them. */
const EditCharacterDialog = lazy(() =>
  import("./edit-character-dialog").then((module) => ({ default: module.EditCharacterDialog })),
);
const DeleteCharacterDialog = lazy(() =>
  import("./delete-character-dialog").then((module) => ({ default: module.DeleteCharacterDialog })),
);

function createdOn(iso: string): string | null {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? null
    : date.toLocaleDateString("en-US", { day: "numeric", month: "long", year: "numeric" });
}

/**
 * One of the user's characters (/my_ais/:id and /my_ai): portrait, traits and description, and
 * what can be done with it: chat, edit, redraw the portrait, export as a card, delete.
 */
export function CharacterDetails({
  model,
  onDeleted,
  onInsufficientBalance,
}: {
  model: CustomModel;
  onDeleted: () => void;
  onInsufficientBalance: () => void;
}) {
  const traitList = useTraitList();
  const redraw = useRedrawPortrait(model.id);
  const [dialog, setDialog] = useState<"edit" | "delete" | null>(null);
  const [redrawError, setRedrawError] = useState<string | null>(null);
  const rows = traitRows(model.traits, traitList.data?.traits);
  const created = createdOn(model.created_at);
  const pending = model.portrait_status === "pending";

  async function redrawPortrait() {
    setRedrawError(null);
    try {
      await redraw.mutateAsync();
    } catch (error) {
      const failure = classifyCreateError(error);
      if (failure.kind === "insufficient_balance") onInsufficientBalance();
      else setRedrawError(failure.message);
    }
  }

  return (
    <div
      className="grid grid-cols-1 items-start gap-6 lg:grid-cols-[minmax(0,24rem)_minmax(0,1fr)] lg:gap-10"
      data-testid="my-ai-details"
      data-model-id={model.id}
      data-portrait-status={model.portrait_status}
    >
      <div className="space-y-3 lg:sticky lg:top-24">
        <Card className="overflow-hidden">
          <CharacterPortrait model={model} priority />
        </Card>
        <Button
          variant="ghost"
          size="sm"
          className="w-full"
          onClick={redrawPortrait}
          loading={redraw.isPending}
          disabled={pending}
          icon={<RefreshCw className="size-4" aria-hidden="true" />}
          data-testid="redraw-portrait"
        >
          {pending ? "Drawing their portrait…" : "Redraw portrait"}
        </Button>
        {redrawError ? <Notice tone="error">{redrawError}</Notice> : null}
      </div>

      <div className="min-w-0 space-y-8">
        <header className="space-y-4">
          <div>
            <p className="mb-1.5 text-xs font-semibold tracking-[0.18em] text-coral-300 uppercase">
              {genderLabel(model.gender)}
            </p>
            <h1 className="font-display text-4xl leading-tight text-ink-100 sm:text-5xl">
              <span data-testid="my-ai-name">{model.name}</span>
              <span className="ml-3 text-2xl text-ink-300 tabular-nums sm:text-3xl">{model.age}</span>
            </h1>
            <p className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-ink-400">
              <span className="inline-flex items-center gap-1.5">
                {model.source === "card" ? (
                  <FileInput className="size-4" aria-hidden="true" />
                ) : (
                  <WandSparkles className="size-4" aria-hidden="true" />
                )}
                {model.source === "card" ? "Imported from a card" : "Built by you"}
              </span>
              {created ? <span>Created {created}</span> : null}
            </p>
          </div>
          <div className="flex flex-wrap gap-2.5">
            <ButtonLink
              to={paths.chatWith(model.id)}
              size="lg"
              icon={<MessageCircleHeart className="size-5" aria-hidden="true" />}
              data-testid="chat-with-character"
            >
              Chat with {model.name}
            </ButtonLink>
            <Button
              variant="secondary"
              size="lg"
              onClick={() => setDialog("edit")}
              icon={<Pencil className="size-4" aria-hidden="true" />}
              data-testid="edit-character"
            >
              Edit
            </Button>
          </div>
        </header>

        {rows.length > 0 ? (
          <section aria-labelledby="traits-title" className="space-y-3">
            <h2 id="traits-title" className="text-xs font-semibold tracking-wider text-ink-400 uppercase">
              Traits
            </h2>
            <dl className="grid grid-cols-1 gap-2.5 sm:grid-cols-2 xl:grid-cols-3">
              {rows.map((row) => (
                <div
                  key={row.key}
                  className="rounded-2xl border border-white/[0.06] bg-white/[0.02] px-4 py-3"
                >
                  <dt className="text-xs text-ink-400">{row.label}</dt>
                  <dd className="mt-1 flex flex-wrap gap-1.5 text-ink-100">
                    {row.values.length > 1
                      ? row.values.map((value) => (
                          <Chip key={value} className="px-2.5 py-1 text-xs">
                            {value}
                          </Chip>
                        ))
                      : row.values[0]}
                  </dd>
                </div>
              ))}
            </dl>
          </section>
        ) : traitList.isPending ? (
          <Skeleton className="h-24 rounded-2xl" />
        ) : null}

        <section aria-labelledby="description-title" className="space-y-2">
          <h2 id="description-title" className="text-xs font-semibold tracking-wider text-ink-400 uppercase">
            Description
          </h2>
          <p className="leading-relaxed whitespace-pre-line text-ink-200">
            {model.description.trim() || "No description yet: they're written from their traits."}
          </p>
          {model.lorebook_entries > 0 ? (
            <p className="inline-flex items-center gap-1.5 text-sm text-ink-400">
              <BookMarked className="size-4" aria-hidden="true" />
              Their card's lorebook: {pluralize(model.lorebook_entries, "entry", "entries")}
            </p>
          ) : null}
        </section>

        <section aria-labelledby="export-title" className="space-y-3 border-t border-white/[0.06] pt-6">
          <div>
            <h2 id="export-title" className="font-semibold text-ink-100">
              Export as a character card
            </h2>
            <p className="mt-1 text-sm text-ink-400">
              Take {model.name} to any app that reads character cards.
            </p>
          </div>
          <ExportCardButtons modelId={model.id} name={model.name} />
        </section>

        <section aria-labelledby="delete-title" className="space-y-3 border-t border-white/[0.06] pt-6">
          <div>
            <h2 id="delete-title" className="font-semibold text-ink-100">
              Delete {model.name}
            </h2>
            <p className="mt-1 text-sm text-ink-400">Their chats and pictures are deleted with them.</p>
          </div>
          <Button
            variant="outline"
            size="sm"
            onClick={() => setDialog("delete")}
            icon={<Trash2 className="size-4" aria-hidden="true" />}
            data-testid="delete-character"
          >
            Delete character
          </Button>
        </section>
      </div>

      <Suspense fallback={null}>
        {dialog === "edit" ? <EditCharacterDialog model={model} onClose={() => setDialog(null)} /> : null}
        {dialog === "delete" ? (
          <DeleteCharacterDialog
            modelId={model.id}
            name={model.name}
            onDeleted={onDeleted}
            onClose={() => setDialog(null)}
          />
        ) : null}
      </Suspense>
    </div>
  );
}

export function CharacterDetailsSkeleton() {
  return (
    <div
      className="grid grid-cols-1 items-start gap-6 lg:grid-cols-[minmax(0,24rem)_minmax(0,1fr)] lg:gap-10"
      aria-busy="true"
    >
      <Skeleton className="aspect-[3/4] rounded-3xl" />
      <div className="space-y-5">
        <Skeleton className="h-4 w-24" />
        <Skeleton className="h-12 w-2/3" />
        <Skeleton className="h-12 w-72 rounded-full" />
        <Skeleton className="h-32 w-full rounded-2xl" />
        <Skeleton className="h-20 w-full" />
      </div>
    </div>
  );
}
