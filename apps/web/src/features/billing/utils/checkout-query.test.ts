import { describe, expect, it } from "vitest";
import { checkoutPackagePath, checkoutPlanPath, plansPath, readCheckoutQuery } from "./checkout-query";

describe("readCheckoutQuery", () => {
  it("reads a return from the provider", () => {
    expect(readCheckoutQuery("?order=ord_1&status=success")).toEqual({
      kind: "return",
      orderId: "ord_1",
      canceled: false,
    });
    expect(readCheckoutQuery("?order=ord_1&status=canceled")).toEqual({
      kind: "return",
      orderId: "ord_1",
      canceled: true,
    });
  });

  it("treats a return without a status as one to confirm", () => {
    expect(readCheckoutQuery("?order=ord_1")).toEqual({ kind: "return", orderId: "ord_1", canceled: false });
  });

  it("reads what is about to be bought", () => {
    expect(readCheckoutQuery("?package=tokens_350")).toEqual({
      kind: "buy",
      item: "package",
      priceId: "tokens_350",
    });
    expect(readCheckoutQuery("?plan=premium_1_month&from=%2Fchat%2F3")).toEqual({
      kind: "buy",
      item: "plan",
      priceId: "premium_1_month",
    });
  });

  it("says when there is nothing to check out", () => {
    expect(readCheckoutQuery("")).toEqual({ kind: "nothing" });
    expect(readCheckoutQuery("?package=")).toEqual({ kind: "nothing" });
  });
});

describe("purchase addresses", () => {
  it("carries where the user came from", () => {
    expect(checkoutPackagePath("tokens_350", "/chat/3")).toBe(
      "/checkout?package=tokens_350&from=%2Fchat%2F3",
    );
    expect(checkoutPlanPath("premium_1_year")).toBe("/checkout?plan=premium_1_year");
    expect(plansPath({ source: "voice_message_free_plan_user", from: "/chat/3" })).toBe(
      "/plans?source=voice_message_free_plan_user&from=%2Fchat%2F3",
    );
    expect(plansPath()).toBe("/plans");
  });
});
