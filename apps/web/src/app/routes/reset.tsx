import { KeyRound } from "lucide-react";
import { PlaceholderScreen } from "@/components/layout/placeholder-screen";

export default function ResetRoute() {
  return (
    <PlaceholderScreen
      title="Set a new password"
      description="Choose a new password for your account."
      icon={<KeyRound className="size-6" aria-hidden="true" />}
      note="Password reset arrives with accounts."
    />
  );
}
