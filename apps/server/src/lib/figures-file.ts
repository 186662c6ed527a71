import { readFileSync, writeFileSync } from "node:fs";

/**
 * A file of evaluation figures kept beside the cases they were measured on (the moderation
 * rules' tuning figures, the persona engine's figures): an eval script computes them and writes
 * the file, and a unit test recomputes them and fails when they no longer match, so a change to
 * what was measured updates the figures knowingly. `computed_at` is when they were written; the
 * test leaves it out (`withoutComputedAt`).
 */
export interface FiguresFile<Figures> {
  read(): Figures;
  write(figures: Figures): void;
}

export function figuresFile<Figures>(
  file: URL,
  schema: { parse(value: unknown): Figures },
): FiguresFile<Figures> {
  return {
    read: () => schema.parse(JSON.parse(readFileSync(file, "utf8"))),
    write: (figures) => writeFileSync(file, `${JSON.stringify(figures, null, 2)}\n`),
  };
}

/** The figures without the time they were written: what a test compares. */
export function withoutComputedAt<Figures extends { computed_at: string }>(
  figures: Figures,
): Omit<Figures, "computed_at"> {
  const { computed_at: _written, ...rest } = figures;
  return rest;
}
