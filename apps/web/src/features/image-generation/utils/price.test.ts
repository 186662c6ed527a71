import { IMAGE_GENERATION_PRICE_TOKENS } from "@reverie/shared";
import { describe, expect, it } from "vitest";
import { balanceCovers, picturesPrice } from "./price";

describe("picturesPrice", () => {
  it("charges per picture", () => {
    expect(picturesPrice(1, 5)).toBe(5);
    expect(picturesPrice(4, 5)).toBe(20);
    expect(picturesPrice(3, 7)).toBe(21);
  });

  it("uses the price list's price before the server has answered one", () => {
    expect(picturesPrice(2, IMAGE_GENERATION_PRICE_TOKENS)).toBe(10);
  });
});

describe("balanceCovers", () => {
  it("is true when the balance reaches the price, false below it", () => {
    expect(balanceCovers(10, 10)).toBe(true);
    expect(balanceCovers(11, 10)).toBe(true);
    expect(balanceCovers(9, 10)).toBe(false);
    expect(balanceCovers(0, 5)).toBe(false);
  });
});
