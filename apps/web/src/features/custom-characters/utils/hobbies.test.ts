import { describe, expect, it } from "vitest";
import { joinHobbies, splitHobbies } from "./hobbies";

describe("joinHobbies", () => {
  it("joins the chosen values with commas, in the order chosen", () => {
    expect(joinHobbies(["yoga", "travel", "cooking"])).toBe("yoga,travel,cooking");
  });

  it("trims, drops blanks and keeps each value once", () => {
    expect(joinHobbies([" yoga ", "", "travel", "yoga"])).toBe("yoga,travel");
  });

  it("is empty without hobbies", () => {
    expect(joinHobbies([])).toBe("");
  });
});

describe("splitHobbies", () => {
  it("reads the values back", () => {
    expect(splitHobbies("yoga, travel ,cooking,")).toEqual(["yoga", "travel", "cooking"]);
  });

  it("round-trips with joinHobbies", () => {
    const values = ["gaming", "music"];
    expect(splitHobbies(joinHobbies(values))).toEqual(values);
  });
});
