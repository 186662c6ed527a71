import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { sessionPlanVariant, variantForTraffic } from "./traffic";

describe("plan variant", () => {
  it("shows Facebook ad visitors their list", () => {
    expect(variantForTraffic("facebook")).toBe("facebook");
    expect(variantForTraffic("google")).toBe("default");
    expect(variantForTraffic(null)).toBe("default");
  });

  it("gives Facebook ad visitors the list remote configuration names for them", () => {
    expect(variantForTraffic("facebook", "discount")).toBe("discount");
    expect(variantForTraffic("facebook", "default")).toBe("default");
    expect(variantForTraffic("google", "discount")).toBe("default");
  });

  describe("for the browser session", () => {
    beforeEach(() => {
      const values = new Map<string, string>();
      vi.stubGlobal("window", {
        sessionStorage: {
          getItem: (key: string) => values.get(key) ?? null,
          setItem: (key: string, value: string) => values.set(key, value),
        },
      });
    });
    afterEach(() => vi.unstubAllGlobals());

    it("keeps ?traffic=facebook for later screens", () => {
      expect(sessionPlanVariant("")).toBe("default");
      expect(sessionPlanVariant("?traffic=facebook")).toBe("facebook");
      expect(sessionPlanVariant("")).toBe("facebook");
      expect(sessionPlanVariant("?traffic=newsletter")).toBe("default");
      expect(sessionPlanVariant("?traffic=facebook", "default")).toBe("default");
    });
  });
});
