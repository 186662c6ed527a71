import { Crown } from "lucide-react";
import { PlaceholderScreen } from "@/components/layout/placeholder-screen";

export default function PlansRoute() {
  return (
    <PlaceholderScreen
      title="Plans"
      description="Compare plans and pick the one that fits how you like to chat."
      icon={<Crown className="size-6" aria-hidden="true" />}
    />
  );
}
