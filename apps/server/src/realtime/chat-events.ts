import type { SocketEvent } from "@reverie/shared";

/** A character's message that is not stored (yet): typing, start_generation, streamed text, notices. */
export function chatEvent(
  action: "add" | "update",
  base: {
    chatId: number;
    characterId: number;
    id: number;
    type: "typing" | "start_generation" | "text";
    text: string;
  },
): SocketEvent {
  return {
    action,
    message: {
      id: base.id,
      message_id: base.id,
      chat_id: base.chatId,
      model_id: base.characterId,
      from: "model",
      type: base.type,
      text: base.text,
      image_url: null,
      images_urls: [],
      video_duration: null,
      locked: false,
      price_tokens: null,
      send_at: new Date().toISOString(),
    },
  };
}
