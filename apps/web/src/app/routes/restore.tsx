import { KeyRound } from "lucide-react";
import { PlaceholderScreen } from "@/components/layout/placeholder-screen";

export default function RestoreRoute() {
  return (
    <PlaceholderScreen
      title="Restore password"
      description="Forgot your password? We'll email you a link to set a new one."
      icon={<KeyRound className="size-6" aria-hidden="true" />}
      note="Password recovery arrives with accounts."
    />
  );
}
