import type { CustomModel } from "@reverie/shared";
import { ImageOff } from "lucide-react";
import { MediaImage } from "@/components/media/media-image";
import { Skeleton } from "@/components/ui/skeleton";
import { cn } from "@/lib/cn";
import { portraitTint } from "../utils/portrait-tint";
import { storedTraitValues } from "../utils/trait-options";
import { PortraitSilhouette } from "./portrait-silhouette";

type PortraitModel = Pick<CustomModel, "name" | "gender" | "traits" | "portrait_status" | "cover_url">;

/**
 * A character's portrait in a 3:4 box. While it is being drawn: their silhouette under a shimmer,
 * until the socket says it is ready; if drawing failed: the silhouette and a word about it.
 */
export function CharacterPortrait({
  model,
  priority = false,
  className,
}: {
  model: PortraitModel;
  priority?: boolean;
  className?: string;
}) {
  const box = cn("relative aspect-[3/4] overflow-hidden bg-ink-800", className);
  if (model.portrait_status === "ready" && model.cover_url) {
    return (
      <MediaImage
        src={model.cover_url}
        alt={`Portrait of ${model.name}`}
        ratio={3 / 4}
        priority={priority}
        className={className}
      />
    );
  }
  const tint = portraitTint(model.gender, storedTraitValues(model.traits));
  if (model.portrait_status === "pending") {
    return (
      <div
        className={box}
        data-testid="portrait-pending"
        role="img"
        aria-label={`${model.name}'s portrait is being drawn`}
      >
        <PortraitSilhouette tint={tint} className="opacity-60" />
        <Skeleton className="absolute inset-0 rounded-none opacity-70 mix-blend-screen" />
        <span className="absolute inset-x-0 top-3 flex justify-center">
          <span className="rounded-full bg-black/55 px-2.5 py-1 text-[11px] font-medium text-ink-100 backdrop-blur-md">
            Drawing portrait…
          </span>
        </span>
      </div>
    );
  }
  return (
    <div
      className={box}
      data-testid="portrait-failed"
      role="img"
      aria-label={`${model.name}'s portrait could not be drawn`}
    >
      <PortraitSilhouette tint={tint} className="opacity-70" />
      <span className="absolute inset-x-0 top-3 flex justify-center">
        <span className="inline-flex items-center gap-1.5 rounded-full bg-black/55 px-2.5 py-1 text-[11px] font-medium text-ink-100 backdrop-blur-md">
          <ImageOff className="size-3" aria-hidden="true" />
          No portrait yet
        </span>
      </span>
    </div>
  );
}
