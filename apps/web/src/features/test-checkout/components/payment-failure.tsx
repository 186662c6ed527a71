import { CircleAlert } from "lucide-react";

/** Why the last attempt did not go through; the form stays, so another card can be tried. */
export function PaymentFailure({
  title,
  message,
  cancelUrl,
}: {
  title: string;
  message: string;
  cancelUrl: string;
}) {
  return (
    <div
      role="alert"
      className="flex items-start gap-3 rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-900"
      data-testid="payment-error"
    >
      <CircleAlert className="mt-0.5 size-5 shrink-0 text-red-600" aria-hidden="true" />
      <div>
        <h2 className="font-semibold">{title}</h2>
        <p className="mt-1">{message}</p>
        <p className="mt-2 text-red-800">
          Try another card, or{" "}
          <a href={cancelUrl} className="font-medium underline underline-offset-2" data-testid="back-to-app">
            Back to Reverie
          </a>
          .
        </p>
      </div>
    </div>
  );
}
