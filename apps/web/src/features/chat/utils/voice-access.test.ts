import { VOICE_MESSAGE_PRICE_TOKENS } from "@reverie/shared";
import { describe, expect, it } from "vitest";
import { voiceAccess } from "./voice-access";

describe("who may hear a voice message (decision 35)", () => {
  it("is included in premium", () => {
    expect(voiceAccess({ plan: "premium", tokens: 0 })).toBe("included");
  });

  it("is bought with tokens on the free plan, once there are enough", () => {
    expect(voiceAccess({ plan: "free", tokens: VOICE_MESSAGE_PRICE_TOKENS })).toBe("tokens");
    expect(voiceAccess({ plan: "free", tokens: 100 })).toBe("tokens");
    expect(voiceAccess({ plan: "free", tokens: VOICE_MESSAGE_PRICE_TOKENS - 1 })).toBe("top_up");
    expect(voiceAccess(null)).toBe("top_up");
  });
});
