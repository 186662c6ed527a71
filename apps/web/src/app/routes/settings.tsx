import { Settings } from "lucide-react";
import { PlaceholderScreen } from "@/components/layout/placeholder-screen";

export default function SettingsRoute() {
  return (
    <PlaceholderScreen
      title="Settings"
      description="Your account, plan, tokens and privacy preferences."
      icon={<Settings className="size-6" aria-hidden="true" />}
    />
  );
}
