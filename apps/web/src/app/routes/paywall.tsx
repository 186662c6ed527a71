import { Crown } from "lucide-react";
import { PlaceholderScreen } from "@/components/layout/placeholder-screen";

export default function PaywallRoute() {
  return (
    <PlaceholderScreen
      title="Unlock everything"
      description="Premium opens unlimited chats, private sets and your own characters."
      icon={<Crown className="size-6" aria-hidden="true" />}
    />
  );
}
