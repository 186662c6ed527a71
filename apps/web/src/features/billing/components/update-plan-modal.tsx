import { CreditCard } from "lucide-react";
import { useState } from "react";
import { useLocation } from "react-router";
import { Button } from "@/components/ui/button";
import { Modal } from "@/components/ui/modal";
import { updatePayment } from "../api/update-payment";
import { useUpdatePlanPrompt } from "../hooks/use-update-plan-prompt";
import { isPurchaseScreen } from "../utils/return-path";
import { CheckoutError } from "./checkout-error";

/**
 * Shown on load when the last renewal failed (`payment_failed`), once per browser session and not
 * over the purchase screens: fixing the card happens on the provider's page (POST
 * /api/payment/update answers its address).
 */
export function UpdatePlanModal() {
  const prompt = useUpdatePlanPrompt();
  const { pathname } = useLocation();
  // Plain state, not a mutation: this prompt loads from the shell, where useMutation would split
  // shared code out of the entry for every screen.
  const [leaving, setLeaving] = useState(false);
  const [error, setError] = useState<unknown>(null);

  async function openPaymentPage() {
    setLeaving(true);
    setError(null);
    try {
      const { url } = await updatePayment();
      window.location.assign(url);
    } catch (failure) {
      console.error("Can't get payment url", failure);
      setError(failure);
      setLeaving(false);
    }
  }
  // On a purchase screen the user is already paying: the prompt waits for the next screen.
  if (!prompt.open || isPurchaseScreen(pathname)) return null;

  return (
    <Modal
      title="Your last payment didn't go through"
      onClose={prompt.dismiss}
      size="sm"
      testId="update-plan-modal"
      header={
        <span className="mb-4 grid size-12 place-items-center rounded-2xl bg-coral-500/15 text-coral-300">
          <CreditCard className="size-6" aria-hidden="true" />
        </span>
      }
    >
      <p className="mt-2 text-ink-300">
        We couldn't renew your Premium with the card on file. Update your payment details to keep unlimited
        messages, voice messages and your monthly tokens.
      </p>
      {error ? <CheckoutError className="mt-5" error={error} /> : null}
      <div className="mt-7 flex flex-col gap-3 sm:flex-row-reverse">
        <Button
          className="sm:flex-1"
          loading={leaving}
          onClick={openPaymentPage}
          data-testid="update-payment"
        >
          Update payment details
        </Button>
        <Button
          variant="ghost"
          className="sm:flex-1"
          onClick={prompt.dismiss}
          data-testid="update-plan-later"
        >
          Not now
        </Button>
      </div>
    </Modal>
  );
}
