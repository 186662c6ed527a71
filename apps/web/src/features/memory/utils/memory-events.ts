import type { SocketEvent } from "@reverie/shared";

/**
 * Whether a socket event means the open chat's memory may have changed: `memory_update` for this
 * chat or its character (the memory is the user's and the character's, so every chat with it
 * shares it), or the character's answer here (the event that follows it may be missed).
 */
export function changesMemoryOf(event: SocketEvent, chat: { id: number; modelId: number }): boolean {
  if (event.action === "memory_update") return event.chat_id === chat.id || event.model_id === chat.modelId;
  return event.action === "add" && event.message.chat_id === chat.id && event.message.from === "model";
}
