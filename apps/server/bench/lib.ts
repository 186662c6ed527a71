export interface Summary {
  count: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
}

/** Nearest-rank percentile of an ascending list. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

export function summarize(samples: readonly number[]): Summary {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    count: sorted.length,
    p50: percentile(sorted, 50),
    p90: percentile(sorted, 90),
    p99: percentile(sorted, 99),
    max: sorted.at(-1) ?? Number.NaN,
  };
}

export const ms = (value: number) => (Number.isFinite(value) ? value.toFixed(2) : "-");

/** A latency row's cells: how many samples, then p50, p90, p99 and max in ms. */
export const latencyCells = (summary: Summary): string[] => [
  String(summary.count),
  ms(summary.p50),
  ms(summary.p90),
  ms(summary.p99),
  ms(summary.max),
];

/** Left-aligned first column, right-aligned numbers, two spaces between columns. */
export function formatTable(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => (row[column] ?? "").length)),
  );
  const line = (cells: readonly string[]) =>
    cells
      .map((cell, column) =>
        column === 0 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0),
      )
      .join("  ")
      .trimEnd();
  return [line(header), line(widths.map((width) => "-".repeat(width))), ...rows.map(line)].join("\n");
}

/** One line of BENCHMARKS.md: a measured figure against its target (`met: null` = informative). */
export interface BenchTarget {
  measure: string;
  value: string;
  target: string;
  /** Where the target is a ratio: the baseline measured in the same run, e.g. "bare Fastify 19,000 req/s". */
  baseline?: string;
  met: boolean | null;
}

/** What each benchmark returns to `npm run bench`, which writes them all to BENCHMARKS.md. */
export interface BenchReport {
  title: string;
  /** How it was measured, one or two sentences. */
  setup: string;
  /** The full table as printed (formatTable), kept verbatim in a code block. */
  table?: string;
  targets: BenchTarget[];
  /** For a missed target: what dominates and why it cannot go further here. */
  notes?: string[];
}

export const verdict = (met: boolean | null) => (met === null ? "(info)" : met ? "PASS" : "MISS");
