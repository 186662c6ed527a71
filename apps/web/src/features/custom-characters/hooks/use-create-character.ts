import { type CustomModelPayload, PAYWALL_SOURCES } from "@reverie/shared";
import { useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { ANALYTICS_EVENTS, track } from "@/lib/analytics";
import { useSession } from "@/lib/auth";
import { storage } from "@/lib/storage";
import { useCreateCustomModel } from "../api/create-custom-model";
import { destinationAfterCreation } from "../utils/after-creation";
import { type CreateFailure, classifyCreateError } from "../utils/create-errors";
import { clearDraft } from "../utils/draft-storage";
import { serializePaywallCharacter } from "../utils/paywall-character";

/**
 * Creating the character, then going where the spec says: a free user sent by a paywall to their
 * character with the offer (kept in `paywall_ai`), anyone else to the list and on to the character,
 * no one anywhere on onboarding (`created` then holds the new id). A 402 opens the buy-tokens prompt
 * and keeps the form.
 */
export function useCreateCharacter({ onInsufficientBalance }: { onInsufficientBalance: () => void }) {
  const create = useCreateCustomModel();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { user } = useSession();
  const [failure, setFailure] = useState<CreateFailure | null>(null);
  const [created, setCreated] = useState<number | null>(null);

  async function submit(payload: CustomModelPayload): Promise<void> {
    setFailure(null);
    let modelId: number;
    try {
      modelId = (await create.mutateAsync(payload)).model_id;
    } catch (error) {
      const classified = classifyCreateError(error);
      setFailure(classified);
      if (classified.kind === "insufficient_balance") onInsufficientBalance();
      return;
    }
    clearDraft();
    track(ANALYTICS_EVENTS.customModelCreated, {
      source: PAYWALL_SOURCES.modelBuilder,
      method: "builder",
      model_id: modelId,
      gender: payload.gender,
    });
    const destination = destinationAfterCreation({
      plan: user?.plan,
      callback: storage.get("callback"),
      pathname,
      modelId,
    });
    if (destination.kind === "paywall") {
      storage.set(
        "paywallAi",
        serializePaywallCharacter({
          id: modelId,
          name: payload.name,
          age: payload.age,
          gender: payload.gender,
        }),
      );
      // the callback is spent: the next character goes the usual way
      storage.remove("callback");
      navigate(destination.path);
    } else if (destination.kind === "character") {
      navigate(destination.listPath);
      navigate(destination.characterPath);
    } else {
      setCreated(modelId);
    }
  }

  return { submit, pending: create.isPending, failure, created, clearFailure: () => setFailure(null) };
}
