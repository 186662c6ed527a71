import type { Bundle } from "@reverie/shared";
import { CircleCheck, Lock } from "lucide-react";
import { lazy, type ReactNode, Suspense, useEffect, useRef, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { Button } from "@/components/ui/button";
import { paths } from "@/config/paths";
import { useSession } from "@/lib/auth";
import { formatTokens } from "@/lib/format";
import { storage } from "@/lib/storage";
import type { BundlePurchase } from "./bundle-purchase-confirm";

/** Loaded when Unlock is pressed, with the purchase call: not with the screens showing bundles. */
const BundlePurchaseConfirm = lazy(() =>
  import("./bundle-purchase-confirm").then((module) => ({ default: module.BundlePurchaseConfirm })),
);

type Step = { name: "locked" } | { name: "confirm" } | { name: "bought"; purchase: BundlePurchase };

function UnlockedNote({ purchase }: { purchase: BundlePurchase | null }) {
  return (
    <p
      role="status"
      tabIndex={-1}
      data-step-focus
      data-testid="bundle-unlocked"
      className="flex items-start gap-2 self-stretch rounded-2xl border border-emerald-400/30 bg-emerald-400/10 px-4 py-3 text-sm text-emerald-100 outline-none"
    >
      <CircleCheck className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <span>
        {purchase === null
          ? "Unlocked. Every photo and video of this set is yours."
          : purchase.already_owned
            ? "You already own this set, so nothing was charged. Every photo and video is unlocked."
            : `Unlocked. You have ${formatTokens(purchase.current_tokens)} tokens left.`}
      </span>
    </p>
  );
}

/**
 * Unlock for a bundle: signed out, it goes to sign in and back here; signed in, it asks to confirm
 * the price, then buys the bundle with tokens. `unlocked` when the bundle's items came unlocked.
 */
export function BundleUnlock({
  bundle,
  unlocked = false,
  onInsufficientBalance,
}: {
  bundle: Pick<Bundle, "id" | "title" | "price_tokens">;
  unlocked?: boolean;
  onInsufficientBalance: () => void;
}) {
  const session = useSession();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const [step, setStep] = useState<Step>({ name: "locked" });
  const rootRef = useRef<HTMLDivElement>(null);
  // Focus follows the steps the user moves through, never on the first render.
  const moved = useRef(false);

  useEffect(() => {
    if (!moved.current || step.name === "confirm") return;
    rootRef.current?.querySelector<HTMLElement>("[data-step-focus]")?.focus({ preventScroll: true });
  }, [step]);

  function go(next: Step) {
    moved.current = true;
    setStep(next);
  }

  function unlock() {
    if (session.status === "signed-out") {
      // back to this screen after signing in, as the member-screen guards do
      storage.set("returnUrl", `${pathname}${search}`);
      navigate(paths.login);
      return;
    }
    go({ name: "confirm" });
  }

  let content: ReactNode;
  if (step.name === "bought") {
    content = <UnlockedNote purchase={step.purchase} />;
  } else if (unlocked) {
    content = <UnlockedNote purchase={null} />;
  } else if (step.name === "confirm" && session.user) {
    content = (
      <Suspense fallback={<Button loading>Unlock</Button>}>
        <BundlePurchaseConfirm
          bundle={bundle}
          balance={session.user.tokens}
          onPurchased={(purchase) => go({ name: "bought", purchase })}
          onCancel={() => go({ name: "locked" })}
          onInsufficientBalance={() => {
            setStep({ name: "locked" });
            onInsufficientBalance();
          }}
        />
      </Suspense>
    );
  } else {
    content = (
      <Button
        data-step-focus
        loading={session.status === "loading"}
        onClick={unlock}
        icon={<Lock className="size-4" aria-hidden="true" />}
        data-testid="bundle-unlock"
      >
        Unlock for {formatTokens(bundle.price_tokens)} tokens
      </Button>
    );
  }

  return (
    <div ref={rootRef} className="flex flex-col items-stretch gap-2 sm:items-start">
      {content}
    </div>
  );
}
