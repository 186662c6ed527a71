import { Crown } from "lucide-react";
import { PlaceholderScreen } from "@/components/layout/placeholder-screen";

export default function SubscribeRoute() {
  return (
    <PlaceholderScreen
      title="Go Premium"
      description="Unlimited messages, monthly tokens, voice replies and image generation."
      icon={<Crown className="size-6" aria-hidden="true" />}
    />
  );
}
