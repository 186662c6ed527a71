import { UserRoundPlus } from "lucide-react";
import { PlaceholderScreen } from "@/components/layout/placeholder-screen";

export default function RegisterRoute() {
  return (
    <PlaceholderScreen
      title="Create your account"
      description="An account lets you chat with every character, keep your history and unlock private sets."
      icon={<UserRoundPlus className="size-6" aria-hidden="true" />}
      note="Sign-up arrives with accounts, very soon. Until then you can explore, browse the gallery and read every character's first message."
    />
  );
}
