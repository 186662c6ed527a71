import { describe, expect, it } from "vitest";
import { withoutComputedAt } from "../../lib/figures-file.ts";
import { computePersonaFigures, readPersonaFigures } from "./persona-figures.ts";

describe("the persona engine's evaluation figures", () => {
  it("are the engine's figures today: run `npm run eval:persona -- --write` after changing the engine or the scripts", () => {
    // the five sets are played: tuning and the four held-out sets (a few seconds: the engine is pattern-based)
    expect(withoutComputedAt(readPersonaFigures())).toEqual(withoutComputedAt(computePersonaFigures()));
  }, 60_000);
});
