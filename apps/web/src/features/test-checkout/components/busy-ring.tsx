import { cn } from "@/lib/cn";

/**
 * A CSS ring for "working…", not the app's spinner icon: that icon lives in the entry, and
 * importing it from this screen made the build split shared code out of the entry for every route.
 */
export function BusyRing({ className = "size-4 border-white/40 border-t-white" }: { className?: string }) {
  return (
    <span aria-hidden="true" className={cn("inline-block animate-spin rounded-full border-2", className)} />
  );
}
