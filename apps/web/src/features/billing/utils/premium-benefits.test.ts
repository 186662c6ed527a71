import { describe, expect, it } from "vitest";
import { premiumBenefits } from "./premium-benefits";

describe("premiumBenefits", () => {
  it("lists what premium includes", () => {
    expect(
      premiumBenefits({
        MonthlyTokens: 1000,
        UnlimitedMessages: true,
        VoiceMessages: true,
        CustomCharacters: 3,
        ImageGeneration: true,
      }),
    ).toEqual([
      "1,000 tokens every month",
      "Unlimited messages with every character",
      "Voice messages",
      "3 custom characters a month",
      "Image generation",
    ]);
  });

  it("leaves out what it does not include", () => {
    expect(
      premiumBenefits({
        MonthlyTokens: 100,
        UnlimitedMessages: false,
        VoiceMessages: false,
        CustomCharacters: 0,
        ImageGeneration: false,
      }),
    ).toEqual(["100 tokens every month"]);
  });
});
