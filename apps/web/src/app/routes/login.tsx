import { LogIn } from "lucide-react";
import { PlaceholderScreen } from "@/components/layout/placeholder-screen";

export default function LoginRoute() {
  return (
    <PlaceholderScreen
      title="Sign in"
      description="Welcome back. Sign in to pick up your conversations where you left them."
      icon={<LogIn className="size-6" aria-hidden="true" />}
      note="Sign-in arrives with accounts, very soon. Until then you can explore, browse the gallery and read every character's first message."
    />
  );
}
