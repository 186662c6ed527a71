import { ImagePlus } from "lucide-react";
import { PlaceholderScreen } from "@/components/layout/placeholder-screen";

export default function GenerateImageRoute() {
  return (
    <PlaceholderScreen
      title="Generate images"
      description="Ask a character for a new picture, exactly the way you imagine it."
      icon={<ImagePlus className="size-6" aria-hidden="true" />}
    />
  );
}
