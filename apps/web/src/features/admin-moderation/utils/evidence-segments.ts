/** A piece of a refused excerpt: the deciding words (`evidence`) or the text around them. */
export interface ExcerptSegment {
  /** where the piece starts in the excerpt (a stable key) */
  start: number;
  text: string;
  evidence: boolean;
}

/** what a pattern would read as syntax (a "-" outside brackets is plain, and may not be escaped with /u) */
const REGEXP_SYNTAX = /[\\^$.*+?()[\]{}|/]/g;

/**
 * The excerpt cut around every place the evidence occurs in it, for highlighting: as written first,
 * else ignoring case and how the spaces run (an excerpt may wrap a line where the evidence has a
 * space). Null when there is no evidence or it is not in the excerpt (an excerpt clipped before it):
 * the log then shows the evidence on its own.
 */
export function evidenceSegments(
  excerpt: string,
  evidence: string | null | undefined,
): ExcerptSegment[] | null {
  const words = evidence?.trim().split(/\s+/u).filter(Boolean) ?? [];
  if (words.length === 0) return null;
  const pattern = words.map((word) => word.replace(REGEXP_SYNTAX, "\\$&")).join("\\s+");
  const matches = [...excerpt.matchAll(new RegExp(pattern, "gu"))];
  const found = matches.length > 0 ? matches : [...excerpt.matchAll(new RegExp(pattern, "giu"))];
  if (found.length === 0) return null;

  const segments: ExcerptSegment[] = [];
  let at = 0;
  for (const match of found) {
    const start = match.index;
    if (start > at) segments.push({ start: at, text: excerpt.slice(at, start), evidence: false });
    segments.push({ start, text: match[0], evidence: true });
    at = start + match[0].length;
  }
  if (at < excerpt.length) segments.push({ start: at, text: excerpt.slice(at), evidence: false });
  return segments;
}
