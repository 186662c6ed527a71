import {
  ONBOARDING_SOURCES,
  ONBOARDING_VARIANTS,
  PAYWALL_SOURCES,
  REMOTE_CONFIG_DEFAULTS,
} from "@reverie/shared";
import { describe, expect, it } from "vitest";
import { stepsOf, suggestedFirstMessage } from "./steps";
import { chooseVariant, isOnboardingVariant, onboardingSource } from "./variant";

describe("chooseVariant", () => {
  it("shows the configured variant when no ?variant= is given", () => {
    expect(chooseVariant(null, "meet_character")).toBe("meet_character");
    expect(chooseVariant(undefined, "build_character")).toBe("build_character");
    expect(chooseVariant("", "build_character")).toBe("build_character");
  });

  it("lets a known ?variant= win over the configuration (for testing)", () => {
    expect(chooseVariant("build_character", "meet_character")).toBe("build_character");
    expect(chooseVariant("meet_character", "build_character")).toBe("meet_character");
  });

  it("falls back to the configured variant when ?variant= names none", () => {
    expect(chooseVariant("quiz", "build_character")).toBe("build_character");
    expect(chooseVariant("MEET_CHARACTER", "build_character")).toBe("build_character");
    expect(chooseVariant("toString", "meet_character")).toBe("meet_character");
  });

  it("waits (null) while the configuration is unknown, unless ?variant= names one", () => {
    expect(chooseVariant(null, null)).toBeNull();
    expect(chooseVariant("quiz", undefined)).toBeNull();
    expect(chooseVariant("meet_character", null)).toBe("meet_character");
  });

  it("ignores a configured value it does not know (an older web app, a newer server)", () => {
    expect(chooseVariant(null, "a_new_variant")).toBeNull();
    expect(chooseVariant("build_character", "a_new_variant")).toBe("build_character");
  });

  it("defaults to a known variant", () => {
    expect(isOnboardingVariant(REMOTE_CONFIG_DEFAULTS.onboarding_variant)).toBe(true);
  });
});

describe("onboarding source labels", () => {
  it("gives each variant its own label", () => {
    expect(onboardingSource("meet_character")).toBe("onboarding_meet_character");
    expect(onboardingSource("build_character")).toBe("onboarding_build_character");
    const labels = ONBOARDING_VARIANTS.map(onboardingSource);
    expect(new Set(labels).size).toBe(ONBOARDING_VARIANTS.length);
  });

  it("labels every variant, all of them paywall sources, distinct from the other sources", () => {
    expect(Object.keys(ONBOARDING_SOURCES).sort()).toEqual([...ONBOARDING_VARIANTS].sort());
    const paywallSources = Object.values(PAYWALL_SOURCES);
    for (const variant of ONBOARDING_VARIANTS) {
      const label = onboardingSource(variant);
      expect(label).toBe(`onboarding_${variant}`);
      expect(paywallSources).toContain(label);
    }
    const others = paywallSources.filter((label) => !label.startsWith("onboarding_"));
    expect(others).toEqual(expect.arrayContaining(["model_chat", "model_builder"]));
  });
});

describe("onboarding steps", () => {
  it("is three steps ending in a first message for every variant", () => {
    for (const variant of ONBOARDING_VARIANTS) {
      const steps = stepsOf(variant);
      expect(steps).toHaveLength(3);
      expect(steps[0]?.id).toBe("interest");
      expect(steps.at(-1)?.id).toBe("hello");
    }
    expect(stepsOf("meet_character").map((step) => step.id)).toEqual(["interest", "character", "hello"]);
    expect(stepsOf("build_character").map((step) => step.id)).toEqual(["interest", "build", "hello"]);
  });

  it("suggests the character's own first line, else a hello by name", () => {
    expect(suggestedFirstMessage({ name: "Mia", suggestion: "  What are you reading?  " })).toBe(
      "What are you reading?",
    );
    expect(suggestedFirstMessage({ name: "Nova", suggestion: "" })).toBe(
      "Hi Nova! I'm glad we met. Tell me about yourself?",
    );
    expect(suggestedFirstMessage({ name: " " })).toBe("Hi! I'm glad we met. Tell me about yourself?");
  });
});
