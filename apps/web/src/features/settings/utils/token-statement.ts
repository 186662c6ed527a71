import { formatTokens } from "@/lib/format";

/** A change of the token balance with its sign: "+350", "−20" (a real minus sign), "0". */
export function formatTokenDelta(delta: number): string {
  if (delta > 0) return `+${formatTokens(delta)}`;
  if (delta < 0) return `\u2212${formatTokens(-delta)}`;
  return "0";
}

/** The same change in words, for screen readers: "350 tokens added", "20 tokens spent". */
export function describeTokenDelta(delta: number): string {
  const amount = formatTokens(Math.abs(delta));
  const noun = Math.abs(delta) === 1 ? "token" : "tokens";
  if (delta > 0) return `${amount} ${noun} added`;
  if (delta < 0) return `${amount} ${noun} spent`;
  return "no change";
}

/** The page after `pagesLoaded` pages of `limit` lines, or undefined once all `total` lines are loaded. */
export function nextStatementPage(pagesLoaded: number, limit: number, total: number): number | undefined {
  return pagesLoaded * limit < total ? pagesLoaded + 1 : undefined;
}

/**
 * The lines of the loaded pages in order, each once: pages are counted from the newest line, so a
 * change made while the statement is open shifts an older line onto the next page too.
 */
export function statementLines<Line extends { id: number }>(pages: ReadonlyArray<{ items: Line[] }>): Line[] {
  const seen = new Set<number>();
  const lines: Line[] = [];
  for (const page of pages) {
    for (const line of page.items) {
      if (seen.has(line.id)) continue;
      seen.add(line.id);
      lines.push(line);
    }
  }
  return lines;
}
