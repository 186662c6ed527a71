import type { ModelSummary } from "@reverie/shared";
import { Camera } from "lucide-react";
import { MediaImage } from "@/components/media/media-image";

/** The character is writing: three dots in a bubble. */
export function TypingIndicator({ model }: { model: ModelSummary }) {
  return (
    <li className="flex items-end gap-2.5" data-testid="typing-indicator">
      <MediaImage src={model.avatar_url} alt="" ratio={1} className="size-8 shrink-0 rounded-full" />
      <p
        className="flex h-11 items-center gap-1.5 rounded-3xl rounded-bl-md border border-white/[0.06] bg-ink-750 px-4"
        role="status"
      >
        <span className="sr-only">{model.name} is typing</span>
        {[0, 150, 300].map((delay) => (
          <span
            key={delay}
            aria-hidden="true"
            className="size-2 animate-bounce rounded-full bg-ink-300"
            style={{ animationDelay: `${delay}ms` }}
          />
        ))}
      </p>
    </li>
  );
}

/** A photo or video is on its way (start_generation): a shimmering frame where it will appear. */
export function GenerationPlaceholder({ model }: { model: ModelSummary }) {
  return (
    <li className="flex items-end gap-2.5" data-testid="generation-placeholder">
      <MediaImage src={model.avatar_url} alt="" ratio={1} className="size-8 shrink-0 rounded-full" />
      <div
        role="status"
        className="relative grid aspect-[3/4] w-64 place-items-center overflow-hidden rounded-3xl border border-white/10 bg-ink-800 sm:w-72"
      >
        <div
          aria-hidden="true"
          className="absolute inset-0 animate-pulse bg-gradient-to-br from-ink-750 via-ink-800 to-violet-900/40"
        />
        <span className="relative flex flex-col items-center gap-2 text-sm text-ink-200">
          <Camera className="size-6 text-coral-300" aria-hidden="true" />
          {model.name} is getting it ready…
        </span>
      </div>
    </li>
  );
}
