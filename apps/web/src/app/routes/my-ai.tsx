import { Heart } from "lucide-react";
import { PlaceholderScreen } from "@/components/layout/placeholder-screen";

export default function MyAiRoute() {
  return (
    <PlaceholderScreen
      title="Your AI"
      description="Everything about the character you created, in one place."
      icon={<Heart className="size-6" aria-hidden="true" />}
    />
  );
}
