import type { MemoryItem } from "@reverie/shared";
import { describe, expect, it } from "vitest";
import {
  formatMemoryDate,
  groupMemory,
  MEMORY_KINDS,
  memoryGroupLabel,
  memoryKindChoice,
} from "./memory-groups";

function item(fields: Partial<MemoryItem> & Pick<MemoryItem, "id" | "kind">): MemoryItem {
  return { subject: "", text: "something", date: null, updated_at: "2026-11-01T10:00:00.000Z", ...fields };
}

describe("groupMemory", () => {
  it("groups by kind in the panel's order and leaves out kinds with nothing", () => {
    const groups = groupMemory(
      [
        item({ id: 1, kind: "self", text: "grew up by the sea" }),
        item({ id: 2, kind: "pet", text: "has a dog called Biscuit" }),
        item({ id: 3, kind: "name", text: "is called Sam" }),
        item({ id: 4, kind: "pet", text: "has a cat called Miso" }),
      ],
      "Mia",
    );
    expect(groups.map((group) => [group.kind, group.label, group.items.map((entry) => entry.id)])).toEqual([
      ["name", "Your name", [3]],
      ["pet", "Pets", [4, 2]],
      ["self", "Things Mia said about themselves", [1]],
    ]);
  });

  it("puts dated items first, soonest first, then the most recently changed", () => {
    const groups = groupMemory(
      [
        item({ id: 1, kind: "date", text: "old", updated_at: "2026-01-01T00:00:00.000Z" }),
        item({ id: 2, kind: "date", text: "exam", date: "2026-12-10" }),
        item({ id: 3, kind: "date", text: "new", updated_at: "2026-11-20T00:00:00.000Z" }),
        item({ id: 4, kind: "date", text: "birthday", date: "2026-12-01" }),
      ],
      "Mia",
    );
    expect(groups[0]?.items.map((entry) => entry.id)).toEqual([4, 2, 3, 1]);
  });

  it("gives nothing for no items", () => {
    expect(groupMemory([], "Mia")).toEqual([]);
  });
});

describe("labels", () => {
  it("has a heading and a choice for every kind, self named after the character", () => {
    for (const kind of MEMORY_KINDS) {
      expect(memoryGroupLabel(kind, "Mia")).not.toBe("");
      expect(memoryKindChoice(kind, "Mia")).not.toBe("");
    }
    expect(memoryGroupLabel("worry", "Mia")).toBe("Worries");
    expect(memoryGroupLabel("person", "Mia")).toBe("People");
    expect(memoryKindChoice("self", "Mia")).toBe("Something about Mia");
  });
});

describe("formatMemoryDate", () => {
  it("writes a day, a month's name and a year, whatever the time zone", () => {
    expect(formatMemoryDate("2026-03-14")).toBe("14 March 2026");
    expect(formatMemoryDate("2027-01-01")).toBe("1 January 2027");
  });

  it("leaves anything that is not a date as it is", () => {
    expect(formatMemoryDate("next spring")).toBe("next spring");
  });
});
