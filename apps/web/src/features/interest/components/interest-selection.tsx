import type { Gender } from "@reverie/shared";
import { useEffect, useRef } from "react";
import { useNavigate } from "react-router";
import { Modal } from "@/components/ui/modal";
import { ANALYTICS_EVENTS, track } from "@/lib/analytics";
import { cn } from "@/lib/cn";
import { mediaUrl } from "@/lib/media";
import { storage } from "@/lib/storage";
import { useUiStore } from "@/stores/ui-store";
import { useInterestPreview } from "../api/get-interest-preview";

type Interest = Extract<Gender, "female" | "male">;

const TILES: Array<{ value: Interest; label: string; art: string }> = [
  { value: "female", label: "Girls", art: "from-coral-500/70 via-rose-500/40 to-ink-900" },
  { value: "male", label: "Guys", art: "from-violet-500/70 via-indigo-500/40 to-ink-900" },
];

function InterestTile({
  value,
  label,
  art,
  onChoose,
}: (typeof TILES)[number] & { onChoose: (g: Interest) => void }) {
  const preview = useInterestPreview(value);
  return (
    <button
      type="button"
      onClick={() => onChoose(value)}
      data-testid={`interest-${value}`}
      className="group relative aspect-[3/4] overflow-hidden rounded-2xl border border-white/10 bg-ink-800 text-left transition duration-300 hover:-translate-y-0.5 hover:border-coral-400/60 hover:shadow-glow"
    >
      <span aria-hidden="true" className={cn("absolute inset-0 bg-gradient-to-br", art)} />
      <span
        aria-hidden="true"
        className="absolute -right-10 -bottom-10 size-40 rounded-full bg-white/10 blur-2xl transition duration-500 group-hover:bg-white/20"
      />
      {preview.data ? (
        <img
          src={mediaUrl(preview.data)}
          alt=""
          loading="eager"
          className="absolute inset-0 size-full object-cover opacity-90 transition duration-500 group-hover:scale-105"
        />
      ) : null}
      <span
        aria-hidden="true"
        className="absolute inset-0 bg-gradient-to-t from-ink-950/90 via-ink-950/10 to-transparent"
      />
      <span className="absolute inset-x-0 bottom-0 p-4 font-display text-2xl font-medium text-white sm:text-3xl">
        {label}
      </span>
    </button>
  );
}

/** "I'm Interested in:" Girls / Guys. Choosing stores `isStartedChoosing` and opens home for that choice. */
export function InterestSelection() {
  const navigate = useNavigate();
  const dismiss = useUiStore((state) => state.dismissInterest);
  const tracked = useRef(false);

  useEffect(() => {
    if (tracked.current) return;
    tracked.current = true;
    track(ANALYTICS_EVENTS.genderPopupShown);
  }, []);

  function choose(gender: Interest) {
    track(ANALYTICS_EVENTS.genderSelected, { gender });
    storage.set("genderChoice", gender);
    navigate(`/?gender=${gender}`);
  }

  return (
    <Modal
      title="I'm Interested in:"
      onClose={dismiss}
      size="md"
      testId="interest-selection"
      className="sm:p-8"
    >
      <p className="mt-2 text-sm text-ink-300">Pick who you'd like to meet first. You can switch any time.</p>
      <div className="mt-6 grid grid-cols-2 gap-3 sm:gap-4">
        {TILES.map((tile) => (
          <InterestTile key={tile.value} {...tile} onChoose={choose} />
        ))}
      </div>
    </Modal>
  );
}
