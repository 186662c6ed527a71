import { useScreenLoading } from "@/lib/lazy-screen";

/** A thin bar at the top of the viewport while the router loads the next screen's code. */
export function NavigationProgress() {
  if (!useScreenLoading()) return null;
  return (
    <div aria-hidden="true" className="fixed inset-x-0 top-0 z-[80] h-0.5 overflow-hidden bg-coral-500/10">
      <div className="h-full w-1/3 animate-progress bg-gradient-to-r from-coral-400 via-coral-500 to-violet-500" />
    </div>
  );
}
