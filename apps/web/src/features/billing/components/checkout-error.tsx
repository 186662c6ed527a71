import { Link } from "react-router";
import { Notice } from "@/components/ui/notice";
import { paths } from "@/config/paths";
import { errorMessage, isApiError } from "@/lib/api-client";

/** Why a checkout could not start; buying a plan while premium points to the plan in Settings. */
export function CheckoutError({ error, className }: { error: unknown; className?: string }) {
  const alreadyPremium = isApiError(error) && error.status === 409;
  return (
    <Notice tone="error" className={className} testId="checkout-error">
      {errorMessage(error)}{" "}
      {alreadyPremium ? (
        <Link to={paths.settings} className="font-semibold underline underline-offset-2">
          Manage your plan in Settings
        </Link>
      ) : null}
    </Notice>
  );
}
