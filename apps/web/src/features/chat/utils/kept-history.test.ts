import type { Message } from "@reverie/shared";
import { describe, expect, it } from "vitest";
import { historyWithConversation, type MessagesHistory } from "./kept-history";

function message(id: number, from: Message["from"] = "model"): Message {
  return {
    id,
    chat_id: 7,
    model_id: 3,
    from,
    type: "text",
    text: `message ${id}`,
    image_url: null,
    images_urls: [],
    video_duration: null,
    locked: false,
    price_tokens: null,
    send_at: "2026-11-22T10:00:00.000Z",
  };
}

const range = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => message(from + i));

describe("historyWithConversation", () => {
  const known: MessagesHistory = { pages: [{ items: [message(1)], total_count: 1 }], pageParams: [1] };

  it("adds the messages that came by socket, newest ten on the first page", () => {
    const history = historyWithConversation(range(1, 12), known);
    expect(history?.pageParams).toEqual([1, 2]);
    expect(history?.pages[0]?.items.map((m) => m.id)).toEqual(range(3, 12).map((m) => m.id));
    expect(history?.pages[1]?.items.map((m) => m.id)).toEqual([1, 2]);
    expect(history?.pages.every((page) => page.total_count === 12)).toBe(true);
  });

  it("leaves out provisional and unsent messages", () => {
    const history = historyWithConversation(
      [
        message(1),
        message(2, "user"),
        { ...message(-4), text: "typing" },
        { ...message(9, "user"), pending: true },
      ],
      known,
    );
    expect(history?.pages[0]?.items.map((m) => m.id)).toEqual([1, 2]);
  });

  it("keeps the known pages (the same object) when nothing new is stored", () => {
    expect(historyWithConversation([message(1), { ...message(-2), text: "…" }], known)).toBe(known);
    expect(historyWithConversation([], undefined)).toBeUndefined();
  });

  it("counts the older messages not loaded yet in the total", () => {
    const partial: MessagesHistory = { pages: [{ items: range(41, 50), total_count: 50 }], pageParams: [1] };
    const history = historyWithConversation([...range(41, 50), message(51, "user"), message(52)], partial);
    expect(history?.pages[0]?.total_count).toBe(52);
  });
});
