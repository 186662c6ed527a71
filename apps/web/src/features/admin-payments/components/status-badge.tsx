import { cn } from "@/lib/cn";

const TONES: Record<string, string> = {
  paid: "bg-emerald-400/15 text-emerald-200",
  active: "bg-emerald-400/15 text-emerald-200",
  payment_succeeded: "bg-emerald-400/15 text-emerald-200",
  subscription_renewed: "bg-emerald-400/15 text-emerald-200",
  failed: "bg-coral-500/15 text-coral-200",
  past_due: "bg-coral-500/15 text-coral-200",
  payment_failed: "bg-coral-500/15 text-coral-200",
  subscription_renewal_failed: "bg-coral-500/15 text-coral-200",
  refunded: "bg-amber-400/15 text-amber-200",
};

/** A status or event type as a small coloured label. */
export function StatusBadge({ status }: { status: string | null }) {
  if (!status) return null;
  return (
    <span className={cn("rounded-full px-2 py-0.5 text-xs", TONES[status] ?? "bg-white/10 text-ink-200")}>
      {status.replaceAll("_", " ")}
    </span>
  );
}
