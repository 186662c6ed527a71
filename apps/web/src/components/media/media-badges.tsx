import { Lock, Play } from "lucide-react";
import { Badge } from "@/components/ui/chip";
import { formatDuration, formatTokens } from "@/lib/format";

/** Play icon + mm:ss, for video tiles. */
export function DurationBadge({ seconds }: { seconds: number | null }) {
  return (
    <Badge icon={<Play className="size-3 fill-current" aria-hidden="true" />}>
      <span className="sr-only">Video, </span>
      <span data-testid="duration">{formatDuration(seconds)}</span>
    </Badge>
  );
}

/** Centered lock for blurred previews of locked media, with the unlock price when known. */
export function LockOverlay({
  priceTokens,
  compact = false,
}: {
  priceTokens?: number | null;
  compact?: boolean;
}) {
  return (
    <div className="absolute inset-0 flex flex-col items-center justify-center gap-2 bg-ink-950/30 text-white">
      <span className="grid size-11 place-items-center rounded-full border border-white/20 bg-black/40 backdrop-blur-md">
        <Lock className="size-5" aria-hidden="true" />
      </span>
      <span className="sr-only">Locked</span>
      {priceTokens != null ? (
        <span
          data-testid="locked-price"
          className={
            compact
              ? "rounded-full bg-black/50 px-2.5 py-1 text-xs font-semibold backdrop-blur-md"
              : "rounded-full bg-black/50 px-3 py-1 text-sm font-semibold backdrop-blur-md"
          }
        >
          {formatTokens(priceTokens)} tokens
        </span>
      ) : null}
    </div>
  );
}
