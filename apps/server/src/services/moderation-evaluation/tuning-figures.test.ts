import { describe, expect, it } from "vitest";
import { computeTuningFigures, readTuningFigures } from "./tuning-figures.ts";

describe("the tuning figures the console shows", () => {
  it("are the rules' scores today: run `npm run eval:moderation` after changing the rules or the cases", async () => {
    const { computed_at: _written, ...written } = readTuningFigures();
    const { computed_at: _now, ...now } = await computeTuningFigures();
    expect(written).toEqual(now);
  }, 120_000);
});
