import { describe, expect, it } from "vitest";
import { describeTokenDelta, formatTokenDelta, nextStatementPage, statementLines } from "./token-statement";

describe("formatTokenDelta", () => {
  it("signs credits with + and debits with a minus sign, with thousands separators", () => {
    expect(formatTokenDelta(350)).toBe("+350");
    expect(formatTokenDelta(1150)).toBe("+1,150");
    expect(formatTokenDelta(-20)).toBe("\u221220");
    expect(formatTokenDelta(-2400)).toBe("\u22122,400");
    expect(formatTokenDelta(0)).toBe("0");
  });
});

describe("describeTokenDelta", () => {
  it("says the change in words", () => {
    expect(describeTokenDelta(350)).toBe("350 tokens added");
    expect(describeTokenDelta(-1)).toBe("1 token spent");
    expect(describeTokenDelta(-1150)).toBe("1,150 tokens spent");
    expect(describeTokenDelta(0)).toBe("no change");
  });
});

describe("nextStatementPage", () => {
  it("asks for the next page until every line is loaded", () => {
    expect(nextStatementPage(1, 20, 45)).toBe(2);
    expect(nextStatementPage(2, 20, 45)).toBe(3);
    expect(nextStatementPage(3, 20, 45)).toBeUndefined();
    expect(nextStatementPage(1, 20, 20)).toBeUndefined();
    expect(nextStatementPage(1, 20, 0)).toBeUndefined();
  });
});

describe("statementLines", () => {
  it("keeps the order and drops a line a newer change pushed onto the next page", () => {
    const pages = [{ items: [{ id: 9 }, { id: 8 }] }, { items: [{ id: 8 }, { id: 7 }] }];
    expect(statementLines(pages).map((line) => line.id)).toEqual([9, 8, 7]);
    expect(statementLines([])).toEqual([]);
  });
});
