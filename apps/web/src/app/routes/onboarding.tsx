import { Sparkles } from "lucide-react";
import { PlaceholderScreen } from "@/components/layout/placeholder-screen";

export default function OnboardingRoute() {
  return (
    <PlaceholderScreen
      title="Welcome to Reverie"
      description="A few quick questions to find the companions you'll like best."
      icon={<Sparkles className="size-6" aria-hidden="true" />}
    />
  );
}
