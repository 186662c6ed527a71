import { useState } from "react";
import { Page } from "@/components/layout/page";
import { BuyTokensPrompt } from "@/features/billing/components/buy-tokens-prompt";
import { CharacterBuilder } from "@/features/custom-characters/components/character-builder";
import { useConstructorCallback } from "@/features/custom-characters/hooks/use-constructor-callback";
import { useDocumentTitle } from "@/hooks/use-document-title";

/**
 * /create_ai — the character constructor; a 402 opens the buy-tokens prompt and the draft stays. A
 * free-plan user's character then opens with the Premium offer (the paywall callback, decision 34).
 */
export default function CreateAiRoute() {
  useDocumentTitle("Create your AI");
  useConstructorCallback();
  const [buyingTokens, setBuyingTokens] = useState(false);

  return (
    <div data-private>
      <Page className="space-y-6 pb-10 sm:space-y-8">
        <header>
          <p className="mb-1.5 text-xs font-semibold tracking-[0.18em] text-coral-300 uppercase">Create</p>
          <h1 className="font-display text-3xl text-ink-100 sm:text-5xl">Create your AI</h1>
          <p className="mt-2 max-w-2xl text-ink-300">
            Design a companion of your own: how they look, who they are, and how your story begins.
          </p>
        </header>
        <CharacterBuilder onInsufficientBalance={() => setBuyingTokens(true)} />
        {buyingTokens ? (
          <BuyTokensPrompt reason="custom_model" onClose={() => setBuyingTokens(false)} />
        ) : null}
      </Page>
    </div>
  );
}
