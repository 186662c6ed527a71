import type { Message, SocketEvent } from "@reverie/shared";

/** A message on screen: a stored one, or the user's own still being sent (`pending`). */
export type ChatMessage = Message & { pending?: boolean };

/** The voice of one message in the UI (spec: generating → pending, ready → playing, else default). */
export type VoiceStatus = "default" | "pending" | "playing";

export interface ConversationState {
  chatId: number;
  modelId: number;
  /** in conversation order, oldest first */
  messages: ChatMessage[];
  /** the character is writing (a `typing` event, not yet answered) */
  typing: boolean;
  /** a picture is being made (a `start_generation` event, not yet delivered) */
  generating: boolean;
  /** the reply as it streams in (`update` events) */
  draft: ChatMessage | null;
  voice: Record<number, { status: VoiceStatus; link?: string }>;
}

export type ConversationAction =
  | { type: "history"; messages: readonly Message[] }
  | { type: "send"; message: ChatMessage }
  | { type: "sent"; tempId: number; message: Message }
  | { type: "send_failed"; tempId: number }
  | { type: "replace"; message: Message }
  | { type: "deleted"; ids: readonly number[] }
  | { type: "cleared" }
  /** the character's last message is known to be stored (after a reconnect): nothing is in flight */
  | { type: "settled" }
  | { type: "voice"; messageId: number; status: VoiceStatus; link?: string }
  | { type: "event"; event: SocketEvent };

export function initialConversation(chatId: number, modelId: number): ConversationState {
  return { chatId, modelId, messages: [], typing: false, generating: false, draft: null, voice: {} };
}

/**
 * Where a message sits: stored messages by id; a reply-failure notice (id = −the user message's id)
 * right after the message it answers; the user's own unsent messages last.
 */
function orderKey(message: ChatMessage): number {
  if (message.pending) return Number.MAX_SAFE_INTEGER;
  return message.id >= 0 ? message.id : -message.id + 0.5;
}

function withMessages(state: ConversationState, incoming: readonly ChatMessage[]): ConversationState {
  const known = new Set(state.messages.map((message) => message.id));
  const fresh = incoming.filter((message) => !known.has(message.id));
  if (fresh.length === 0) return state;
  const messages = [...state.messages, ...fresh].sort((a, b) => orderKey(a) - orderKey(b));
  return { ...state, messages };
}

/** The spec's provider status → UI status. */
export function voiceStatusOf(providerStatus: string): VoiceStatus {
  if (providerStatus === "generating") return "pending";
  if (providerStatus === "ready") return "playing";
  return "default";
}

function applyEvent(state: ConversationState, event: SocketEvent): ConversationState {
  if (event.action === "status_change") {
    const { message } = event;
    if (message.chat_id !== state.chatId) return state;
    const status = voiceStatusOf(message.status_information.status);
    const link = message.status_information.data.link;
    return {
      ...state,
      voice: {
        ...state.voice,
        [message.message_id]: link ? { status, link } : { ...state.voice[message.message_id], status },
      },
    };
  }
  if (event.action !== "add" && event.action !== "update") return state;
  const { message } = event;
  // Messages for another character (or chat) belong to another screen.
  if (message.model_id !== state.modelId || message.chat_id !== state.chatId) return state;
  const { message_id: _, ...plain } = message;

  if (event.action === "update") return { ...state, draft: plain };
  switch (message.type) {
    case "typing":
      return { ...state, typing: true };
    case "start_generation":
      return { ...state, typing: false, generating: true };
    case "text":
    case "image":
    case "private_image":
    case "private_video":
      return {
        ...withMessages(state, [plain]),
        typing: false,
        draft: null,
        generating: message.type === "text" ? state.generating : false,
      };
    default:
      return state;
  }
}

export function conversationReducer(state: ConversationState, action: ConversationAction): ConversationState {
  switch (action.type) {
    case "history":
      return withMessages(state, action.messages);
    case "send":
      return withMessages(state, [action.message]);
    case "sent": {
      const messages = state.messages.filter((message) => message.id !== action.tempId);
      return withMessages({ ...state, messages }, [action.message]);
    }
    case "send_failed":
      return { ...state, messages: state.messages.filter((message) => message.id !== action.tempId) };
    case "replace":
      return {
        ...state,
        messages: state.messages.map((message) =>
          message.id === action.message.id ? action.message : message,
        ),
      };
    case "deleted": {
      const ids = new Set(action.ids);
      return { ...state, messages: state.messages.filter((message) => !ids.has(message.id)) };
    }
    case "cleared":
      return { ...state, messages: [], draft: null };
    case "settled":
      return { ...state, typing: false, generating: false, draft: null };
    case "voice":
      return {
        ...state,
        voice: {
          ...state.voice,
          [action.messageId]: {
            status: action.status,
            link: action.link ?? state.voice[action.messageId]?.link,
          },
        },
      };
    case "event":
      return applyEvent(state, action.event);
  }
}

/** The send button is off while the character is typing, streaming or making a picture (spec §4). */
export function canSend(state: ConversationState): boolean {
  return !state.typing && !state.generating && state.draft === null;
}

let lastTempId = 0;
/** Ids for optimistic messages: negative, below anything the server hands out for notices. */
export function nextTempId(): number {
  lastTempId -= 1;
  return -1_000_000_000 + lastTempId;
}
