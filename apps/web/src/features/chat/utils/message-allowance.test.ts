import { describe, expect, it } from "vitest";
import { canAffordMessage, messageAllowance } from "./message-allowance";

const free = (free_msgs: number, tokens = 0) => ({ plan: "free" as const, free_msgs, tokens });

describe("what is left to write with", () => {
  it("counts the free messages quietly, then warns from three on", () => {
    expect(messageAllowance(free(10))).toEqual({ tone: "quiet", text: "10 free messages left" });
    expect(messageAllowance(free(4))).toEqual({ tone: "quiet", text: "4 free messages left" });
    expect(messageAllowance(free(3))).toEqual({
      tone: "low",
      text: "Only 3 free messages left, then 1 token a message",
    });
    expect(messageAllowance(free(1))).toEqual({
      tone: "low",
      text: "Last free message, then 1 token a message",
    });
  });

  it("then says what a message costs and the tokens left", () => {
    expect(messageAllowance(free(0, 100))).toEqual({
      tone: "quiet",
      text: "1 token a message · 100 tokens left",
    });
    expect(messageAllowance(free(0, 1))).toEqual({ tone: "low", text: "1 token a message · 1 token left" });
  });

  it("says nothing to premium, or when nothing is left (the banner does)", () => {
    expect(messageAllowance({ plan: "premium", free_msgs: 0, tokens: 0 })).toBeNull();
    expect(messageAllowance(free(0, 0))).toBeNull();
    expect(messageAllowance(null)).toBeNull();
  });

  it("knows whether one more message can be paid for", () => {
    expect(canAffordMessage(free(0, 0))).toBe(false);
    expect(canAffordMessage(free(1, 0))).toBe(true);
    expect(canAffordMessage(free(0, 1))).toBe(true);
    expect(canAffordMessage({ plan: "premium", free_msgs: 0, tokens: 0 })).toBe(true);
    expect(canAffordMessage(undefined)).toBe(false);
  });
});
