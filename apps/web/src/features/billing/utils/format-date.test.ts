import { describe, expect, it } from "vitest";
import { formatLongDate } from "./format-date";

describe("formatLongDate", () => {
  it("writes the date in words", () => {
    expect(formatLongDate("2027-03-05T12:00:00.000Z")).toBe("March 5, 2027");
  });

  it("is empty for something that is not a date", () => {
    expect(formatLongDate("soon")).toBe("");
  });
});
