import { useEffect } from "react";
import { ANALYTICS_EVENTS, track } from "@/lib/analytics";
import { useSession } from "@/lib/auth";
import { CurrentPlan } from "./current-plan";
import { PlanPicker } from "./plan-picker";

interface PremiumOfferProps {
  /** the paywall's analytics source label (plans, subscribe, voice_message_free_plan_user…) */
  source: string;
  /** a path of this app to come back to after paying */
  returnPath?: string | undefined;
}

/** The plans for a free user (a paywall shown, with its source); a premium user's own plan instead. */
export function PremiumOffer({ source, returnPath }: PremiumOfferProps) {
  const { user } = useSession();
  const signedIn = user !== null;
  const premium = user?.plan === "premium";

  useEffect(() => {
    if (signedIn && !premium) track(ANALYTICS_EVENTS.paywallShown, { source });
  }, [source, premium, signedIn]);

  if (!user) return null;
  return premium ? <CurrentPlan tokens={user.tokens} /> : <PlanPicker returnPath={returnPath} />;
}
