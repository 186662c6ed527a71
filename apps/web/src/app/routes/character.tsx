import { Sparkles, UserRoundX } from "lucide-react";
import { useState } from "react";
import { BackLink } from "@/components/layout/back-link";
import { Page } from "@/components/layout/page";
import { ButtonLink } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorState } from "@/components/ui/error-state";
import { Skeleton } from "@/components/ui/skeleton";
import { paths } from "@/config/paths";
import { BuyTokensPrompt } from "@/features/billing/components/buy-tokens-prompt";
import { ModelBundles } from "@/features/bundles/components/model-bundles";
import { useModel } from "@/features/catalog/api/get-model";
import { CharacterProfile, CharacterProfileSkeleton } from "@/features/catalog/components/character-profile";
import { ChatPreviewPanel } from "@/features/chat/components/chat-preview-panel";
import { ModelMediaGrid } from "@/features/gallery/components/model-media-grid";
import { useDocumentTitle } from "@/hooks/use-document-title";
import { useIdParam } from "@/hooks/use-id-param";
import { isApiError } from "@/lib/api-client";

/** /chat/:id for visitors — the character page, with a chat panel that asks them to sign up. */
export default function CharacterRoute() {
  const id = useIdParam();
  const model = useModel(id ?? 0);
  const [buyingTokens, setBuyingTokens] = useState(false);
  useDocumentTitle(model.data ? `Chat with ${model.data.name}` : "Chat");

  const back = <BackLink to={paths.chat}>All chats</BackLink>;

  if (id === null || (model.isError && isApiError(model.error) && model.error.status === 404)) {
    return (
      <Page narrow className="space-y-6">
        {back}
        <EmptyState
          icon={<UserRoundX className="size-6" aria-hidden="true" />}
          title="This character isn't here"
          description="They may have moved on. There are plenty of others who'd love to talk."
          action={<ButtonLink to={paths.home}>Explore characters</ButtonLink>}
        />
      </Page>
    );
  }

  if (model.isError) {
    return (
      <Page narrow className="space-y-6">
        {back}
        <ErrorState
          title="We couldn't load this character"
          error={model.error}
          onRetry={() => model.refetch()}
        />
      </Page>
    );
  }

  return (
    <Page className="space-y-14">
      <div className="space-y-5">
        {back}
        <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.1fr)] xl:grid-cols-[minmax(0,28rem)_minmax(0,1fr)]">
          {model.isPending ? (
            <CharacterProfileSkeleton />
          ) : (
            <div className="space-y-3">
              <CharacterProfile model={model.data} />
              <ButtonLink
                to={`${paths.generateImage}?model_id=${model.data.id}`}
                variant="outline"
                className="w-full"
                icon={<Sparkles className="size-4" aria-hidden="true" />}
                data-testid="generate-pictures-link"
              >
                Generate pictures of {model.data.name}
              </ButtonLink>
            </div>
          )}
          <div className="lg:sticky lg:top-24 lg:h-[calc(100dvh-8rem)] lg:max-h-[52rem]">
            {model.isPending ? (
              <Skeleton className="h-[30rem] rounded-3xl lg:h-full" />
            ) : (
              <ChatPreviewPanel model={model.data} />
            )}
          </div>
        </div>
      </div>
      {model.data ? (
        <>
          <ModelMediaGrid modelId={model.data.id} name={model.data.name} />
          <ModelBundles
            modelId={model.data.id}
            name={model.data.name}
            gender={model.data.gender}
            onInsufficientBalance={() => setBuyingTokens(true)}
          />
        </>
      ) : null}
      {buyingTokens ? <BuyTokensPrompt reason="bundle" onClose={() => setBuyingTokens(false)} /> : null}
    </Page>
  );
}
