import { Cookie } from "lucide-react";
import { type RefObject, useLayoutEffect, useRef } from "react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { OVERLAY_INSET_BOTTOM } from "@/components/ui/modal";
import { paths } from "@/config/paths";
import { storage, useStorageValue } from "@/lib/storage";

/** Space between the banner and a dialog above it. */
const GAP_PX = 12;

/**
 * Tells dialogs how much of the bottom of the screen the banner takes (the CSS variable
 * OVERLAY_INSET_BOTTOM), so one opened beside it (the interest selection) sits above it.
 */
function useReservedBottom(banner: RefObject<HTMLElement | null>): void {
  useLayoutEffect(() => {
    const element = banner.current;
    if (!element) return;
    const root = document.documentElement;
    // offsetTop, not the bounding box: the banner rises in (a transform) while it is first measured
    const reserve = () => {
      const reserved = Math.max(0, window.innerHeight - element.offsetTop + GAP_PX);
      root.style.setProperty(OVERLAY_INSET_BOTTOM, `${reserved}px`);
    };
    reserve();
    const observer = new ResizeObserver(reserve);
    observer.observe(element);
    window.addEventListener("resize", reserve);
    return () => {
      observer.disconnect();
      window.removeEventListener("resize", reserve);
      root.style.removeProperty(OVERLAY_INSET_BOTTOM);
    };
  }, [banner]);
}

/**
 * Shown once the age is confirmed (`IamOver18`) until accepted (`isCookieShow`). Not a dialog: it
 * sits at the bottom, above any dialog's backdrop so it can be answered at once, and never covers
 * the dialog (the interest selection opens beside it).
 */
export function CookieBanner() {
  const ageConfirmed = useStorageValue("ageConfirmed") !== null;
  const dismissed = useStorageValue("cookieDismissed") !== null;
  if (!ageConfirmed || dismissed) return null;
  return <Banner />;
}

function Banner() {
  const banner = useRef<HTMLElement>(null);
  useReservedBottom(banner);

  return (
    <section
      ref={banner}
      aria-label="Cookie consent"
      data-testid="cookie-banner"
      className="fixed inset-x-3 bottom-[calc(4.75rem+env(safe-area-inset-bottom))] z-[65] animate-rise-in md:inset-x-auto md:right-6 md:bottom-6 md:max-w-md"
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
