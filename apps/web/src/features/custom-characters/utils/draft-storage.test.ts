import { describe, expect, it } from "vitest";
import { EMPTY_DRAFT } from "./builder-draft";
import { clearDraft, DRAFT_STORAGE_KEY, loadDraft, saveDraft } from "./draft-storage";

function memoryStore() {
  const values = new Map<string, string>();
  return {
    values,
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
    removeItem: (key: string) => void values.delete(key),
  };
}

describe("draft storage", () => {
  it("keeps a started draft and gives it back", () => {
    const store = memoryStore();
    const draft = { ...EMPTY_DRAFT, gender: "female" as const, name: "Mia", step: "summary" };
    saveDraft(draft, store);
    expect(loadDraft(store)).toEqual(draft);
  });

  it("starts empty without a stored draft, or without storage", () => {
    expect(loadDraft(memoryStore())).toEqual(EMPTY_DRAFT);
    expect(loadDraft(null)).toEqual(EMPTY_DRAFT);
  });

  it("does not keep an untouched draft", () => {
    const store = memoryStore();
    store.setItem(DRAFT_STORAGE_KEY, JSON.stringify({ ...EMPTY_DRAFT, name: "Old" }));
    saveDraft(EMPTY_DRAFT, store);
    expect(store.values.has(DRAFT_STORAGE_KEY)).toBe(false);
  });

  it("forgets the draft once cleared", () => {
    const store = memoryStore();
    saveDraft({ ...EMPTY_DRAFT, name: "Mia" }, store);
    clearDraft(store);
    expect(loadDraft(store)).toEqual(EMPTY_DRAFT);
  });

  it("survives a storage that throws", () => {
    const broken = {
      getItem: () => {
        throw new Error("denied");
      },
      setItem: () => {
        throw new Error("quota");
      },
      removeItem: () => {
        throw new Error("denied");
      },
    };
    expect(loadDraft(broken)).toEqual(EMPTY_DRAFT);
    expect(() => saveDraft({ ...EMPTY_DRAFT, name: "Mia" }, broken)).not.toThrow();
    expect(() => clearDraft(broken)).not.toThrow();
  });
});
