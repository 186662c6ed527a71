import type { ButtonHTMLAttributes, ReactNode } from "react";
import { cn } from "@/lib/cn";

const chipBase = "inline-flex items-center gap-1.5 rounded-full border text-sm leading-none";

/** A static label (hobbies, counts). */
export function Chip({
  children,
  className,
  icon,
}: {
  children: ReactNode;
  className?: string;
  icon?: ReactNode;
}) {
  return (
    <span className={cn(chipBase, "border-white/10 bg-white/[0.04] px-3 py-1.5 text-ink-200", className)}>
      {icon}
      {children}
    </span>
  );
}

/** A pressable chip (suggestions, filters). */
export function ChipButton({
  className,
  type = "button",
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement>) {
  return (
    <button
      type={type}
      className={cn(
        chipBase,
        "border-coral-400/30 bg-coral-500/10 px-3.5 py-2 text-coral-200 transition hover:border-coral-400/60 hover:bg-coral-500/20 disabled:opacity-60",
        className,
      )}
      {...props}
    />
  );
}

/** A small overlay badge on media (duration, lock, price). */
export function Badge({
  children,
  className,
  icon,
}: {
  children: ReactNode;
  className?: string;
  icon?: ReactNode;
}) {
  return (
    <span
      className={cn(
        "inline-flex items-center gap-1 rounded-full bg-black/60 px-2 py-1 text-xs font-medium tabular-nums text-white backdrop-blur-md",
        className,
      )}
    >
      {icon}
      {children}
    </span>
  );
}
