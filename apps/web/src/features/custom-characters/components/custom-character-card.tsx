import type { CustomModel } from "@reverie/shared";
import { FileInput, WandSparkles } from "lucide-react";
import { Link } from "react-router";
import { paths } from "@/config/paths";
import { CharacterPortrait } from "./character-portrait";

const SOURCES: Record<CustomModel["source"], { label: string; icon: typeof WandSparkles }> = {
  builder: { label: "Built", icon: WandSparkles },
  card: { label: "Imported card", icon: FileInput },
};

/** One of the user's characters in /my_ais: portrait (pending ones shimmer), name, age and where it came from. */
export function CustomCharacterCard({ model, priority = false }: { model: CustomModel; priority?: boolean }) {
  const origin = SOURCES[model.source];
  return (
    <Link
      to={paths.myAisItem(model.id)}
      data-testid="my-ai-card"
      data-model-id={model.id}
      data-portrait-status={model.portrait_status}
      className="group relative block overflow-hidden rounded-3xl border border-white/[0.07] bg-ink-850 shadow-card transition duration-300 hover:-translate-y-1 hover:border-coral-400/40 hover:shadow-glow focus-visible:outline-offset-4"
    >
      <CharacterPortrait model={model} priority={priority} />
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-0 bg-gradient-to-t from-ink-950 via-ink-950/30 to-transparent"
      />
      <div className="absolute inset-x-0 bottom-0 p-3.5 sm:p-4">
        <h3 className="flex items-baseline gap-2 text-white">
          <span className="truncate font-display text-xl font-medium sm:text-2xl">{model.name}</span>
          <span className="shrink-0 text-sm font-medium text-ink-200 tabular-nums">{model.age}</span>
        </h3>
        <p className="mt-1.5 inline-flex items-center gap-1.5 rounded-full bg-black/45 px-2 py-1 text-[11px] font-medium text-ink-200 backdrop-blur-md">
          <origin.icon className="size-3 text-coral-300" aria-hidden="true" />
          {origin.label}
        </p>
      </div>
    </Link>
  );
}
