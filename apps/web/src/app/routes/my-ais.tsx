import { Heart } from "lucide-react";
import { PlaceholderScreen } from "@/components/layout/placeholder-screen";

export default function MyAisRoute() {
  return (
    <PlaceholderScreen
      title="Your AIs"
      description="All the characters you've created."
      icon={<Heart className="size-6" aria-hidden="true" />}
    />
  );
}
