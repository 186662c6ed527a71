import { useParams } from "react-router";
import { TestCheckoutPage } from "@/features/test-checkout/components/test-checkout-page";
import { useDocumentTitle } from "@/hooks/use-document-title";

/** /pay/:orderId — the built-in test checkout's payment page: bare, as a provider's hosted page. */
export default function TestCheckoutRoute() {
  useDocumentTitle("Pay");
  const { orderId = "" } = useParams();
  return <TestCheckoutPage key={orderId} orderId={orderId} />;
}
