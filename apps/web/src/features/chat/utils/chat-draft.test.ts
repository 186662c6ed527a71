import { describe, expect, it } from "vitest";
import { type DraftStorage, readDraft, writeDraft } from "./chat-draft";

function memoryStorage(): DraftStorage & { values: Map<string, string> } {
  const values = new Map<string, string>();
  return {
    values,
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => void values.set(key, value),
    removeItem: (key) => void values.delete(key),
  };
}

describe("chat drafts", () => {
  it("keeps each chat's text and whether it waits for a purchase", () => {
    const storage = memoryStorage();
    writeDraft(storage, 3, { text: "One more message, please", heldForPurchase: true });
    writeDraft(storage, 4, { text: "hello", heldForPurchase: false });
    expect(readDraft(storage, 3)).toEqual({ text: "One more message, please", heldForPurchase: true });
    expect(readDraft(storage, 4)).toEqual({ text: "hello", heldForPurchase: false });
    expect(readDraft(storage, 5)).toEqual({ text: "", heldForPurchase: false });
  });

  it("removes an emptied draft", () => {
    const storage = memoryStorage();
    writeDraft(storage, 3, { text: "hi", heldForPurchase: false });
    writeDraft(storage, 3, { text: "", heldForPurchase: false });
    expect(storage.values.size).toBe(0);
  });

  it("reads anything else as no draft, and never throws", () => {
    const storage = memoryStorage();
    storage.values.set("reverie:chat-draft:3", "{not json");
    expect(readDraft(storage, 3)).toEqual({ text: "", heldForPurchase: false });
    storage.values.set("reverie:chat-draft:3", JSON.stringify({ text: 42 }));
    expect(readDraft(storage, 3)).toEqual({ text: "", heldForPurchase: false });
    // a blank text has nothing to offer
    storage.values.set("reverie:chat-draft:3", JSON.stringify({ text: "  ", heldForPurchase: true }));
    expect(readDraft(storage, 3)).toEqual({ text: "  ", heldForPurchase: false });
    const broken: DraftStorage = {
      getItem: () => {
        throw new Error("denied");
      },
      setItem: () => {
        throw new Error("full");
      },
      removeItem: () => undefined,
    };
    expect(readDraft(broken, 3)).toEqual({ text: "", heldForPurchase: false });
    expect(() => writeDraft(broken, 3, { text: "x", heldForPurchase: false })).not.toThrow();
    expect(readDraft(null, 3)).toEqual({ text: "", heldForPurchase: false });
  });
});
