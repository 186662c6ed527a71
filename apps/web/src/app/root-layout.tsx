import { type ComponentType, lazy, Suspense, useEffect, useState } from "react";
import { Outlet, useLocation } from "react-router";
import { BottomTabBar } from "@/components/layout/bottom-tab-bar";
import { Footer } from "@/components/layout/footer";
import { PageLoading } from "@/components/layout/loading-screen";
import { NavigationProgress } from "@/components/layout/navigation-progress";
import { TopNav } from "@/components/layout/top-nav";
import { AgeGate } from "@/features/age-gate/components/age-gate";
import { useAgeConfirmation } from "@/features/age-gate/hooks/use-age-confirmation";
import { useInterestSelectionVisible } from "@/features/interest/hooks/use-interest-selection";
import { useInstallModalVisible } from "@/features/pwa/hooks/use-install-modal-visible";
import { useUpdateReady } from "@/features/pwa/update-ready";
import { useSession } from "@/lib/auth";
import { loadChunk } from "@/lib/chunk-load";
import { cn } from "@/lib/cn";
import { useRouteHandle } from "@/lib/route-handle";
import { ScrollRestoration } from "@/lib/scroll-restoration";
import { useStorageValue } from "@/lib/storage";
import { ErrorBoundary } from "./errors";

// Overlays that come after the first screen load on demand, when they are to be shown, failing after
// the spec's 120 s like a screen's chunk (lib/chunk-load.ts). (The age gate is the first screen of a
// first visit, and the error boundaries must show when code fails to load, so those stay.)
const CookieBanner = lazy(() =>
  loadChunk("cookie-banner", () => import("@/features/cookie-consent/components/cookie-banner")).then(
    (module) => ({
      default: module.CookieBanner,
    }),
  ),
);
const InterestSelection = lazy(() =>
  loadChunk("interest-selection", () => import("@/features/interest/components/interest-selection")).then(
    (module) => ({
      default: module.InterestSelection,
    }),
  ),
);
const UpdatePlanModal = lazy(() =>
  loadChunk("update-plan-modal", () => import("@/features/billing/components/update-plan-modal")).then(
    (module) => ({
      default: module.UpdatePlanModal,
    }),
  ),
);
const InstallModal = lazy(() =>
  loadChunk("install-modal", () => import("@/features/pwa/components/install-modal")).then((module) => ({
    default: module.InstallModal,
  })),
);
const UpdateToast = lazy(() =>
  loadChunk("update-toast", () => import("@/features/pwa/components/update-toast")).then((module) => ({
    default: module.UpdateToast,
  })),
);
// The socket's balance and plan updates: with the session, so the socket's code is not in a visitor's entry.
const UserUpdates = lazy(() =>
  loadChunk("user-updates", () => import("@/lib/use-user-updates")).then((module) => ({
    default: module.UserUpdates,
  })),
);

/** Ambient art behind the age gate; no content is rendered (or fetched) until the age is confirmed. */
function GateBackdrop() {
  return (
    <div aria-hidden="true" className="fixed inset-0 overflow-hidden bg-ink-950">
      <div className="absolute top-[-10%] left-[-10%] size-[60vmax] rounded-full bg-coral-600/20 blur-[120px]" />
      <div className="absolute right-[-15%] bottom-[-20%] size-[65vmax] rounded-full bg-violet-700/25 blur-[140px]" />
      <div className="absolute top-1/3 left-1/2 size-[30vmax] -translate-x-1/2 rounded-full bg-rose-500/10 blur-[100px]" />
    </div>
  );
}

/** The current screen; a failure in it keeps the shell (nav, footer) until the next navigation. */
function Screen() {
  const location = useLocation();
  return (
    <ErrorBoundary fullScreen={false} resetKey={location.key}>
      <Suspense fallback={<PageLoading />}>
        <Outlet />
      </Suspense>
    </ErrorBoundary>
  );
}

/**
 * The shell of every screen: top nav / bottom tabs, footer, and the overlays in spec order —
 * age gate first (nothing else is shown until it is confirmed, except on /terms and
 * /privacy_policy), then the cookie banner, the interest selection, and the update-plan prompt
 * after a failed renewal.
 */
export function RootLayout() {
  const handle = useRouteHandle();
  // Utility screens (the OAuth popup's callback) render alone.
  if (handle.bare) return <Screen />;
  return <Shell />;
}

/** Nav, footer and overlays around the current screen. */
/**
 * The offline notice's code loads after the first render, not with the entry: it is needed only
 * when the network or the server goes, and the worker precaches it (build/precache.ts) for a page
 * opened offline. Until it has loaded (or if it can't), nothing shows.
 */
function useOfflineNotice(): ComponentType | null {
  const [notice, setNotice] = useState<ComponentType | null>(null);
  useEffect(() => {
    let active = true;
    import("@/features/pwa/components/offline-notice").then(
      (module) => {
        if (active) setNotice(() => module.OfflineNotice);
      },
      (error: unknown) => console.error("Couldn't load the offline notice.", error),
    );
    return () => {
      active = false;
    };
  }, []);
  return notice;
}

function Shell() {
  const session = useSession();
  const signedIn = session.status === "signed-in";
  const handle = useRouteHandle();
  const age = useAgeConfirmation();
  const gated = !age.confirmed && !handle.skipAgeGate;
  const cookiesAnswered = useStorageValue("cookieDismissed") !== null;
  const showInterest = useInterestSelectionVisible(
    !gated && age.confirmed && Boolean(handle.interestSelection),
  );
  const showInstall = useInstallModalVisible(
    signedIn && !gated && !showInterest && !session.user?.payment_failed,
  );
  const updateReady = useUpdateReady();
  const OfflineNotice = useOfflineNotice();

  return (
    <>
      <ScrollRestoration />
      <NavigationProgress />
      {OfflineNotice ? <OfflineNotice /> : null}
      {gated ? null : (
        <div
          data-testid="app-shell"
          className={cn("flex min-h-dvh flex-col md:pb-0", handle.immersive ? "pb-0" : "pb-16")}
        >
          <a
            href="#main"
            className="sr-only rounded-full bg-coral-500 px-4 py-2 text-sm font-semibold text-white focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-[90]"
          >
            Skip to content
          </a>
          <TopNav signedIn={signedIn} />
          <main id="main" className="flex-1">
            <Screen />
          </main>
          {handle.immersive ? null : <Footer />}
          <BottomTabBar signedIn={signedIn} className={handle.immersive ? "hidden" : undefined} />
        </div>
      )}
      {gated ? (
        <>
          <GateBackdrop />
          <AgeGate onConfirm={age.confirm} />
        </>
      ) : age.confirmed && !cookiesAnswered ? (
        <Suspense fallback={null}>
          <CookieBanner />
        </Suspense>
      ) : null}
      {showInterest ? (
        <Suspense fallback={null}>
          <InterestSelection />
        </Suspense>
      ) : null}
      {signedIn ? (
        <Suspense fallback={null}>
          <UserUpdates />
        </Suspense>
      ) : null}
      {!gated && !showInterest && session.user?.payment_failed ? (
        <Suspense fallback={null}>
          <UpdatePlanModal />
        </Suspense>
      ) : null}
      {showInstall ? (
        <Suspense fallback={null}>
          <InstallModal />
        </Suspense>
      ) : null}
      {updateReady ? (
        <Suspense fallback={null}>
          <UpdateToast />
        </Suspense>
      ) : null}
    </>
  );
}
