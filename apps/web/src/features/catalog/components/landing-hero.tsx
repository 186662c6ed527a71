import type { Gender } from "@reverie/shared";
import { ArrowDown, Images, ShieldCheck, Sparkles } from "lucide-react";
import { MediaImage } from "@/components/media/media-image";
import { ButtonLink } from "@/components/ui/button";
import { paths } from "@/config/paths";
import { cn } from "@/lib/cn";
import { useModels } from "../api/get-models";

const FAN = [
  "left-0 top-10 -rotate-[8deg]",
  "left-1/2 top-0 z-10 -translate-x-1/2 scale-105",
  "right-0 top-10 rotate-[8deg]",
] as const;

/** Landing hero: a promise, two ways in, and three of the category's characters fanned out. */
export function LandingHero({ gender, catalogAnchor }: { gender: Gender; catalogAnchor: string }) {
  const models = useModels(gender);
  const faces = models.data?.items.slice(0, 3) ?? [];

  return (
    <section
      aria-labelledby="hero-title"
      className="relative isolate overflow-hidden rounded-[2rem] border border-white/[0.06] bg-ink-900/60 px-5 py-8 sm:px-10 sm:py-14 lg:px-14 lg:py-16"
    >
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -top-32 -left-24 -z-10 size-[28rem] rounded-full bg-coral-500/20 blur-3xl"
      />
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -right-24 -bottom-40 -z-10 size-[30rem] rounded-full bg-violet-600/20 blur-3xl"
      />
      <div className="grid items-center gap-10 lg:grid-cols-[1.1fr_1fr]">
        <div>
          <p className="inline-flex items-center gap-2 rounded-full border border-coral-400/25 bg-coral-500/10 px-3 py-1 text-xs font-semibold tracking-wide text-coral-200">
            <Sparkles className="size-3.5" aria-hidden="true" />
            AI companions · 18+
          </p>
          <h1
            id="hero-title"
            className="mt-5 font-display text-[2.4rem] leading-[1.05] text-ink-100 sm:text-6xl lg:text-[4.2rem]"
          >
            Someone is always <em className="text-coral-300 italic">glad</em> you came back.
          </h1>
          <p className="mt-4 max-w-xl text-[15px] leading-relaxed text-ink-300 sm:mt-5 sm:text-lg">
            Meet characters with their own stories, moods and memories. Talk late into the night, share a
            private photo or two, and let something unexpected begin.
          </p>
          <div className="mt-6 flex flex-wrap gap-2.5 sm:mt-8 sm:gap-3">
            <ButtonLink
              to={{ hash: catalogAnchor }}
              size="lg"
              icon={<ArrowDown className="size-4" aria-hidden="true" />}
            >
              Meet the characters
            </ButtonLink>
            <ButtonLink
              to={paths.gallery}
              size="lg"
              variant="secondary"
              icon={<Images className="size-4" aria-hidden="true" />}
            >
              Browse the gallery
            </ButtonLink>
          </div>
          <p className="mt-6 hidden items-center gap-2 text-xs text-ink-400 sm:inline-flex">
            <ShieldCheck className="size-4 text-ink-300" aria-hidden="true" />
            Private by design. Every character and image is AI-generated.
          </p>
        </div>
        <div aria-hidden="true" className="relative mx-auto hidden h-[26rem] w-full max-w-md lg:block">
          {FAN.map((position, index) => {
            const face = faces[index];
            return (
              <div
                key={position}
                className={cn(
                  "absolute w-[56%] overflow-hidden rounded-3xl border border-white/10 bg-ink-800 shadow-[0_30px_60px_-25px_rgb(0_0_0/0.9)]",
                  position,
                )}
              >
                {face ? (
                  <MediaImage src={face.cover_url} alt="" ratio={3 / 4} priority />
                ) : (
                  <div className="skeleton aspect-[3/4]" />
                )}
                {face ? (
                  <div className="absolute inset-x-0 bottom-0 bg-gradient-to-t from-ink-950/90 to-transparent p-3">
                    <p className="font-display text-lg text-white">
                      {face.name} <span className="text-sm text-ink-300">{face.age}</span>
                    </p>
                  </div>
                ) : null}
              </div>
            );
          })}
        </div>
      </div>
    </section>
  );
}
