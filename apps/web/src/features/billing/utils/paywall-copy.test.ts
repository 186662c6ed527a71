import { PAYWALL_SOURCES } from "@reverie/shared";
import { describe, expect, it } from "vitest";
import { paywallCopy } from "./paywall-copy";

describe("paywallCopy", () => {
  it("says why, by the source label", () => {
    expect(paywallCopy(PAYWALL_SOURCES.voiceMessageFreePlanUser).title).toBe("Hear their voice");
    // tokens buy voice on the free plan (decision 35): the paywall says so
    expect(paywallCopy(PAYWALL_SOURCES.voiceMessageFreePlanUser).text).toContain("costs 5 tokens");
    expect(paywallCopy("model_chat").title).toBe("Keep the conversation going");
  });

  it("has a general line for any other source", () => {
    expect(paywallCopy("something_new").title).toBe("This is a Premium feature");
    expect(paywallCopy(null).title).toBe("This is a Premium feature");
  });
});
