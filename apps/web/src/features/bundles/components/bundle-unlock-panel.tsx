import type { Bundle } from "@reverie/shared";
import { Gem } from "lucide-react";
import { MediaImage } from "@/components/media/media-image";
import { Card } from "@/components/ui/card";
import { formatTokens, pluralize } from "@/lib/format";
import { BundleUnlock } from "./bundle-unlock";

/** The bundle an item belongs to: title, what's inside, price, and Unlock (or that it is the viewer's). */
export function BundleUnlockPanel({
  bundle,
  unlocked = false,
  onInsufficientBalance,
}: {
  bundle: Bundle;
  /** the viewer owns the bundle: its items came unlocked */
  unlocked?: boolean;
  onInsufficientBalance: () => void;
}) {
  return (
    <Card className="overflow-hidden" data-testid="item-bundle">
      <MediaImage src={bundle.cover_url} alt="" ratio={16 / 9} />
      <div className="space-y-4 p-5">
        <div>
          <p className="text-xs font-semibold tracking-[0.18em] text-coral-300 uppercase">
            {bundle.kind === "pack" ? "Image pack" : "Private set"}
          </p>
          <h2 className="mt-1 font-display text-2xl text-ink-100" data-testid="bundle-title">
            {bundle.title}
          </h2>
          <p className="mt-1.5 text-sm text-ink-300">{bundle.description}</p>
        </div>
        <div className="flex flex-wrap items-center gap-3 text-sm text-ink-300">
          <span className="inline-flex items-center gap-1.5 rounded-full bg-coral-500/15 px-3 py-1 font-semibold text-coral-200">
            <Gem className="size-3.5" aria-hidden="true" />
            <span data-testid="bundle-price">{formatTokens(bundle.price_tokens)}</span> tokens
          </span>
          <span>
            {pluralize(bundle.photo_count, "photo")} · {pluralize(bundle.video_count, "video")}
          </span>
        </div>
        <BundleUnlock bundle={bundle} unlocked={unlocked} onInsufficientBalance={onInsufficientBalance} />
      </div>
    </Card>
  );
}
