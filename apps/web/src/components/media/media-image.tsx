import { ImageOff } from "lucide-react";
import { type CSSProperties, useState } from "react";
import { cn } from "@/lib/cn";
import { mediaUrl } from "@/lib/media";

interface MediaImageProps {
  src: string;
  alt: string;
  /** width / height; reserves the box before the image loads (no layout shift). */
  ratio?: number;
  className?: string;
  imgClassName?: string;
  /**
   * Above the fold (the largest paint of a screen): loads eagerly at high priority and shows as it
   * arrives, without the fade-in that would hold back the paint.
   */
  priority?: boolean;
  blurred?: boolean;
  style?: CSSProperties;
}

/** An image in a fixed aspect-ratio box that fades in, lazy by default, with a quiet fallback. */
export function MediaImage({
  src,
  alt,
  ratio,
  className,
  imgClassName,
  priority = false,
  blurred = false,
  style,
}: MediaImageProps) {
  const [state, setState] = useState<"loading" | "loaded" | "error">("loading");

  return (
    <div
      className={cn("relative overflow-hidden bg-ink-800", className)}
      style={{ ...(ratio ? { aspectRatio: String(ratio) } : {}), ...style }}
    >
      {state === "error" ? (
        <div className="absolute inset-0 grid place-items-center bg-gradient-to-br from-ink-750 to-ink-850 text-ink-500">
          <ImageOff className="size-7" aria-hidden="true" />
          <span className="sr-only">{alt}</span>
        </div>
      ) : (
        <img
          src={mediaUrl(src)}
          alt={alt}
          loading={priority ? "eager" : "lazy"}
          decoding="async"
          fetchPriority={priority ? "high" : "auto"}
          onLoad={() => setState("loaded")}
          onError={() => setState("error")}
          className={cn(
            "absolute inset-0 size-full object-cover transition duration-500",
            state === "loaded" || priority ? "opacity-100" : "opacity-0",
            blurred && "scale-110 blur-xl",
            imgClassName,
          )}
        />
      )}
    </div>
  );
}
