import { describe, expect, it, vi } from "vitest";

// Importing the moderation rules builds nothing: every test worker and script imports them, and only
// the first text read pays for the language detector and the compiled tables (timings: the bench).
describe("the world-language rules, imported", () => {
  it("compile no table and load no language detector until a text is read", async () => {
    vi.resetModules();
    const world = await import("./world-rules.ts");
    const language = await import("../language.ts");
    expect(world.compiledRuleSets()).toBe(0);
    expect(language.languageDetectorLoaded()).toBe(false);

    expect(world.refusesMinorsInWorldLanguages("jij bent 13 en mijn vriendinnetje")).toBe(true);
    expect(world.compiledRuleSets()).toBeGreaterThan(0);
    expect(language.languageDetectorLoaded()).toBe(true);
  }, 60_000);

  it("are built ahead by prepareModerationRules, as the server does before it listens", async () => {
    vi.resetModules();
    const world = await import("./world-rules.ts");
    const language = await import("../language.ts");
    const { prepareModerationRules } = await import("../index.ts");
    expect(world.compiledRuleSets()).toBe(0);
    prepareModerationRules();
    expect(world.compiledRuleSets()).toBeGreaterThan(0);
    expect(language.languageDetectorLoaded()).toBe(true);
  }, 60_000);
});
