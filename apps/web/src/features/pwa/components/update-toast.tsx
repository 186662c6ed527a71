import { RefreshCw } from "lucide-react";
import { Button } from "@/components/ui/button";
import { reloadToUpdate } from "../update-ready";

/** Offers the new version the service worker has waiting; the user chooses when to reload. */
export function UpdateToast() {
  return (
    <section
      aria-label="App update"
      data-testid="update-toast"
      className="fixed inset-x-3 bottom-[calc(4.75rem+env(safe-area-inset-bottom))] z-50 animate-rise-in md:inset-x-auto md:right-6 md:bottom-6 md:max-w-md"
    >
      <div
        role="status"
        className="flex items-center gap-4 rounded-2xl border border-white/10 bg-ink-800/95 p-4 text-sm shadow-[0_20px_60px_-20px_rgb(0_0_0/0.9)] backdrop-blur-xl"
      >
        <p className="min-w-0 flex-1 font-medium text-ink-100">A new version is ready</p>
        <Button size="sm" onClick={reloadToUpdate} icon={<RefreshCw className="size-4" aria-hidden="true" />}>
          Reload
        </Button>
      </div>
    </section>
  );
}
