import { Cookie } from "lucide-react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { paths } from "@/config/paths";
import { storage, useStorageValue } from "@/lib/storage";

/** Shown once the age is confirmed (`IamOver18`) until accepted (`isCookieShow`). */
export function CookieBanner() {
  const ageConfirmed = useStorageValue("ageConfirmed") !== null;
  const dismissed = useStorageValue("cookieDismissed") !== null;
  if (!ageConfirmed || dismissed) return null;

  return (
    <section
      aria-label="Cookie consent"
      data-testid="cookie-banner"
      className="fixed inset-x-3 bottom-[calc(4.75rem+env(safe-area-inset-bottom))] z-50 animate-rise-in md:inset-x-auto md:right-6 md:bottom-6 md:max-w-md"
    >
      <div className="flex items-center gap-4 rounded-2xl border border-white/10 bg-ink-800/95 p-4 shadow-[0_20px_60px_-20px_rgb(0_0_0/0.9)] backdrop-blur-xl">
        <span className="hidden size-10 shrink-0 place-items-center rounded-xl bg-coral-500/15 text-coral-300 xs:grid">
          <Cookie className="size-5" aria-hidden="true" />
        </span>
        <div className="min-w-0 flex-1 text-sm">
          <p className="font-semibold text-ink-100">We use cookies</p>
          <p className="mt-0.5 text-ink-300">
            For analytics and spam detection.{" "}
            <Link
              to={paths.terms}
              className="font-medium text-coral-300 underline underline-offset-4 hover:text-coral-200"
            >
              Read more
            </Link>
          </p>
        </div>
        <Button size="sm" onClick={() => storage.set("cookieDismissed", "true")}>
          Accept All
        </Button>
      </div>
    </section>
  );
}
