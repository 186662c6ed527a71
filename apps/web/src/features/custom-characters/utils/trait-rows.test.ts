import { describe, expect, it } from "vitest";
import { TEST_TRAIT_LIST } from "./test-trait-list";
import { traitRows } from "./trait-rows";

describe("traitRows", () => {
  const traits = { voice: "soft", hobbies: "yoga,gaming", ethnicity: "latina", mood: "sunny" };

  it("lists the traits in the constructor's order, unknown ones last", () => {
    expect(traitRows(traits, TEST_TRAIT_LIST).map((row) => row.key)).toEqual([
      "ethnicity",
      "hobbies",
      "voice",
      "mood",
    ]);
  });

  it("names traits and values as the trait list does, or from the key", () => {
    const rows = traitRows(traits, TEST_TRAIT_LIST);
    expect(rows.find((row) => row.key === "hobbies")).toEqual({
      key: "hobbies",
      label: "Hobbies",
      values: ["yoga", "gaming"],
    });
    expect(traitRows({ eyes_color: "blue" }, undefined)).toEqual([
      { key: "eyes_color", label: "Eyes color", values: ["blue"] },
    ]);
  });
});
