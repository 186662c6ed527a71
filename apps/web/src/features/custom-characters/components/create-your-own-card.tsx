import { WandSparkles } from "lucide-react";
import { Link } from "react-router";
import { paths } from "@/config/paths";

/** A tile among the catalog's characters that leads to the constructor. */
export function CreateYourOwnCard() {
  return (
    <Link
      to={paths.createAi}
      data-testid="create-your-own"
      className="group relative flex aspect-[3/4] flex-col justify-end overflow-hidden rounded-3xl border border-dashed border-coral-400/40 bg-gradient-to-br from-coral-500/20 via-ink-850 to-violet-600/25 p-3.5 shadow-card transition duration-300 hover:-translate-y-1 hover:border-coral-400/80 hover:shadow-glow focus-visible:outline-offset-4 sm:p-4"
    >
      <span
        aria-hidden="true"
        className="absolute top-1/3 left-1/2 grid size-16 -translate-x-1/2 -translate-y-1/2 place-items-center rounded-full bg-coral-500/20 text-coral-200 ring-1 ring-coral-400/40 transition duration-300 group-hover:scale-110 sm:size-20"
      >
        <WandSparkles className="size-7 sm:size-9" />
      </span>
      <span className="font-display text-xl font-medium text-white sm:text-2xl">Create your own</span>
      <span className="mt-1 text-xs leading-snug text-ink-300 sm:text-sm">
        Their look, their personality, your story.
      </span>
    </Link>
  );
}
