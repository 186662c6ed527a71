import { useState } from "react";
import { Link } from "react-router";
import { paths } from "@/config/paths";
import { errorMessage, isApiError } from "@/lib/api-client";
import { useSession } from "@/lib/auth";
import { formatPrice } from "@/lib/format";
import { useTestCheckout } from "../api/get-test-checkout";
import { payTestCheckout, type TestCardPayment } from "../api/pay-test-checkout";
import {
  type CardDetails,
  type CardErrors,
  cardErrors,
  formatCardNumber,
  sampleExpiry,
} from "../utils/card-input";
import { BusyRing } from "./busy-ring";
import { CardForm } from "./card-form";
import { OrderSummary } from "./order-summary";
import { PaymentFailure } from "./payment-failure";
import { TestModeRibbon } from "./test-mode-ribbon";
import { VerificationStep } from "./verification-step";

const EMPTY_CARD: CardDetails = { number: "", expiry: "", cvc: "", name: "" };

/** A whole-page message of the hosted page (loading, a bad link, a closed order). */
function Standalone({ children }: { children: React.ReactNode }) {
  return (
    <div className="grid min-h-dvh place-items-center bg-slate-100 px-4 text-center text-slate-900">
      <div className="max-w-md space-y-3">{children}</div>
    </div>
  );
}

/**
 * The built-in test checkout's payment page (/pay/<order>): it plays a payment provider's hosted
 * page. The test cards approve, decline, run out of funds or ask for a one-time code; approved,
 * the browser goes back to the app's return page.
 */
export function TestCheckoutPage({ orderId }: { orderId: string }) {
  const checkout = useTestCheckout(orderId);
  const [paying, setPaying] = useState(false);
  const { user } = useSession();
  const [card, setCard] = useState<CardDetails>(EMPTY_CARD);
  const [errors, setErrors] = useState<CardErrors>({});
  const [verification, setVerification] = useState<{ message: string; code: string } | null>(null);
  const [failure, setFailure] = useState<{ title: string; message: string } | null>(null);
  const [leaving, setLeaving] = useState(false);

  if (checkout.isPending) {
    return (
      <Standalone>
        <p role="status" className="inline-flex items-center gap-2 text-slate-600">
          <BusyRing className="size-6 border-indigo-200 border-t-indigo-600" />
          Loading the payment…
        </p>
      </Standalone>
    );
  }
  if (checkout.isError) {
    const notFound = isApiError(checkout.error) && checkout.error.isNotFound;
    return (
      <Standalone>
        <h1 className="text-2xl font-semibold">
          {notFound ? "This payment link isn't valid" : "We couldn't load the payment"}
        </h1>
        <p className="text-slate-600">
          {notFound ? "It may have expired, or belong to another account." : errorMessage(checkout.error)}
        </p>
        <Link
          to={paths.home}
          className="inline-block font-medium text-indigo-700 underline underline-offset-2"
        >
          Back to Reverie
        </Link>
      </Standalone>
    );
  }

  const { order, test_cards: testCards, return_url: returnUrl, cancel_url: cancelUrl } = checkout.data;
  if (order.status === "paid" || order.status === "canceled") {
    const paid = order.status === "paid";
    return (
      <Standalone>
        <h1 className="text-2xl font-semibold">
          {paid ? "This order is already paid" : "This payment was canceled"}
        </h1>
        <p className="text-slate-600">{order.description}</p>
        <a
          href={paid ? returnUrl : cancelUrl}
          className="inline-block font-medium text-indigo-700 underline underline-offset-2"
        >
          Back to Reverie
        </a>
      </Standalone>
    );
  }

  const amount = formatPrice(order.amount_cents, order.currency);
  const busy = paying || leaving;

  function leaveFor(url: string) {
    setLeaving(true);
    window.location.assign(url);
  }

  function pickTestCard(number: string) {
    setCard((current) => ({
      number: formatCardNumber(number),
      expiry: current.expiry || sampleExpiry(),
      cvc: current.cvc || "123",
      name: current.name || user?.first_name || "Test Customer",
    }));
    setErrors({});
    setVerification(null);
  }

  function send(verificationCode?: string) {
    const problems = cardErrors(card);
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    setFailure(null);
    const payment: TestCardPayment = {
      card_number: card.number,
      expiry: card.expiry,
      cvc: card.cvc,
      name: card.name.trim(),
      ...(verificationCode === undefined ? {} : { verification_code: verificationCode }),
    };
    setPaying(true);
    payTestCheckout(orderId, payment)
      .then((result) => {
        switch (result.outcome) {
          case "approved":
            leaveFor(result.redirect_url ?? returnUrl);
            return;
          case "verification_required":
            setVerification({ message: result.message, code: "" });
            return;
          case "verification_failed":
            setFailure({ title: "Payment failed", message: result.message });
            setVerification((current) => (current ? { ...current, code: "" } : current));
            return;
          default:
            setVerification(null);
            setFailure({ title: "Payment failed", message: result.message });
        }
      })
      .catch((error: unknown) =>
        setFailure({ title: "We couldn't take the payment", message: errorMessage(error) }),
      )
      .finally(() => setPaying(false));
  }

  return (
    <div className="min-h-dvh bg-slate-100 text-slate-900">
      <TestModeRibbon testCards={testCards} onPick={pickTestCard} />
      <main className="mx-auto grid max-w-5xl gap-8 px-4 py-8 sm:px-6 md:grid-cols-[1fr_1.15fr] md:gap-12 md:py-14">
        <OrderSummary order={order} cancelUrl={cancelUrl} />
        <section
          aria-labelledby="pay-title"
          className="rounded-2xl bg-white p-5 shadow-[0_12px_40px_-16px_rgb(15_23_42/0.25)] ring-1 ring-slate-200 sm:p-7"
        >
          <h2 id="pay-title" className="mb-5 text-lg font-semibold">
            {verification ? "Confirm the payment" : "Pay with card"}
          </h2>
          {failure ? (
            <div className="mb-5">
              <PaymentFailure title={failure.title} message={failure.message} cancelUrl={cancelUrl} />
            </div>
          ) : null}
          {verification ? (
            <VerificationStep
              code={verification.code}
              message={verification.message}
              busy={busy}
              onChange={(code) => setVerification({ ...verification, code })}
              onSubmit={() => send(verification.code)}
              onUseAnotherCard={() => {
                setVerification(null);
                setFailure(null);
              }}
            />
          ) : (
            <CardForm
              card={card}
              errors={errors}
              onChange={setCard}
              onSubmit={() => send()}
              busy={busy}
              amount={amount}
            />
          )}
          <button
            type="button"
            onClick={() => leaveFor(cancelUrl)}
            disabled={busy}
            className="mt-4 w-full text-center text-sm font-medium text-slate-600 hover:text-slate-900 disabled:opacity-50"
            data-testid="cancel-payment"
          >
            Cancel and go back
          </button>
        </section>
      </main>
      <footer className="pb-8 text-center text-xs text-slate-500">
        Reverie test checkout · test cards only, never enter a real card here
      </footer>
    </div>
  );
}
