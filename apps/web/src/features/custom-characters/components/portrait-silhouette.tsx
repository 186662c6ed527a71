import { useId } from "react";
import { cn } from "@/lib/cn";
import type { PortraitTint } from "../utils/portrait-tint";

const SHOULDERS: Record<PortraitTint["build"], number> = { slim: 20, average: 13, broad: 5 };

/**
 * The placeholder of a portrait not drawn yet: a head-and-shoulders silhouette against a soft
 * backdrop, tinted by the choices (skin, hair colour and length, eyes as the light, build).
 */
export function PortraitSilhouette({ tint, className }: { tint: PortraitTint; className?: string }) {
  const id = useId();
  const inset = SHOULDERS[tint.build] + (tint.feminine ? 5 : 0);
  const left = inset;
  const right = 120 - inset;
  const hairTop = tint.feminine
    ? "M38 62 C36 36 48 30 60 30 C74 30 85 38 82 62 C78 48 70 42 60 42 C50 42 42 48 38 62 Z"
    : "M39 58 C38 38 48 33 60 33 C73 33 83 39 81 58 C77 47 69 43 60 43 C51 43 43 47 39 58 Z";

  return (
    <svg
      viewBox="0 0 120 160"
      preserveAspectRatio="xMidYMid slice"
      aria-hidden="true"
      className={cn("block size-full", className)}
    >
      <defs>
        <linearGradient id={`${id}-backdrop`} x1="0" y1="0" x2="0.4" y2="1">
          <stop offset="0" stopColor={tint.backdrop[0]} />
          <stop offset="1" stopColor={tint.backdrop[1]} />
        </linearGradient>
        <radialGradient id={`${id}-glow`} cx="0.5" cy="0.38" r="0.5">
          <stop offset="0" stopColor={tint.eyes} stopOpacity="0.55" />
          <stop offset="1" stopColor={tint.eyes} stopOpacity="0" />
        </radialGradient>
        <linearGradient id={`${id}-shade`} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0.35" stopColor="#0b0710" stopOpacity="0" />
          <stop offset="1" stopColor="#0b0710" stopOpacity="0.75" />
        </linearGradient>
      </defs>
      <rect width="120" height="160" fill={`url(#${id}-backdrop)`} />
      <circle cx="60" cy="62" r="58" fill={`url(#${id}-glow)`} />
      {tint.hairLength === "long" ? (
        <path
          d="M36 60 C34 34 48 28 60 28 C74 28 88 36 84 62 L88 118 C74 124 46 124 32 118 Z"
          fill={tint.hair}
        />
      ) : null}
      <path
        d={`M${left} 160 C${left} 128 ${left + 18} 112 60 110 C${right - 18} 112 ${right} 128 ${right} 160 Z`}
        fill="#1d1528"
      />
      <path d="M50 96 L70 96 L66 122 L60 128 L54 122 Z" fill={tint.skin} opacity="0.9" />
      <rect x="52" y="78" width="16" height="26" rx="7" fill={tint.skin} />
      <ellipse cx="60" cy="62" rx="20" ry="24" fill={tint.skin} />
      {tint.hairLength === "none" ? null : <path d={hairTop} fill={tint.hair} />}
      <rect width="120" height="160" fill={`url(#${id}-shade)`} />
    </svg>
  );
}
