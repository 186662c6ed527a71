import { BREAKPOINTS } from "@reverie/shared";
import { Sparkles, UserRoundX } from "lucide-react";
import { lazy, Suspense, useId, useState } from "react";
import { useNavigate, useParams } from "react-router";
import { Page } from "@/components/layout/page";
import { ButtonLink } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorState } from "@/components/ui/error-state";
import { Spinner } from "@/components/ui/spinner";
import { paths } from "@/config/paths";
import { BuyTokensPrompt } from "@/features/billing/components/buy-tokens-prompt";
import { GetTokenBanner } from "@/features/billing/components/get-token-banner";
import { PremiumModal } from "@/features/billing/components/premium-modal";
import { CharacterProfile } from "@/features/catalog/components/character-profile";
import { useDeleteChat } from "@/features/chat/api/delete-chat";
import { useOpenChat } from "@/features/chat/api/open-chat";
import { Conversation } from "@/features/chat/components/conversation";
import { MyChatList } from "@/features/chat/components/my-chat-list";
import { MemoryToggle } from "@/features/memory/components/memory-toggle";
import { useDocumentTitle } from "@/hooks/use-document-title";
import { useMediaQuery } from "@/hooks/use-media-query";
import { isApiError } from "@/lib/api-client";
import { cn } from "@/lib/cn";

// opened by few and not on the first screen: its code loads when it is opened (the route's budget)
const MemoryPanel = lazy(() => import("@/features/memory/components/memory-panel"));

/** /chat/:id, signed in: the chat with one character, between the chat list and their profile. */
export default function ChatRoomRoute() {
  const params = useParams();
  const modelId = Number(params.id);
  const validId = Number.isInteger(modelId) && modelId > 0;
  const deleteChat = useDeleteChat();
  // Opening a chat creates one: once deletion starts, the open query must not run again (removing
  // it from the cache would otherwise refetch it while this screen is still mounted).
  const chat = useOpenChat(modelId, validId && deleteChat.isIdle);
  // opening answers with the character in full, a catalog one or the user's own
  const model = chat.data?.model;
  const navigate = useNavigate();
  const [paymentReason, setPaymentReason] = useState<string | null>(null);
  const [paywallSource, setPaywallSource] = useState<string | null>(null);
  useDocumentTitle(model ? `Chat with ${model.name}` : "Chat");
  // The side panels show from these widths on (lg:flex, xl:block); on a phone they are not rendered
  // at all, which keeps their rendering out of the first screen's long tasks.
  const withChatList = useMediaQuery(`(min-width: ${BREAKPOINTS.lg}px)`);
  const withProfile = useMediaQuery(`(min-width: ${BREAKPOINTS.xl}px)`);
  // "What {name} remembers": a column beside the conversation from lg on (in the profile's place,
  // and in the chat list's below xl, where three columns would squeeze the chat), a sheet below
  const [memoryOpen, setMemoryOpen] = useState(false);
  const memoryId = useId();
  const memoryBeside = memoryOpen && withChatList;

  const notFound = !validId || (chat.isError && isApiError(chat.error) && chat.error.isNotFound);

  if (notFound) {
    return (
      <Page narrow>
        <EmptyState
          icon={<UserRoundX className="size-6" aria-hidden="true" />}
          title="This character isn't here"
          description="They may have moved on. There are plenty of others who'd love to talk."
          action={<ButtonLink to={paths.home}>Explore characters</ButtonLink>}
        />
      </Page>
    );
  }

  return (
    <div
      className={cn(
        "mx-auto grid h-[calc(100dvh-4rem)] w-full max-w-[1760px] grid-cols-1 lg:gap-6 lg:px-6 lg:py-6 xl:grid-cols-[minmax(0,22rem)_minmax(0,1fr)_minmax(0,22rem)]",
        memoryBeside
          ? "lg:grid-cols-[minmax(0,1fr)_minmax(0,22rem)]"
          : "lg:grid-cols-[minmax(0,22rem)_minmax(0,1fr)]",
      )}
    >
      <aside
        className={cn("hidden min-h-0 flex-col", memoryBeside ? "xl:flex" : "lg:flex")}
        aria-label="Your chats"
      >
        {withChatList ? <MyChatList activeModelId={modelId} /> : null}
      </aside>
      <div className="flex min-h-0 flex-col border-white/[0.06] bg-ink-850/60 lg:rounded-3xl lg:border">
        <GetTokenBanner />
        {chat.isError ? (
          <div className="p-6">
            <ErrorState
              title="We couldn't open this chat"
              error={chat.error}
              onRetry={() => chat.refetch()}
            />
          </div>
        ) : chat.data ? (
          <Conversation
            key={chat.data.id}
            className="flex-1"
            chatId={chat.data.id}
            model={chat.data.model}
            suggestion={chat.data.model.user_first_msg_help || null}
            onPaymentRequired={setPaymentReason}
            onPremiumRequired={setPaywallSource}
            headerActions={
              <MemoryToggle
                characterName={chat.data.model.name}
                open={memoryOpen}
                controls={memoryId}
                onToggle={() => setMemoryOpen((open) => !open)}
              />
            }
            onDeleteChat={async () => {
              const current = chat.data;
              if (!current) return;
              await deleteChat.mutateAsync({ chatId: current.id, modelId });
              navigate(paths.chat, { replace: true });
            }}
          />
        ) : (
          <div className="grid flex-1 place-items-center">
            <Spinner label="Opening the chat" />
          </div>
        )}
      </div>
      {memoryOpen && chat.data ? (
        // beside the chat from lg on (a grid column), else a sheet over it (outside the grid's flow)
        <Suspense fallback={null}>
          <MemoryPanel
            key={chat.data.id}
            id={memoryId}
            variant={memoryBeside ? "side" : "sheet"}
            chatId={chat.data.id}
            modelId={chat.data.model.id}
            characterName={chat.data.model.name}
            onClose={() => setMemoryOpen(false)}
          />
        </Suspense>
      ) : null}
      <aside
        className={cn("hidden min-h-0 overflow-y-auto", !memoryBeside && "xl:block")}
        aria-label="Profile"
      >
        {withProfile && model && !memoryBeside ? (
          <div className="space-y-3">
            <CharacterProfile model={model} />
            <ButtonLink
              to={`${paths.generateImage}?model_id=${model.id}`}
              variant="outline"
              className="w-full"
              icon={<Sparkles className="size-4" aria-hidden="true" />}
              data-testid="generate-pictures-link"
            >
              Generate pictures
            </ButtonLink>
          </div>
        ) : null}
      </aside>
      {paymentReason ? (
        <BuyTokensPrompt reason={paymentReason} onClose={() => setPaymentReason(null)} />
      ) : null}
      {paywallSource ? <PremiumModal source={paywallSource} onClose={() => setPaywallSource(null)} /> : null}
    </div>
  );
}
