import { WandSparkles } from "lucide-react";
import { PlaceholderScreen } from "@/components/layout/placeholder-screen";

export default function CreateAiRoute() {
  return (
    <PlaceholderScreen
      title="Create your AI"
      description="Design a companion of your own: looks, personality, hobbies and how you met."
      icon={<WandSparkles className="size-6" aria-hidden="true" />}
    />
  );
}
