import { describe, expect, it } from "vitest";
import { isOutOfMessages } from "./out-of-messages";

describe("isOutOfMessages", () => {
  it("is true for a free user with no free messages and no tokens", () => {
    expect(isOutOfMessages({ plan: "free", free_msgs: 0, tokens: 0 })).toBe(true);
  });

  it("is false while a free message or a token is left", () => {
    expect(isOutOfMessages({ plan: "free", free_msgs: 1, tokens: 0 })).toBe(false);
    expect(isOutOfMessages({ plan: "free", free_msgs: 0, tokens: 1 })).toBe(false);
  });

  it("is false for a premium user", () => {
    expect(isOutOfMessages({ plan: "premium", free_msgs: 0, tokens: 0 })).toBe(false);
  });
});
