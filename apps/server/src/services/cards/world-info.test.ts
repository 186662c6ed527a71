import { describe, expect, it } from "vitest";
import { cardEntryFields, entryList } from "./world-info.ts";

describe("world info entries", () => {
  it("entryList takes a list as it is and an object's entries in key order, ids from the keys", () => {
    const list = [{ content: "a" }];
    expect(entryList(list)).toBe(list);
    expect(
      entryList({ "10": { content: "b" }, "2": { content: "a" }, x: { content: "c" }, "3": { uid: 9 } }),
    ).toEqual([{ content: "a", id: 2 }, { uid: 9 }, { content: "b", id: 10 }, { content: "c", id: "x" }]);
    expect([null, "entries", 5].map(entryList)).toEqual([[], [], []]);
  });

  it("cardEntryFields renames world info's fields the entry lacks and keeps the others", () => {
    expect(
      cardEntryFields({
        uid: 1,
        key: ["a"],
        keysecondary: ["b"],
        order: 5,
        disable: "true",
        caseSensitive: true,
        depth: 4,
      }),
    ).toEqual({
      id: 1,
      keys: ["a"],
      secondary_keys: ["b"],
      insertion_order: 5,
      enabled: false,
      case_sensitive: true,
      depth: 4,
    });
    expect(cardEntryFields({ keys: ["a"], key: ["b"], enabled: true, disable: true })).toEqual({
      keys: ["a"],
      key: ["b"],
      enabled: true,
      disable: true,
    });
    expect(cardEntryFields({ disable: "sometimes" })).toEqual({ disable: "sometimes" });
  });
});
