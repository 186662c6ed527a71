import { Pause, Play } from "lucide-react";
import { useRef, useState } from "react";
import { cn } from "@/lib/cn";
import { mediaUrl } from "@/lib/media";
import { DurationBadge } from "./media-badges";

interface InlineVideoProps {
  src: string;
  poster: string;
  label: string;
  duration: number | null;
  ratio?: number;
  className?: string;
}

/** A muted, looping video tile that plays in place when pressed (no navigation, no fullscreen). */
export function InlineVideo({ src, poster, label, duration, ratio, className }: InlineVideoProps) {
  const ref = useRef<HTMLVideoElement>(null);
  const [playing, setPlaying] = useState(false);

  function toggle() {
    const video = ref.current;
    if (!video) return;
    if (video.paused) {
      void video.play().catch(() => setPlaying(false));
    } else {
      video.pause();
    }
  }

  return (
    <div
      className={cn("group relative overflow-hidden bg-ink-800", className)}
      style={ratio ? { aspectRatio: String(ratio) } : undefined}
    >
      <video
        ref={ref}
        src={mediaUrl(src)}
        poster={mediaUrl(poster)}
        muted
        loop
        playsInline
        preload="none"
        aria-label={label}
        onPlay={() => setPlaying(true)}
        onPause={() => setPlaying(false)}
        className="absolute inset-0 size-full object-cover"
      />
      <button
        type="button"
        onClick={toggle}
        aria-label={playing ? `Pause ${label}` : `Play ${label}`}
        aria-pressed={playing}
        className="absolute inset-0 flex items-center justify-center bg-gradient-to-t from-black/40 via-transparent to-transparent transition"
      >
        <span
          className={cn(
            "grid size-12 place-items-center rounded-full border border-white/25 bg-black/45 text-white backdrop-blur-md transition duration-200 group-hover:scale-105",
            playing && "opacity-0 group-hover:opacity-100",
          )}
        >
          {playing ? (
            <Pause className="size-5 fill-current" aria-hidden="true" />
          ) : (
            <Play className="ml-0.5 size-5 fill-current" aria-hidden="true" />
          )}
        </span>
      </button>
      <div className="pointer-events-none absolute right-2 bottom-2">
        <DurationBadge seconds={duration} />
      </div>
    </div>
  );
}
