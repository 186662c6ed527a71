import { describe, expect, it } from "vitest";
import {
  cardErrors,
  describeOutcome,
  formatCardNumber,
  formatCvc,
  formatExpiry,
  formatVerificationCode,
  sampleExpiry,
} from "./card-input";

describe("formatCardNumber", () => {
  it("groups the digits by four", () => {
    expect(formatCardNumber("4242424242424242")).toBe("4242 4242 4242 4242");
    expect(formatCardNumber("42424")).toBe("4242 4");
    expect(formatCardNumber("4242")).toBe("4242");
    expect(formatCardNumber("")).toBe("");
  });

  it("keeps only digits, and no more than 19", () => {
    expect(formatCardNumber("4000-0000 0000-0002")).toBe("4000 0000 0000 0002");
    expect(formatCardNumber("4242 4242 4242 4242 4242 42")).toBe("4242 4242 4242 4242 424");
    expect(formatCardNumber("abc")).toBe("");
  });
});

describe("formatExpiry", () => {
  it("puts the slash after the month", () => {
    expect(formatExpiry("1")).toBe("1");
    expect(formatExpiry("12")).toBe("12/");
    expect(formatExpiry("1234")).toBe("12/34");
    expect(formatExpiry("12/345")).toBe("12/34");
  });

  it("reads a single digit above 1 as a month", () => {
    expect(formatExpiry("4")).toBe("04/");
    expect(formatExpiry("0")).toBe("0");
    expect(formatExpiry("09")).toBe("09/");
  });

  it("lets the user delete back over the slash", () => {
    expect(formatExpiry("12", "12/")).toBe("1");
    expect(formatExpiry("12/3", "12/34")).toBe("12/3");
  });
});

describe("security and verification codes", () => {
  it("keeps up to four digits of the security code", () => {
    expect(formatCvc("12a34 5")).toBe("1234");
  });

  it("keeps the digits of the one-time code", () => {
    expect(formatVerificationCode("123 456")).toBe("123456");
  });
});

describe("cardErrors", () => {
  const now = new Date(2026, 4, 15);
  const valid = { number: "4242 4242 4242 4242", expiry: "12/34", cvc: "123", name: "Ada Lovelace" };

  it("accepts complete details", () => {
    expect(cardErrors(valid, now)).toEqual({});
  });

  it("names each missing field", () => {
    expect(cardErrors({ number: "4242", expiry: "1", cvc: "12", name: " " }, now)).toEqual({
      number: "Enter the card number.",
      expiry: "Enter the expiry as MM/YY.",
      cvc: "Enter the 3- or 4-digit security code.",
      name: "Enter the name on the card.",
    });
  });

  it("refuses an impossible month and an expired card", () => {
    expect(cardErrors({ ...valid, expiry: "13/30" }, now).expiry).toBe("Enter the expiry as MM/YY.");
    expect(cardErrors({ ...valid, expiry: "04/26" }, now).expiry).toBe("This card has expired.");
    expect(cardErrors({ ...valid, expiry: "05/26" }, now).expiry).toBeUndefined();
  });
});

describe("test cards", () => {
  it("describes outcomes in words", () => {
    expect(describeOutcome("approved")).toBe("Approved");
    expect(describeOutcome("insufficient_funds")).toBe("Insufficient funds");
    expect(describeOutcome("verification_required")).toBe("Asks for a verification code");
    expect(describeOutcome("lost_card")).toBe("Lost card");
  });

  it("fills an expiry in the future", () => {
    expect(sampleExpiry(new Date(2026, 0, 1))).toBe("12/27");
  });
});
