import { z } from "zod";
import { figuresFile } from "../../lib/figures-file.ts";
import { evaluateSet, meetsTargets, type SetFigures, TARGETS } from "./evaluation.ts";

/**
 * The offline engine's persona figures (decision 43), on the tuning scripts and on the four
 * held-out sets (each under its own key), kept in providers/llm/evaluation/persona-figures.json:
 * `npm run eval:persona -- --write` writes them, and a unit test recomputes them and fails when
 * they differ, so a change to the engine (or to the scripts) updates the figures knowingly.
 */
export interface PersonaFigures {
  targets: typeof TARGETS;
  tuning: SetFigures & { meets_targets: ReturnType<typeof meetsTargets> };
  held_out: SetFigures & { meets_targets: ReturnType<typeof meetsTargets> };
  held_out_2: SetFigures & { meets_targets: ReturnType<typeof meetsTargets> };
  held_out_3: SetFigures & { meets_targets: ReturnType<typeof meetsTargets> };
  held_out_4: SetFigures & { meets_targets: ReturnType<typeof meetsTargets> };
  computed_at: string;
}

// the sets' figures are compared whole by the test; the file is only checked for its outline here
const personaFiguresSchema = z
  .object({
    targets: z.object({}).loose(),
    tuning: z.object({}).loose(),
    held_out: z.object({}).loose(),
    held_out_2: z.object({}).loose(),
    held_out_3: z.object({}).loose(),
    held_out_4: z.object({}).loose(),
    computed_at: z.string(),
  })
  .transform((figures) => figures as unknown as PersonaFigures);

const FIGURES_FILE = figuresFile(
  new URL("../../providers/llm/evaluation/persona-figures.json", import.meta.url),
  personaFiguresSchema,
);

export function computePersonaFigures(now = new Date()): PersonaFigures {
  const tuning = evaluateSet("tuning").figures;
  const heldOut = evaluateSet("held-out").figures;
  const heldOut2 = evaluateSet("held-out-2").figures;
  const heldOut3 = evaluateSet("held-out-3").figures;
  const heldOut4 = evaluateSet("held-out-4").figures;
  return {
    targets: TARGETS,
    tuning: { ...tuning, meets_targets: meetsTargets(tuning) },
    held_out: { ...heldOut, meets_targets: meetsTargets(heldOut) },
    held_out_2: { ...heldOut2, meets_targets: meetsTargets(heldOut2) },
    held_out_3: { ...heldOut3, meets_targets: meetsTargets(heldOut3) },
    held_out_4: { ...heldOut4, meets_targets: meetsTargets(heldOut4) },
    computed_at: now.toISOString(),
  };
}

export function readPersonaFigures(): PersonaFigures {
  return FIGURES_FILE.read();
}

export function writePersonaFigures(figures: PersonaFigures): void {
  FIGURES_FILE.write(figures);
}
