import { MessageCircleHeart } from "lucide-react";
import { Page } from "@/components/layout/page";
import { ButtonLink } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { paths } from "@/config/paths";
import { AnonymousChatList } from "@/features/chat/components/chat-list";
import { MyChatList } from "@/features/chat/components/my-chat-list";
import { useDocumentTitle } from "@/hooks/use-document-title";
import { useGenderPreference } from "@/hooks/use-gender-preference";
import { useSession } from "@/lib/auth";

/** /chat without an id: the member's own chats, or a visitor's chat list for their chosen category. */
export default function ChatListRoute() {
  const [gender] = useGenderPreference();
  const signedIn = useSession().status === "signed-in";
  useDocumentTitle("Chats");

  return (
    <Page>
      <div className="grid grid-cols-1 gap-8 lg:grid-cols-[minmax(0,26rem)_1fr]">
        <section aria-labelledby="chats-title" className="space-y-5">
          <div>
            <p className="mb-1.5 text-xs font-semibold tracking-[0.18em] text-coral-300 uppercase">
              Messages
            </p>
            <h1 id="chats-title" className="font-display text-3xl text-ink-100 sm:text-4xl">
              Chats
            </h1>
          </div>
          {signedIn ? <MyChatList /> : <AnonymousChatList gender={gender} />}
        </section>
        <Card className="relative hidden min-h-[32rem] items-center justify-center overflow-hidden p-10 text-center lg:flex">
          <div
            aria-hidden="true"
            className="absolute -top-20 -right-20 size-72 rounded-full bg-violet-600/20 blur-3xl"
          />
          <div
            aria-hidden="true"
            className="absolute -bottom-24 -left-16 size-72 rounded-full bg-coral-500/15 blur-3xl"
          />
          <div className="relative flex max-w-sm flex-col items-center gap-4">
            <span className="grid size-16 place-items-center rounded-3xl border border-white/10 bg-white/5 text-coral-300">
              <MessageCircleHeart className="size-7" aria-hidden="true" />
            </span>
            <h2 className="font-display text-2xl text-ink-100">Pick up where you left off</h2>
            <p className="text-ink-300">
              {signedIn
                ? "Choose a conversation to carry on, or meet someone new."
                : "Every character has already said hello. Choose a conversation to read it and answer."}
            </p>
            <ButtonLink to={paths.home} variant="secondary">
              Find someone new
            </ButtonLink>
          </div>
        </Card>
      </div>
    </Page>
  );
}
