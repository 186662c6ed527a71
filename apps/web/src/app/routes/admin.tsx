import { ShieldCheck } from "lucide-react";
import { PlaceholderScreen } from "@/components/layout/placeholder-screen";

export default function AdminRoute() {
  return (
    <PlaceholderScreen
      title="Admin"
      description="Tools for running Reverie: moderation, characters and reports."
      icon={<ShieldCheck className="size-6" aria-hidden="true" />}
    />
  );
}
