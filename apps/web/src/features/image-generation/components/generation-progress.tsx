import type { GeneratedImage } from "@reverie/shared";
import { ImagePlus } from "lucide-react";
import { MediaImage } from "@/components/media/media-image";
import { Notice } from "@/components/ui/notice";
import { Spinner } from "@/components/ui/spinner";
import { cn } from "@/lib/cn";
import { arrivedCount, type BatchStatus, type GenerationBatch } from "../utils/generation-batch";

interface GenerationProgressProps {
  batch: GenerationBatch;
  status: BatchStatus;
  characterName: string;
  /** the user's pictures as listed: an arrived picture found there opens large */
  pictures: GeneratedImage[];
  onOpen: (picture: GeneratedImage) => void;
}

function statusLine(status: BatchStatus, arrived: number, count: number): string {
  if (status === "sending") return "Sending your request…";
  if (status === "done") return count === 1 ? "Your picture is ready." : "Your pictures are ready.";
  if (status === "failed") return `${arrived} of ${count} made.`;
  if (status === "stalled") {
    return "This is taking longer than usual. Your pictures will show up under My pictures when they're ready.";
  }
  return count === 1
    ? "Generating your picture…"
    : `Generating ${count} pictures… ${arrived} of ${count} ready`;
}

/** The batch being made: a placeholder per picture, each replaced as its picture arrives. */
export function GenerationProgress({
  batch,
  status,
  characterName,
  pictures,
  onOpen,
}: GenerationProgressProps) {
  const arrived = arrivedCount(batch);
  const working = status === "sending" || status === "generating";

  return (
    <section
      aria-label="Generated pictures"
      aria-busy={working}
      data-testid="generation-progress"
      data-status={status}
      className="space-y-3"
    >
      <p className="flex items-center gap-2 text-sm text-ink-300" role="status">
        {working ? <Spinner size="sm" label={null} /> : null}
        {statusLine(status, arrived, batch.count)}
      </p>
      {status === "failed" && batch.error ? <Notice tone="error">{batch.error}</Notice> : null}
      <ul className="grid grid-cols-2 gap-2.5">
        {batch.slots.map((slot, index) => {
          const listed =
            slot?.imageId != null ? pictures.find((picture) => picture.id === slot.imageId) : undefined;
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: a placeholder's place is its identity
            <li key={index}>
              {slot ? (
                <button
                  type="button"
                  data-testid="generated-image"
                  data-image-id={slot.imageId ?? undefined}
                  disabled={!listed}
                  onClick={() => listed && onOpen(listed)}
                  className="group block w-full animate-fade-in overflow-hidden rounded-2xl border border-white/[0.07] transition enabled:hover:border-coral-400/50 disabled:cursor-default"
                  aria-label={`Picture ${index + 1} of ${characterName}${listed ? ", open" : ""}`}
                >
                  <MediaImage src={slot.url} alt="" ratio={3 / 4} />
                </button>
              ) : (
                <div
                  data-testid="generation-placeholder"
                  className={cn(
                    "grid aspect-[3/4] place-items-center rounded-2xl border border-white/[0.05] text-ink-500",
                    working ? "skeleton" : "border-dashed bg-white/[0.02]",
                  )}
                >
                  {working ? <ImagePlus className="size-6 animate-pulse" aria-hidden="true" /> : null}
                  <span className="sr-only">{working ? "Picture on its way" : "Picture not made"}</span>
                </div>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
