import { Link } from "react-router";
import { cn } from "@/lib/cn";

export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" className={cn("size-8", className)}>
      <defs>
        <linearGradient id="reverie-logo" x1="2" y1="2" x2="30" y2="30" gradientUnits="userSpaceOnUse">
          <stop offset="0" stopColor="#ff8a8e" />
          <stop offset="0.55" stopColor="#ec4668" />
          <stop offset="1" stopColor="#8b5cf6" />
        </linearGradient>
      </defs>
      <rect x="1" y="1" width="30" height="30" rx="9" fill="url(#reverie-logo)" opacity="0.16" />
      <rect
        x="1.5"
        y="1.5"
        width="29"
        height="29"
        rx="8.5"
        fill="none"
        stroke="url(#reverie-logo)"
        strokeOpacity="0.5"
      />
      <path
        d="M10.5 24V8h6.2c3.5 0 5.8 2 5.8 5 0 2.3-1.35 4-3.5 4.65L23 24h-3.8l-3.6-6H14v6zm3.5-9.1h2.55c1.6 0 2.5-.75 2.5-1.95s-.9-1.95-2.5-1.95H14z"
        fill="url(#reverie-logo)"
      />
    </svg>
  );
}

/** The "Reverie" wordmark, linking home. */
export function Logo({ className }: { className?: string }) {
  return (
    <Link
      to="/"
      aria-label="Reverie home"
      className={cn("group inline-flex items-center gap-2.5 rounded-xl", className)}
      data-testid="logo"
    >
      <LogoMark className="transition duration-300 group-hover:rotate-[-6deg]" />
      <span className="font-display text-[1.45rem] leading-none font-semibold tracking-tight text-ink-100">
        Reverie
      </span>
    </Link>
  );
}
