import { CreditCard } from "lucide-react";
import { PlaceholderScreen } from "@/components/layout/placeholder-screen";

export default function CheckoutRoute() {
  return (
    <PlaceholderScreen
      title="Checkout"
      description="Review your order and pay securely."
      icon={<CreditCard className="size-6" aria-hidden="true" />}
    />
  );
}
