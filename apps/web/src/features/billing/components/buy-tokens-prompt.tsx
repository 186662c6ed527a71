import { lazy, Suspense } from "react";

/** The prompt's code: loaded when it is first opened, not with the screen that may open it. */
const BuyTokensModal = lazy(() =>
  import("./buy-tokens-modal").then((module) => ({ default: module.BuyTokensModal })),
);

/**
 * The buy-tokens prompt (buy-tokens-modal.tsx), for a screen to show when the balance falls short
 * (an unlock, pictures, a character, a message): its code loads when it is shown.
 */
export function BuyTokensPrompt({ reason, onClose }: { reason: string; onClose: () => void }) {
  return (
    <Suspense fallback={null}>
      <BuyTokensModal reason={reason} onClose={onClose} />
    </Suspense>
  );
}
