import { CircleAlert, CircleCheck, Info } from "lucide-react";
import type { ReactNode } from "react";
import { cn } from "@/lib/cn";

type NoticeTone = "error" | "warning" | "success" | "info";

const tones: Record<NoticeTone, { box: string; icon: typeof Info }> = {
  error: { box: "border-coral-500/35 bg-coral-500/10 text-coral-100", icon: CircleAlert },
  warning: { box: "border-amber-400/35 bg-amber-400/10 text-amber-100", icon: CircleAlert },
  success: { box: "border-emerald-400/30 bg-emerald-400/10 text-emerald-100", icon: CircleCheck },
  info: { box: "border-violet-400/25 bg-violet-500/10 text-ink-100", icon: Info },
};

/**
 * An inline message in a form or panel. Errors are announced (role="alert"); warnings, success
 * and info are polite status messages.
 */
export function Notice({
  tone = "info",
  children,
  className,
  testId,
}: {
  tone?: NoticeTone;
  children: ReactNode;
  className?: string;
  testId?: string;
}) {
  const { box, icon: Icon } = tones[tone];
  return (
    <div
      role={tone === "error" ? "alert" : "status"}
      data-testid={testId}
      className={cn("flex items-start gap-3 rounded-2xl border px-4 py-3 text-sm", box, className)}
    >
      <Icon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <div className="min-w-0 flex-1">{children}</div>
    </div>
  );
}
