import { describe, expect, it } from "vitest";
import {
  CONFIRMATION_GIVE_UP_MS,
  CONFIRMATION_POLL_MS,
  checkoutOutcome,
  confirmationStep,
} from "./payment-confirmation";

describe("confirmationStep", () => {
  it("asks again every 1.5 s while the order is pending", () => {
    expect(CONFIRMATION_POLL_MS).toBe(1_500);
    expect(confirmationStep("pending", false, 0)).toBe("ask-again");
    expect(confirmationStep("pending", false, 27_000)).toBe("ask-again");
  });

  it("stops asking after about 30 s and says the payment is still processing", () => {
    expect(CONFIRMATION_GIVE_UP_MS).toBe(30_000);
    expect(confirmationStep("pending", false, 28_600)).toBe("still-processing");
    expect(confirmationStep("pending", false, 31_000)).toBe("still-processing");
  });

  it("stops at once when the order is settled", () => {
    for (const status of ["paid", "failed", "canceled"] as const) {
      expect(confirmationStep(status, false, 0)).toBe("settled");
    }
  });

  it("does not wait for a payment the user canceled on the provider's page", () => {
    expect(confirmationStep("pending", true, 0)).toBe("settled");
  });
});

describe("checkoutOutcome", () => {
  it("tells a token purchase from a subscription", () => {
    expect(checkoutOutcome({ status: "paid", kind: "tokens" }, false)).toBe("tokens-added");
    expect(checkoutOutcome({ status: "paid", kind: "subscription" }, false)).toBe("premium-started");
  });

  it("believes the provider over the return address", () => {
    expect(checkoutOutcome({ status: "paid", kind: "tokens" }, true)).toBe("tokens-added");
    expect(checkoutOutcome({ status: "failed", kind: "tokens" }, false)).toBe("failed");
  });

  it("shows a canceled payment as canceled, confirmed or not", () => {
    expect(checkoutOutcome({ status: "canceled", kind: "subscription" }, false)).toBe("canceled");
    expect(checkoutOutcome({ status: "pending", kind: "subscription" }, true)).toBe("canceled");
  });

  it("says a pending payment is processing", () => {
    expect(checkoutOutcome({ status: "pending", kind: "tokens" }, false)).toBe("processing");
  });
});
