import { LogOut } from "lucide-react";
import { Page } from "@/components/layout/page";
import { Button } from "@/components/ui/button";
import { AccountSummary } from "@/features/settings/components/account-summary";
import { ChangePasswordForm } from "@/features/settings/components/change-password-form";
import { GenderChoice } from "@/features/settings/components/gender-choice";
import { ProfileForm } from "@/features/settings/components/profile-form";
import { SessionsPanel } from "@/features/settings/components/sessions-panel";
import { SettingsSection } from "@/features/settings/components/settings-section";
import { useDocumentTitle } from "@/hooks/use-document-title";
import { useSession } from "@/lib/auth";
import { useLogout } from "@/lib/logout";

/** /settings: profile, gender choice, password, signed-in devices, log out. */
export default function SettingsRoute() {
  useDocumentTitle("Settings");
  const { user } = useSession();
  const logout = useLogout();
  // The route exists only in the signed-in set; the user is loaded before the router is built.
  if (!user) return null;

  return (
    <Page narrow className="space-y-5 sm:space-y-6">
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
      >
        <SessionsPanel />
      </SettingsSection>
    </Page>
  );
}
