import type { Message, SocketEvent } from "@reverie/shared";
import { describe, expect, it } from "vitest";
import { changesMemoryOf } from "./memory-events";

const chat = { id: 7, modelId: 3 };

function messageEvent(fields: Partial<Message>) {
  const message: Message = {
    id: 1,
    chat_id: 7,
    model_id: 3,
    from: "model",
    type: "text",
    text: "hello",
    image_url: null,
    images_urls: [],
    video_duration: null,
    locked: false,
    price_tokens: null,
    send_at: "2026-11-27T22:00:00.000Z",
    ...fields,
  };
  return { ...message, message_id: message.id };
}

const added = (fields: Partial<Message>): SocketEvent => ({ action: "add", message: messageEvent(fields) });

describe("changesMemoryOf", () => {
  it("takes memory_update for the chat, or for another chat with its character", () => {
    expect(changesMemoryOf({ action: "memory_update", chat_id: 7, model_id: 3 }, chat)).toBe(true);
    expect(changesMemoryOf({ action: "memory_update", chat_id: 9, model_id: 3 }, chat)).toBe(true);
    expect(changesMemoryOf({ action: "memory_update", chat_id: 9, model_id: 4 }, chat)).toBe(false);
  });

  it("takes the character's new message in this chat, not the user's nor another chat's", () => {
    expect(changesMemoryOf(added({}), chat)).toBe(true);
    expect(changesMemoryOf(added({ from: "user" }), chat)).toBe(false);
    expect(changesMemoryOf(added({ chat_id: 8 }), chat)).toBe(false);
  });

  it("ignores everything else", () => {
    expect(changesMemoryOf({ action: "update", message: messageEvent({}) }, chat)).toBe(false);
    expect(changesMemoryOf({ action: "custom_model_created", id: 1, model_id: 3 }, chat)).toBe(false);
  });
});
