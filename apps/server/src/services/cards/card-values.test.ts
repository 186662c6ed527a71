import { describe, expect, it } from "vitest";
import {
  booleanOf,
  extensionsOf,
  keysOf,
  numberOf,
  positionNumberOf,
  positionOf,
  tagsOf,
} from "./card-values.ts";

describe("card values", () => {
  it("numberOf reads numbers and numeric texts, nothing else", () => {
    expect([10, "10", " 2.5 ", "-3", "0"].map(numberOf)).toEqual([10, 10, 2.5, -3, 0]);
    expect(["", "  ", "high", "10px", null, undefined, true, [], {}, Number.NaN].map(numberOf)).toEqual(
      Array(10).fill(undefined),
    );
  });

  it("booleanOf reads booleans, 1 and 0, and their texts in any case", () => {
    expect([true, "true", "TRUE", " yes ", "on", "1", 1].map(booleanOf)).toEqual(Array(7).fill(true));
    expect([false, "false", "False", "no", "off", "0", 0].map(booleanOf)).toEqual(Array(7).fill(false));
    expect(["", "maybe", 2, null, undefined, {}].map(booleanOf)).toEqual(Array(6).fill(undefined));
  });

  it("positionOf reads world info's numbers and the words of either side", () => {
    expect([0, "0", "before_char", "BEFORE", " before_char "].map(positionOf)).toEqual(
      Array(5).fill("before_char"),
    );
    expect([1, "1", 2, "6", "after_char", "After"].map(positionOf)).toEqual(Array(6).fill("after_char"));
    expect(["", null, undefined, "at_depth", -1, false, {}].map(positionOf)).toEqual(
      Array(7).fill(undefined),
    );
    expect([0, 1, "", "4", 4.5, 6].map(positionNumberOf)).toEqual([
      undefined,
      undefined,
      undefined,
      4,
      undefined,
      6,
    ]);
  });

  it("tagsOf reads every shape of tag editors write", () => {
    expect(tagsOf(["a", " b "])).toEqual(["a", "b"]);
    expect(tagsOf("a, b,,c")).toEqual(["a", "b", "c"]);
    expect(tagsOf([{ name: "a" }, { label: "b" }, { tag: "c" }, { title: "d" }, { color: "red" }])).toEqual([
      "a",
      "b",
      "c",
      "d",
    ]);
    expect(tagsOf([1, 2.5, null, undefined, true, [["x"]]])).toEqual(["1", "2.5"]);
    expect(tagsOf(["A", "a", "b"])).toEqual(["A", "b"]);
    expect([null, undefined, "", false, {}].map(tagsOf)).toEqual(Array(5).fill([]));
  });

  it("keysOf reads a list or a comma-separated text, and no list from anything else", () => {
    expect(keysOf(["a", " b", 3, null, "", {}])).toEqual(["a", " b", "3"]);
    expect(keysOf("a, b ,")).toEqual(["a", "b"]);
    expect(keysOf(1912)).toEqual(["1912"]);
    expect([null, undefined, {}, true].map(keysOf)).toEqual(Array(4).fill(undefined));
  });

  it("extensionsOf keeps objects and turns the rest into none", () => {
    const object = { a: [1], b: { c: null } };
    expect(extensionsOf(object)).toBe(object);
    expect([[], "x", 5, null, undefined, true].map(extensionsOf)).toEqual(Array(6).fill({}));
  });
});
