import type { ReplayEvent } from "@reverie/shared";
import { Pause, Play, RotateCcw } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Replayer } from "rrweb";
import "rrweb/dist/style.css";
import { Button } from "@/components/ui/button";
import { formatDuration } from "@/lib/format";

type ReplayerEvents = ConstructorParameters<typeof Replayer>[0];

/**
 * rrweb's Replayer over one stored replay, scaled to the width it is given, with play, pause and
 * a seek bar. Loaded on demand (with rrweb) when an operator opens a replay. The recorded page is
 * rebuilt in a sandboxed frame without its scripts; masked text stays asterisks.
 */
export default function ReplayPlayer({ events }: { events: ReplayEvent[] }) {
  const stage = useRef<HTMLDivElement>(null);
  const frame = useRef<HTMLDivElement>(null);
  const replayer = useRef<Replayer | null>(null);
  const [playing, setPlaying] = useState(false);
  const [position, setPosition] = useState(0);
  const [total, setTotal] = useState(0);

  useEffect(() => {
    const root = frame.current;
    const container = stage.current;
    if (!root || !container) return;
    const player = new Replayer(events as unknown as ReplayerEvents, {
      root,
      skipInactive: true,
      mouseTail: false,
      showWarning: false,
    });
    replayer.current = player;
    setTotal(player.getMetaData().totalTime);
    // the recorded viewport keeps its size; it is scaled down to the stage's width
    const fit = (size: { width: number; height: number }) => {
      const scale = Math.min(1, container.clientWidth / size.width);
      player.wrapper.style.transform = `scale(${scale})`;
      player.wrapper.style.transformOrigin = "top left";
      container.style.height = `${Math.ceil(size.height * scale)}px`;
    };
    player.on("resize", (size) => fit(size as { width: number; height: number }));
    player.on("finish", () => setPlaying(false));
    player.play();
    setPlaying(true);
    const ticker = window.setInterval(() => setPosition(player.getCurrentTime()), 250);
    return () => {
      window.clearInterval(ticker);
      player.destroy();
      replayer.current = null;
    };
  }, [events]);

  const toggle = () => {
    const player = replayer.current;
    if (!player) return;
    if (playing) player.pause();
    else player.play(position >= total ? 0 : position);
    setPlaying(!playing);
  };

  return (
    <div className="space-y-3" data-testid="replay-player">
      <div
        ref={stage}
        className="relative w-full overflow-hidden rounded-xl bg-white"
        data-testid="replay-stage"
      >
        <div ref={frame} />
      </div>
      <div className="flex items-center gap-3">
        <Button
          size="icon"
          variant="secondary"
          onClick={toggle}
          aria-label={playing ? "Pause" : "Play"}
          icon={playing ? <Pause className="size-4" /> : <Play className="size-4" />}
        />
        <Button
          size="icon"
          variant="ghost"
          aria-label="From the start"
          onClick={() => {
            replayer.current?.play(0);
            setPlaying(true);
          }}
          icon={<RotateCcw className="size-4" />}
        />
        <input
          type="range"
          min={0}
          max={Math.max(total, 1)}
          value={Math.min(position, total)}
          onChange={(event) => {
            const at = Number(event.target.value);
            setPosition(at);
            if (playing) replayer.current?.play(at);
            else replayer.current?.pause(at);
          }}
          aria-label="Position"
          className="min-w-0 flex-1 accent-coral-500"
        />
        <span className="shrink-0 text-xs tabular-nums text-ink-400" data-testid="replay-time">
          {formatDuration(Math.round(position / 1000))} / {formatDuration(Math.round(total / 1000))}
        </span>
      </div>
    </div>
  );
}
