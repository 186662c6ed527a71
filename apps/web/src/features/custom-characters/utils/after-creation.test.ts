import { describe, expect, it } from "vitest";
import { constructorCallback, destinationAfterCreation } from "./after-creation";

describe("destinationAfterCreation", () => {
  it("sends a free user with the paywall callback to their character with the offer", () => {
    expect(
      destinationAfterCreation({ plan: "free", callback: "paywall", pathname: "/create_ai", modelId: 9 }),
    ).toEqual({ kind: "paywall", path: "/my_ai?callback=paywall" });
  });

  it("does so on onboarding too", () => {
    expect(
      destinationAfterCreation({ plan: "free", callback: "paywall", pathname: "/onboarding", modelId: 9 }),
    ).toEqual({ kind: "paywall", path: "/my_ai?callback=paywall" });
  });

  it("sends everyone else to the list, then the character", () => {
    const character = { kind: "character", listPath: "/my_ais", characterPath: "/my_ais/9" };
    expect(
      destinationAfterCreation({ plan: "premium", callback: "paywall", pathname: "/create_ai", modelId: 9 }),
    ).toEqual(character);
    expect(
      destinationAfterCreation({ plan: "free", callback: null, pathname: "/create_ai", modelId: 9 }),
    ).toEqual(character);
    expect(
      destinationAfterCreation({ plan: "free", callback: "other", pathname: "/create_ai", modelId: 9 }),
    ).toEqual(character);
  });

  it("stays on onboarding", () => {
    expect(
      destinationAfterCreation({ plan: "premium", callback: null, pathname: "/onboarding", modelId: 9 }),
    ).toEqual({ kind: "stay" });
    expect(
      destinationAfterCreation({ plan: "free", callback: null, pathname: "/onboarding/step-2", modelId: 9 }),
    ).toEqual({ kind: "stay" });
  });
});

describe("constructorCallback", () => {
  it("marks a free-plan user's visit to the constructor for the paywall flow, and no one else's", () => {
    expect(constructorCallback("free")).toBe("paywall");
    expect(constructorCallback("premium")).toBeNull();
    expect(constructorCallback(undefined)).toBeNull();
  });

  it("leads a free-plan user's new character to the offer once the constructor has set it", () => {
    expect(
      destinationAfterCreation({
        plan: "free",
        callback: constructorCallback("free"),
        pathname: "/create_ai",
        modelId: 4,
      }),
    ).toEqual({ kind: "paywall", path: "/my_ai?callback=paywall" });
  });
});
