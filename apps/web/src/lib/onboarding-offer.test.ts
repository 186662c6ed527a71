import { describe, expect, it } from "vitest";
import { markOnboardingOffered, onboardingOfferedKey, wasOnboardingOffered } from "./onboarding-offer";

function memoryStore() {
  const values = new Map<string, string>();
  return {
    values,
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
  };
}

describe("the onboarding is offered once per account", () => {
  it("is not offered yet to a new account, and is once marked", () => {
    const store = memoryStore();
    expect(wasOnboardingOffered("user-1", store)).toBe(false);
    markOnboardingOffered("user-1", store, new Date("2026-01-02T03:04:05Z"));
    expect(wasOnboardingOffered("user-1", store)).toBe(true);
    expect(store.values.get("reverie:onboarding-offered:user-1")).toBe("2026-01-02T03:04:05.000Z");
  });

  it("is remembered per account: another account on the same browser is still offered it", () => {
    const store = memoryStore();
    markOnboardingOffered("user-1", store);
    expect(wasOnboardingOffered("user-2", store)).toBe(false);
    expect(onboardingOfferedKey("user-2")).toBe("reverie:onboarding-offered:user-2");
  });

  it("never nags when storage is missing or broken", () => {
    expect(wasOnboardingOffered("user-1", null)).toBe(true);
    const broken = {
      getItem: () => {
        throw new Error("denied");
      },
      setItem: () => {
        throw new Error("denied");
      },
    };
    expect(wasOnboardingOffered("user-1", broken)).toBe(true);
    expect(() => markOnboardingOffered("user-1", broken)).not.toThrow();
  });
});
