import type { Message } from "@reverie/shared";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ConversationCatchUp } from "./catch-up";
import { conversationReducer, initialConversation } from "./conversation";

const CHAT = 7;
const MODEL = 3;

function message(id: number, from: Message["from"] = "model"): Message {
  return {
    id,
    chat_id: CHAT,
    model_id: MODEL,
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

/** A server whose newest page the test sets, and a conversation fed through the real reducer. */
function setup() {
  let newest: Message[] = [message(1)];
  let visible = true;
  const fetches: Array<(page: Message[]) => void> = [];
  let state = initialConversation(CHAT, MODEL);
  let autoAnswer = true;
  const catchUp = new ConversationCatchUp({
    fetchNewest: () =>
      autoAnswer
        ? Promise.resolve(newest)
        : new Promise<Message[]>((resolve) => {
            fetches.push(resolve);
          }),
    apply(messages) {
      state = conversationReducer(state, { type: "history", messages });
    },
    isVisible: () => visible,
  });
  return {
    catchUp,
    ids: () => state.messages.map((m) => m.id),
    dispatch(action: Parameters<typeof conversationReducer>[1]) {
      state = conversationReducer(state, action);
    },
    setNewest(messages: Message[]) {
      newest = messages;
    },
    setVisible(value: boolean) {
      visible = value;
    },
    /** answers fetches by hand from now on */
    holdFetches() {
      autoAnswer = false;
    },
    fetches,
  };
}

const flush = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe("ConversationCatchUp", () => {
  it("polls the newest page every 3 s while the socket is down, and stops when it is back", async () => {
    const chat = setup();
    chat.catchUp.setConnected(false);
    await vi.advanceTimersByTimeAsync(2_999);
    expect(chat.ids()).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(chat.ids()).toEqual([1]);

    chat.setNewest([message(1), message(2, "user"), message(3)]);
    await vi.advanceTimersByTimeAsync(3_000);
    expect(chat.ids()).toEqual([1, 2, 3]);

    chat.catchUp.setConnected(true);
    chat.setNewest([message(1), message(2, "user"), message(3), message(4)]);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(chat.ids()).toEqual([1, 2, 3]);
  });

  it("does not poll while the tab is hidden", async () => {
    const chat = setup();
    chat.setVisible(false);
    chat.catchUp.setConnected(false);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(chat.ids()).toEqual([]);
    chat.setVisible(true);
    await vi.advanceTimersByTimeAsync(3_000);
    expect(chat.ids()).toEqual([1]);
  });

  it("fetches at once after a send while the socket is down, not while it is up", async () => {
    const chat = setup();
    chat.catchUp.sendStarted()();
    await flush();
    expect(chat.ids()).toEqual([]);

    chat.catchUp.setConnected(false);
    chat.catchUp.sendStarted()();
    await flush();
    expect(chat.ids()).toEqual([1]);
  });

  it("never merges a page while a send is in flight, so the sent message does not show twice", async () => {
    const chat = setup();
    chat.catchUp.setConnected(false);
    chat.holdFetches();
    chat.dispatch({ type: "history", messages: [message(1)] });

    // a poll leaves, then the user sends; the server stores the message before the poll answers
    await vi.advanceTimersByTimeAsync(3_000);
    chat.dispatch({ type: "send", message: { ...message(-99, "user"), pending: true } });
    const sendOver = chat.catchUp.sendStarted();
    chat.fetches.shift()?.([message(1), message(2, "user")]);
    await flush();
    expect(chat.ids()).toEqual([1, -99]);

    // polls during the send wait for it
    await vi.advanceTimersByTimeAsync(6_000);
    expect(chat.fetches).toHaveLength(0);

    chat.dispatch({ type: "sent", tempId: -99, message: message(2, "user") });
    sendOver();
    expect(chat.fetches).toHaveLength(1);
    chat.fetches.shift()?.([message(1), message(2, "user"), message(3)]);
    await flush();
    expect(chat.ids()).toEqual([1, 2, 3]);
  });

  it("refetches a page dropped during a send even when the socket came back meanwhile", async () => {
    const chat = setup();
    chat.holdFetches();
    const refreshed = chat.catchUp.refresh(); // after a reconnect
    const sendOver = chat.catchUp.sendStarted();
    chat.fetches.shift()?.([message(1)]);
    await refreshed;
    expect(chat.ids()).toEqual([]);
    sendOver();
    chat.fetches.shift()?.([message(1), message(2)]);
    await flush();
    expect(chat.ids()).toEqual([1, 2]);
  });

  it("runs one fetch at a time and repeats once for requests made meanwhile", async () => {
    const chat = setup();
    chat.holdFetches();
    const first = chat.catchUp.refresh();
    void chat.catchUp.refresh();
    void chat.catchUp.refresh();
    expect(chat.fetches).toHaveLength(1);
    chat.fetches.shift()?.([message(1)]);
    await flush();
    expect(chat.fetches).toHaveLength(1);
    chat.fetches.shift()?.([message(1), message(2)]);
    await first;
    expect(chat.fetches).toHaveLength(0);
    expect(chat.ids()).toEqual([1, 2]);
  });

  it("keeps polling after a failed fetch", async () => {
    const errors: unknown[] = [];
    let fail = true;
    let merged: readonly Message[] = [];
    const catchUp = new ConversationCatchUp({
      fetchNewest: () => (fail ? Promise.reject(new Error("offline")) : Promise.resolve([message(5)])),
      apply: (messages) => {
        merged = messages;
      },
      isVisible: () => true,
      onError: (cause) => errors.push(cause),
    });
    catchUp.setConnected(false);
    await vi.advanceTimersByTimeAsync(3_000);
    expect(errors).toHaveLength(1);
    fail = false;
    await vi.advanceTimersByTimeAsync(6_000);
    expect(merged.map((m) => m.id)).toEqual([5]);
    catchUp.stop();
  });

  it("backs off while fetches fail (up to a minute, with jitter) and polls every 3 s again after one succeeds", async () => {
    let fail = true;
    const times: number[] = [];
    const catchUp = new ConversationCatchUp({
      fetchNewest: () => {
        times.push(Date.now());
        return fail ? Promise.reject(new Error("server down")) : Promise.resolve([message(5)]);
      },
      apply: () => {},
      isVisible: () => true,
      onError: () => {},
      random: () => 0,
    });
    const start = Date.now();
    catchUp.setConnected(false);
    await vi.advanceTimersByTimeAsync(250_000);
    const waits = times.map((time, index) => time - (times[index - 1] ?? start));
    expect(waits.slice(0, 7)).toEqual([3_000, 6_000, 12_000, 24_000, 48_000, 60_000, 60_000]);

    fail = false;
    await vi.advanceTimersByTimeAsync(60_000);
    const recovered = times.length;
    await vi.advanceTimersByTimeAsync(3_000);
    expect(times).toHaveLength(recovered + 1);
    catchUp.stop();
  });

  it("jitters the waits after a failure, never past the step", async () => {
    const times: number[] = [];
    const catchUp = new ConversationCatchUp({
      fetchNewest: () => {
        times.push(Date.now());
        return Promise.reject(new Error("server down"));
      },
      apply: () => {},
      isVisible: () => true,
      onError: () => {},
      random: () => 0.999,
    });
    catchUp.setConnected(false);
    await vi.advanceTimersByTimeAsync(3_000);
    expect(times).toHaveLength(1);
    // the 6 s step, shortened by almost half
    await vi.advanceTimersByTimeAsync(3_002);
    expect(times).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(2);
    expect(times).toHaveLength(2);
    catchUp.stop();
  });
});
