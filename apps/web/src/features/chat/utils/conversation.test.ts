import type { Message, SocketEvent } from "@reverie/shared";
import { describe, expect, it } from "vitest";
import {
  type ChatMessage,
  canSend,
  conversationReducer,
  initialConversation,
  voiceStatusOf,
} from "./conversation";

const CHAT = 7;
const MODEL = 3;

function message(id: number, overrides: Partial<Message> = {}): Message {
  return {
    id,
    chat_id: CHAT,
    model_id: MODEL,
    from: "model",
    type: "text",
    text: `message ${id}`,
    image_url: null,
    images_urls: [],
    video_duration: null,
    locked: false,
    price_tokens: null,
    send_at: "2026-11-22T10:00:00.000Z",
    ...overrides,
  };
}

const add = (m: Message): SocketEvent => ({ action: "add", message: { ...m, message_id: m.id } });
const update = (m: Message): SocketEvent => ({ action: "update", message: { ...m, message_id: m.id } });

function run(...actions: Parameters<typeof conversationReducer>[1][]) {
  return actions.reduce(conversationReducer, initialConversation(CHAT, MODEL));
}

const ids = (messages: ChatMessage[]) => messages.map((m) => m.id);

describe("conversationReducer", () => {
  it("merges history pages in id order without duplicates", () => {
    const state = run(
      { type: "history", messages: [message(11), message(12)] },
      { type: "history", messages: [message(1), message(2), message(11)] },
    );
    expect(ids(state.messages)).toEqual([1, 2, 11, 12]);
  });

  it("adds the user's message at once, then swaps in the stored one", () => {
    const optimistic = { ...message(-5, { from: "user" }), pending: true };
    let state = run({ type: "history", messages: [message(1)] }, { type: "send", message: optimistic });
    expect(ids(state.messages)).toEqual([1, -5]);
    state = conversationReducer(state, { type: "sent", tempId: -5, message: message(2, { from: "user" }) });
    expect(ids(state.messages)).toEqual([1, 2]);
    expect(state.messages[1]?.pending).toBeUndefined();
  });

  it("removes the optimistic message when sending fails (402)", () => {
    const state = run(
      { type: "send", message: { ...message(-5, { from: "user" }), pending: true } },
      { type: "send_failed", tempId: -5 },
    );
    expect(state.messages).toEqual([]);
  });

  it("typing disables sending; the reply stores the message and enables it again", () => {
    let state = run({ type: "event", event: add(message(-9, { type: "typing", text: "" })) });
    expect(state.typing).toBe(true);
    expect(canSend(state)).toBe(false);
    state = conversationReducer(state, { type: "event", event: update(message(-9, { text: "Hel" })) });
    expect(state.draft?.text).toBe("Hel");
    expect(canSend(state)).toBe(false);
    state = conversationReducer(state, { type: "event", event: add(message(20, { text: "Hello" })) });
    expect(state.typing).toBe(false);
    expect(state.draft).toBeNull();
    expect(ids(state.messages)).toEqual([20]);
    expect(canSend(state)).toBe(true);
  });

  it("an image ends the start_generation progress", () => {
    let state = run({ type: "event", event: add(message(-9, { type: "start_generation", text: "" })) });
    expect(state.generating).toBe(true);
    expect(canSend(state)).toBe(false);
    state = conversationReducer(state, {
      type: "event",
      event: add(message(21, { type: "image", image_url: "/media/x.webp" })),
    });
    expect(state.generating).toBe(false);
    expect(canSend(state)).toBe(true);
    expect(state.messages[0]?.type).toBe("image");
  });

  it("private media also end the progress", () => {
    const state = run(
      { type: "event", event: add(message(-9, { type: "start_generation" })) },
      { type: "event", event: add(message(22, { type: "private_video", locked: true, price_tokens: 40 })) },
    );
    expect(state.generating).toBe(false);
    expect(state.messages[0]?.locked).toBe(true);
  });

  it("ignores other characters' messages and duplicate ids", () => {
    const state = run(
      { type: "event", event: add(message(30, { model_id: MODEL + 1 })) },
      { type: "event", event: add(message(31, { chat_id: CHAT + 1 })) },
      { type: "event", event: add(message(32)) },
      { type: "event", event: add(message(32, { text: "again" })) },
      { type: "event", event: add(message(-4, { model_id: MODEL + 1, type: "typing" })) },
    );
    expect(ids(state.messages)).toEqual([32]);
    expect(state.messages[0]?.text).toBe("message 32");
    expect(state.typing).toBe(false);
  });

  it("places a reply-failure notice right after the message it answers", () => {
    const state = run(
      { type: "history", messages: [message(40, { from: "user" }), message(41, { from: "user" })] },
      { type: "event", event: add(message(-40, { text: "Sorry" })) },
    );
    expect(ids(state.messages)).toEqual([40, -40, 41]);
  });

  it("maps voice status changes and keeps the link", () => {
    const statusChange = (status: string, link?: string): SocketEvent => ({
      action: "status_change",
      message: {
        chat_id: CHAT,
        message_id: 50,
        type: "voice",
        status_information: { status, data: link ? { link } : {} },
      },
    });
    let state = run({ type: "event", event: statusChange("generating") });
    expect(state.voice[50]).toEqual({ status: "pending" });
    state = conversationReducer(state, { type: "event", event: statusChange("ready", "/media/v.wav") });
    expect(state.voice[50]).toEqual({ status: "playing", link: "/media/v.wav" });
    state = conversationReducer(state, { type: "voice", messageId: 50, status: "default" });
    expect(state.voice[50]).toEqual({ status: "default", link: "/media/v.wav" });
  });

  it("settles a reply that arrived while the socket was away", () => {
    const state = run(
      { type: "event", event: add(message(-9, { type: "typing" })) },
      { type: "event", event: update(message(-9, { text: "Hi" })) },
      { type: "settled" },
    );
    expect(canSend(state)).toBe(true);
  });

  it("deletes and clears", () => {
    let state = run({ type: "history", messages: [message(1), message(2), message(3)] });
    state = conversationReducer(state, { type: "deleted", ids: [2] });
    expect(ids(state.messages)).toEqual([1, 3]);
    state = conversationReducer(state, { type: "cleared" });
    expect(state.messages).toEqual([]);
  });
});

describe("voiceStatusOf", () => {
  it("follows the spec", () => {
    expect(voiceStatusOf("generating")).toBe("pending");
    expect(voiceStatusOf("ready")).toBe("playing");
    expect(voiceStatusOf("failed")).toBe("default");
    expect(voiceStatusOf("")).toBe("default");
  });
});
