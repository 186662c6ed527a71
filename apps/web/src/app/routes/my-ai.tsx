import { Sparkles, UserRoundX } from "lucide-react";
import { useState } from "react";
import { useLocation, useNavigate, useParams } from "react-router";
import { BackLink } from "@/components/layout/back-link";
import { Page } from "@/components/layout/page";
import { ButtonLink } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorState } from "@/components/ui/error-state";
import { paths } from "@/config/paths";
import { BuyTokensPrompt } from "@/features/billing/components/buy-tokens-prompt";
import { useCustomModel } from "@/features/custom-characters/api/get-custom-model";
import {
  CharacterDetails,
  CharacterDetailsSkeleton,
} from "@/features/custom-characters/components/character-details";
import { CreationPaywallOffer } from "@/features/custom-characters/components/creation-paywall-offer";
import { usePortraitUpdates } from "@/features/custom-characters/hooks/use-portrait-updates";
import { parsePaywallCharacter } from "@/features/custom-characters/utils/paywall-character";
import { useDocumentTitle } from "@/hooks/use-document-title";
import { isApiError } from "@/lib/api-client";
import { useSession } from "@/lib/auth";
import { storage, useStorageValue } from "@/lib/storage";

/**
 * /my_ais/:id and /my_ai (the character kept in `paywall_ai`): one of the user's characters. Opened
 * with callback=paywall by a free user just after creating, it also offers Premium (decision 34).
 * /my_ai with no character kept says so and offers the constructor.
 */
export default function MyAiRoute() {
  const params = useParams();
  const { search } = useLocation();
  const stored = parsePaywallCharacter(useStorageValue("paywallAi"));
  const id = params.id === undefined ? (stored?.id ?? null) : Number(params.id);

  if (id === null) return <NoStoredCharacter />;
  const paywallCallback = new URLSearchParams(search).get("callback") === "paywall";
  return <MyAiScreen id={id} paywallCallback={paywallCallback} />;
}

function NoStoredCharacter() {
  useDocumentTitle("My AI");
  return (
    <div data-private>
      <Page narrow className="space-y-6">
        <EmptyState
          icon={<Sparkles className="size-6" aria-hidden="true" />}
          title="No new character here yet"
          description="The character you create shows up here as soon as it's made. Build one, or open the ones you already have."
          action={
            <div className="flex flex-wrap justify-center gap-3">
              <ButtonLink to={paths.createAi} icon={<Sparkles className="size-4" aria-hidden="true" />}>
                Create your AI
              </ButtonLink>
              <ButtonLink to={paths.myAis} variant="secondary">
                Your characters
              </ButtonLink>
            </div>
          }
          testId="my-ai-empty"
        />
      </Page>
    </div>
  );
}

function MyAiScreen({ id, paywallCallback }: { id: number; paywallCallback: boolean }) {
  usePortraitUpdates();
  const navigate = useNavigate();
  const { user } = useSession();
  const validId = Number.isInteger(id) && id > 0;
  const model = useCustomModel(validId ? id : 0);
  const [buyingTokens, setBuyingTokens] = useState(false);
  useDocumentTitle(model.data ? model.data.name : "My AI");

  const back = (
    <BackLink to={model.data ? `${paths.myAis}?gender=${model.data.gender}` : paths.myAis}>My AIs</BackLink>
  );

  function deleted() {
    if (parsePaywallCharacter(storage.get("paywallAi"))?.id === id) storage.remove("paywallAi");
    navigate(paths.myAis, { replace: true });
  }

  if (!validId || (model.isError && isApiError(model.error) && model.error.isNotFound)) {
    return (
      <div data-private>
        <Page narrow className="space-y-6">
          {back}
          <EmptyState
            icon={<UserRoundX className="size-6" aria-hidden="true" />}
            title="This character isn't here"
            description="They may have been deleted, or they belong to someone else."
            action={<ButtonLink to={paths.myAis}>Your characters</ButtonLink>}
            testId="character-not-found"
          />
        </Page>
      </div>
    );
  }

  return (
    <div data-private>
      <Page className="space-y-6 pb-10">
        {back}
        {model.isPending ? (
          <CharacterDetailsSkeleton />
        ) : model.isError ? (
          <ErrorState
            title="We couldn't load this character"
            error={model.error}
            onRetry={() => model.refetch()}
          />
        ) : (
          <>
            {paywallCallback && user?.plan === "free" ? (
              <CreationPaywallOffer modelId={model.data.id} name={model.data.name} />
            ) : null}
            <CharacterDetails
              model={model.data}
              onDeleted={deleted}
              onInsufficientBalance={() => setBuyingTokens(true)}
            />
          </>
        )}
        {buyingTokens ? (
          <BuyTokensPrompt reason="custom_model" onClose={() => setBuyingTokens(false)} />
        ) : null}
      </Page>
    </div>
  );
}
