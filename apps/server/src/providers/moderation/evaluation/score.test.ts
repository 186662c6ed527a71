import { describe, expect, it } from "vitest";
import { RuleBasedClassifier } from "../rule-based.ts";
import type { ContentClassifier } from "../types.ts";
import { loadCases, scoreClassifier, TARGETS } from "./score.ts";

describe("the labelled moderation evaluation set", () => {
  const cases = loadCases("main");

  it("has at least 200 cases, about half each way, in six languages", () => {
    expect(cases.length).toBeGreaterThanOrEqual(200);
    const refuse = cases.filter((item) => item.expect === "refuse").length;
    expect(refuse / cases.length).toBeGreaterThan(0.4);
    expect(refuse / cases.length).toBeLessThan(0.6);
    expect(new Set(cases.map((item) => item.lang))).toEqual(new Set(["en", "es", "fr", "de", "pt", "it"]));
    expect(new Set(cases.map((item) => item.text)).size).toBe(cases.length);
  });

  it("is held by the rule-based classifier at recall 100 % and false positives <= 2 %", async () => {
    const score = await scoreClassifier(new RuleBasedClassifier(), cases);
    expect(score.misses.map((item) => item.text)).toEqual([]);
    expect(score.recall).toBe(TARGETS.recall);
    expect(score.falsePositiveRate).toBeLessThanOrEqual(TARGETS.falsePositiveRate);
    // compiling the rules and scoring 200+ cases takes seconds when the unit run shares two cores
  }, 60_000);

  it("scores a classifier that lets everything through as missing every must-refuse case", async () => {
    const allowAll: ContentClassifier = { name: "allow-all", classify: async () => ({ allowed: true }) };
    const score = await scoreClassifier(allowAll, cases);
    expect(score.recall).toBe(0);
    expect(score.falsePositiveRate).toBe(0);
    expect(score.meetsTargets).toBe(false);
  });
});
