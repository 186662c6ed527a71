import { LoaderCircle } from "lucide-react";
import { cn } from "@/lib/cn";

interface SpinnerProps {
  size?: "sm" | "md" | "lg";
  /** Text for screen readers; null when a surrounding element already says it. */
  label?: string | null;
  className?: string;
}

const sizes = { sm: "size-4", md: "size-6", lg: "size-9" };

export function Spinner({ size = "md", label = "Loading", className }: SpinnerProps) {
  return (
    <span role={label ? "status" : undefined} className={cn("inline-flex items-center", className)}>
      <LoaderCircle aria-hidden="true" className={cn("animate-spin text-coral-400", sizes[size])} />
      {label ? <span className="sr-only">{label}</span> : null}
    </span>
  );
}
