import { useState } from "react";
import { cn } from "@/lib/cn";
import { mediaUrl } from "@/lib/media";
import type { PortraitTint } from "../utils/portrait-tint";
import { PortraitSilhouette } from "./portrait-silhouette";

/**
 * The character's face as chosen so far (`src`, the server's portrait preview) over the tinted
 * silhouette, which shows until the first portrait arrives. A new choice keeps the last portrait
 * in view until the next one has loaded, so the preview never blinks.
 */
export function PreviewPortrait({ src, tint }: { src: string | null; tint: PortraitTint }) {
  const [loaded, setLoaded] = useState<string | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const previous = loaded && loaded !== src ? loaded : null;
  return (
    <div className="relative size-full">
      <PortraitSilhouette tint={tint} />
      {previous ? (
        <img src={mediaUrl(previous)} alt="" className="absolute inset-0 size-full object-cover" />
      ) : null}
      {src && failed !== src ? (
        <img
          key={src}
          src={mediaUrl(src)}
          alt="Your character as chosen so far"
          data-testid="preview-portrait"
          decoding="async"
          onLoad={() => setLoaded(src)}
          onError={() => setFailed(src)}
          className={cn(
            "absolute inset-0 size-full object-cover transition-opacity duration-300",
            loaded === src ? "opacity-100" : "opacity-0",
          )}
        />
      ) : null}
    </div>
  );
}
