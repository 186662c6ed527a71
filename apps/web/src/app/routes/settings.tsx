import { LogOut } from "lucide-react";
import { lazy } from "react";
import { Page } from "@/components/layout/page";
import { Button } from "@/components/ui/button";
import { AccountSummary } from "@/features/settings/components/account-summary";
import { ChangePasswordForm } from "@/features/settings/components/change-password-form";
import { GenderChoice } from "@/features/settings/components/gender-choice";
import { ProfileForm } from "@/features/settings/components/profile-form";
import { SettingsSection } from "@/features/settings/components/settings-section";
import { useDocumentTitle } from "@/hooks/use-document-title";
import { useSession } from "@/lib/auth";
import { useLogout } from "@/lib/logout";

// The billing parts and the sections below the fold load beside the screen, not before it: the
// screen's first JavaScript has a budget.
const PlanSummary = lazy(() =>
  import("@/features/settings/components/plan-summary").then((module) => ({ default: module.PlanSummary })),
);
const PaymentHistory = lazy(() =>
  import("@/features/settings/components/payment-history").then((module) => ({
    default: module.PaymentHistory,
  })),
);
const YourData = lazy(() =>
  import("@/features/settings/components/your-data").then((module) => ({ default: module.YourData })),
);
const SessionReplayChoice = lazy(() =>
  import("@/features/settings/components/session-replay-choice").then((module) => ({
    default: module.SessionReplayChoice,
  })),
);
const SessionsPanel = lazy(() =>
  import("@/features/settings/components/sessions-panel").then((module) => ({
    default: module.SessionsPanel,
  })),
);
const TokenStatement = lazy(() =>
  import("@/features/settings/components/token-statement").then((module) => ({
    default: module.TokenStatement,
  })),
);

/** /settings: plan and billing, profile, gender choice, password, signed-in devices, payments, tokens, privacy, your data, log out. */
export default function SettingsRoute() {
  useDocumentTitle("Settings");
  const { user } = useSession();
  const logout = useLogout();
  // The route exists only in the signed-in set; the user is loaded before the router is built.
  if (!user) return null;

  return (
    <Page narrow>
      {/* every part of this screen is about the account: masked in session replays (decision 0026) */}
      <div data-private className="space-y-5 sm:space-y-6">
        <header className="flex flex-wrap items-end justify-between gap-4">
          <div>
            <p className="mb-1.5 text-xs font-semibold tracking-[0.18em] text-coral-300 uppercase">Account</p>
            <h1 className="font-display text-3xl text-ink-100 sm:text-4xl">Settings</h1>
          </div>
          <Button
            variant="secondary"
            loading={logout.isPending}
            onClick={() => logout.mutate()}
            icon={<LogOut className="size-4" aria-hidden="true" />}
          >
            Log out
          </Button>
        </header>
        <AccountSummary user={user} />
        <SettingsSection
          id="billing"
          title="Plan and billing"
          description="Your plan, and how it renews."
          loading="h-24 rounded-2xl"
        >
          <PlanSummary user={user} />
        </SettingsSection>
        <SettingsSection id="profile" title="Profile" description="How your characters address you.">
          <ProfileForm user={user} />
        </SettingsSection>
        <SettingsSection
          id="gender"
          title="Who you'd like to meet"
          description="The characters your home screen shows first."
        >
          <GenderChoice user={user} />
        </SettingsSection>
        <SettingsSection id="password" title="Password" description="Choose a new password for signing in.">
          <ChangePasswordForm />
        </SettingsSection>
        <SettingsSection
          id="sessions"
          title="Where you're signed in"
          description="Devices with access to your account."
          loading="h-24 rounded-2xl"
        >
          <SessionsPanel />
        </SettingsSection>
        <SettingsSection
          id="payments"
          title="Payment history"
          description="What you've bought, and whether each payment went through."
          loading="h-14"
        >
          <PaymentHistory />
        </SettingsSection>
        <SettingsSection
          id="tokens"
          title="Token statement"
          description="Every token you've received or spent, and the balance after."
          loading="h-12"
        >
          <TokenStatement />
        </SettingsSection>
        <SettingsSection
          id="privacy"
          title="Privacy"
          description="Whether your visits may be recorded to help improve Reverie."
          loading="h-12"
        >
          <SessionReplayChoice />
        </SettingsSection>
        <SettingsSection
          id="your-data"
          title="Your data"
          description="Take a copy of everything, or delete your account."
          loading="h-24"
        >
          <YourData />
        </SettingsSection>
      </div>
    </Page>
  );
}
