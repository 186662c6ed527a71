import { type Message, type ModelSummary, VOICE_MESSAGE_PRICE_TOKENS } from "@reverie/shared";
import { ArrowLeft, Eraser, ListChecks, MoreVertical, Trash2, WifiOff, X } from "lucide-react";
import { lazy, type ReactNode, Suspense, useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { MediaImage } from "@/components/media/media-image";
import { Button } from "@/components/ui/button";
import { Modal } from "@/components/ui/modal";
import { Notice } from "@/components/ui/notice";
import { paths } from "@/config/paths";
import { useSession } from "@/lib/auth";
import { cn } from "@/lib/cn";
import { useConnectivity } from "@/lib/connectivity";
import { type RealtimeConnection, useRealtimeConnection } from "@/lib/realtime";
import { useRealisticStyleLabel } from "../api/get-image-styles";
import { useChatDraft } from "../hooks/use-chat-draft";
import { type ConversationPrompts, useConversation } from "../hooks/use-conversation";
import { canAffordMessage } from "../utils/message-allowance";
import { voiceAccess } from "../utils/voice-access";
import { Composer } from "./composer";
import { MessageAllowance } from "./message-allowance";
import { MessageList } from "./message-list";

const ReportMessage = lazy(() => import("./report-message"));
const SendDraftOffer = lazy(() => import("./send-draft-offer"));

interface ConversationProps extends ConversationPrompts {
  chatId: number;
  model: ModelSummary;
  /** the suggested first reply, offered until the user has written */
  suggestion: string | null;
  /** deleting the whole chat is the screen's business (it navigates away) */
  onDeleteChat: () => Promise<void>;
  /** buttons the screen adds to the header, before the chat's menu (the memory panel's toggle) */
  headerActions?: ReactNode;
  className?: string;
}

/** The presence line when the character is neither typing nor making a picture. */
const PRESENCE: Record<RealtimeConnection, string> = {
  online: "Online",
  connecting: "Connecting…",
  reconnecting: "Reconnecting…",
  paused: "Offline",
  offline: "Offline",
};

/** A chat with one character: history scrolling upward, live replies, and the composer. */
export function Conversation({
  chatId,
  model,
  suggestion,
  onDeleteChat,
  onPaymentRequired,
  onPremiumRequired,
  headerActions,
  className,
}: ConversationProps) {
  const conversation = useConversation(
    { id: chatId, modelId: model.id },
    { onPaymentRequired, onPremiumRequired },
  );
  const { state, history } = conversation;
  const { user } = useSession();
  const realisticLabel = useRealisticStyleLabel(Boolean(user));
  const draft = useChatDraft(chatId);
  const connection = useRealtimeConnection();
  const online = connection === "online";
  // with no network or no server, the chat is what was kept: readable, not writable
  const readOnly = useConnectivity() !== "online";
  const [realistic, setRealistic] = useState(true);
  const [selecting, setSelecting] = useState(false);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [confirm, setConfirm] = useState<"clear" | "delete" | null>(null);
  const [busy, setBusy] = useState(false);
  const [unlocking, setUnlocking] = useState<number | null>(null);
  const [reporting, setReporting] = useState<number | null>(null);

  const hasUserMessage = state.messages.some((message) => message.from === "user");

  async function send(text: string) {
    const outcome = await conversation.send(text, realistic);
    // refused for want of messages or tokens: kept, and offered again once they are bought
    if (outcome === "payment_required") draft.hold();
    return outcome === "sent";
  }

  /** The held text, sent because the user said so after buying. */
  async function sendDraft() {
    const text = draft.text.trim();
    draft.setText("");
    if (!(await send(text))) draft.setText((current) => current || text);
  }

  const offerDraft = draft.heldForPurchase && canAffordMessage(user);

  async function unlock(message: Message) {
    setUnlocking(message.id);
    await conversation.unlock(message);
    setUnlocking(null);
  }

  function toggleSelected(id: number) {
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  }

  function endSelecting() {
    setSelecting(false);
    setSelected(new Set());
  }

  async function deleteSelected() {
    setBusy(true);
    if (await conversation.remove([...selected])) endSelecting();
    setBusy(false);
  }

  async function confirmAction() {
    setBusy(true);
    if (confirm === "clear") {
      if (await conversation.clear()) setConfirm(null);
    } else if (confirm === "delete") {
      await onDeleteChat();
    }
    setBusy(false);
  }

  const status = state.typing
    ? "typing…"
    : state.generating
      ? "sending you something…"
      : PRESENCE[connection];

  return (
    <section
      className={cn("flex min-h-0 flex-col overflow-hidden", className)}
      aria-label={`Chat with ${model.name}`}
      data-testid="conversation"
    >
      <header className="flex items-center gap-3 border-b border-white/[0.06] px-3 py-3 sm:px-5">
        <Link
          to={paths.chat}
          className="grid size-9 place-items-center rounded-full text-ink-300 hover:bg-white/5 hover:text-white lg:hidden"
          aria-label="All chats"
        >
          <ArrowLeft className="size-5" aria-hidden="true" />
        </Link>
        <span className="relative">
          <MediaImage
            src={model.avatar_url}
            alt=""
            ratio={1}
            className="size-11 rounded-full border border-white/10"
          />
          <span
            aria-hidden="true"
            className={cn(
              "absolute right-0 bottom-0 size-3 rounded-full border-2 border-ink-850",
              online ? "bg-emerald-400" : "bg-ink-500",
            )}
          />
        </span>
        <div className="min-w-0 flex-1">
          <h2 className="truncate font-semibold text-ink-100">{model.name}</h2>
          <p
            className={cn("text-xs", online ? "text-emerald-300/90" : "text-ink-400")}
            data-testid="chat-status"
          >
            {status}
          </p>
        </div>
        {selecting ? (
          <div className="flex items-center gap-2">
            <Button
              size="sm"
              variant="danger"
              disabled={selected.size === 0}
              loading={busy}
              onClick={() => void deleteSelected()}
              data-testid="delete-selected"
            >
              Delete ({selected.size})
            </Button>
            <Button size="icon" variant="ghost" aria-label="Cancel selection" onClick={endSelecting}>
              <X className="size-5" aria-hidden="true" />
            </Button>
          </div>
        ) : (
          <>
            {headerActions}
            <ChatMenu
              onSelect={() => setSelecting(true)}
              onClear={() => setConfirm("clear")}
              onDelete={() => setConfirm("delete")}
            />
          </>
        )}
      </header>

      {readOnly ? (
        <p
          className="flex items-center justify-center gap-2 bg-amber-400/10 px-4 py-1.5 text-xs text-amber-200"
          role="status"
          data-testid="read-only-notice"
        >
          <WifiOff className="size-3.5" aria-hidden="true" />
          You can read this chat, and write again once the connection is back.
        </p>
      ) : connection === "reconnecting" || connection === "paused" ? (
        <p
          className="flex items-center justify-center gap-2 bg-amber-400/10 px-4 py-1.5 text-xs text-amber-200"
          role="status"
          data-testid="connection-notice"
        >
          <WifiOff className="size-3.5" aria-hidden="true" />
          {connection === "reconnecting"
            ? "Reconnecting…"
            : "Live updates are paused while Reverie is open in other tabs."}
        </p>
      ) : null}

      <MessageList
        chatId={chatId}
        model={model}
        messages={state.messages}
        draft={state.draft}
        typing={state.typing}
        generating={state.generating}
        voice={state.voice}
        voicePrice={voiceAccess(user) === "included" ? null : VOICE_MESSAGE_PRICE_TOKENS}
        selecting={selecting}
        selected={selected}
        unlocking={unlocking}
        history={history}
        onToggleSelected={(message) => toggleSelected(message.id)}
        onVoice={(message) => void conversation.toggleVoice(message)}
        onUnlock={unlock}
        onReport={(message) => setReporting(message.id)}
        onGreetingChosen={conversation.replaceMessage}
      />

      {reporting !== null ? (
        <Suspense fallback={null}>
          <ReportMessage chatId={chatId} messageId={reporting} onDone={() => setReporting(null)} />
        </Suspense>
      ) : null}

      {conversation.error ? (
        <div className="px-3 pb-2 sm:px-4">
          <Notice tone="error" testId="chat-error">
            <span className="flex items-start justify-between gap-3">
              {conversation.error}
              <button
                type="button"
                onClick={conversation.dismissError}
                aria-label="Dismiss"
                className="shrink-0"
              >
                <X className="size-4" aria-hidden="true" />
              </button>
            </span>
          </Notice>
        </div>
      ) : null}

      {offerDraft ? (
        <Suspense fallback={null}>
          <SendDraftOffer
            text={draft.text}
            canSend={conversation.canSend && !readOnly}
            onSend={() => void sendDraft()}
            onDismiss={draft.release}
          />
        </Suspense>
      ) : null}

      <Composer
        name={model.name}
        canSend={conversation.canSend && !readOnly}
        suggestion={hasUserMessage ? null : suggestion}
        realistic={realistic}
        realisticLabel={realisticLabel}
        onRealisticChange={setRealistic}
        text={draft.text}
        onTextChange={draft.setText}
        allowance={<MessageAllowance user={user} />}
        onSend={send}
      />

      {confirm ? (
        <Modal
          title={confirm === "clear" ? "Clear this chat?" : `Delete your chat with ${model.name}?`}
          onClose={() => setConfirm(null)}
          size="sm"
          testId="confirm-modal"
        >
          <p className="mt-2 text-ink-300">
            {confirm === "clear"
              ? "Every message in this chat will be deleted. This can't be undone."
              : "The chat and all of its messages will be deleted. This can't be undone."}
          </p>
          <div className="mt-6 flex justify-end gap-2">
            <Button variant="ghost" onClick={() => setConfirm(null)}>
              Cancel
            </Button>
            <Button
              variant="danger"
              loading={busy}
              onClick={() => void confirmAction()}
              data-testid="confirm-action"
            >
              {confirm === "clear" ? "Clear chat" : "Delete chat"}
            </Button>
          </div>
        </Modal>
      ) : null}
    </section>
  );
}

function ChatMenu({
  onSelect,
  onClear,
  onDelete,
}: {
  onSelect: () => void;
  onClear: () => void;
  onDelete: () => void;
}) {
  const [open, setOpen] = useState(false);
  const menu = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    function close(event: MouseEvent | KeyboardEvent) {
      if (
        event instanceof KeyboardEvent
          ? event.key === "Escape"
          : !menu.current?.contains(event.target as Node)
      ) {
        setOpen(false);
      }
    }
    document.addEventListener("mousedown", close);
    document.addEventListener("keydown", close);
    return () => {
      document.removeEventListener("mousedown", close);
      document.removeEventListener("keydown", close);
    };
  }, [open]);

  const item = (label: string, icon: ReactNode, action: () => void, testId: string, danger = false) => (
    <button
      type="button"
      role="menuitem"
      data-testid={testId}
      onClick={() => {
        setOpen(false);
        action();
      }}
      className={cn(
        "flex w-full items-center gap-2.5 rounded-xl px-3 py-2.5 text-left text-sm transition hover:bg-white/5",
        danger ? "text-coral-300" : "text-ink-100",
      )}
    >
      {icon}
      {label}
    </button>
  );

  return (
    <div className="relative" ref={menu}>
      <Button
        size="icon"
        variant="ghost"
        aria-label="Chat options"
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={() => setOpen((value) => !value)}
        data-testid="chat-menu"
      >
        <MoreVertical className="size-5" aria-hidden="true" />
      </Button>
      {open ? (
        <div
          role="menu"
          className="absolute top-11 right-0 z-30 w-52 rounded-2xl border border-white/10 bg-ink-800 p-1.5 shadow-[0_20px_50px_-15px_rgb(0_0_0/0.8)]"
        >
          {item(
            "Select messages",
            <ListChecks className="size-4" aria-hidden="true" />,
            onSelect,
            "menu-select",
          )}
          {item("Clear chat", <Eraser className="size-4" aria-hidden="true" />, onClear, "menu-clear")}
          {item(
            "Delete chat",
            <Trash2 className="size-4" aria-hidden="true" />,
            onDelete,
            "menu-delete",
            true,
          )}
        </div>
      ) : null}
    </div>
  );
}
