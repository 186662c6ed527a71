import { describe, expect, it } from "vitest";
import { withoutComputedAt } from "../../lib/figures-file.ts";
import { computeTuningFigures, readTuningFigures } from "./tuning-figures.ts";

describe("the tuning figures the console shows", () => {
  it("are the rules' scores today: run `npm run eval:moderation` after changing the rules or the cases", async () => {
    expect(withoutComputedAt(readTuningFigures())).toEqual(withoutComputedAt(await computeTuningFigures()));
  }, 120_000);
});
