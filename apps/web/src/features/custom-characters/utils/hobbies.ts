/**
 * Hobbies are picked as several values and travel as one string, joined by commas (the spec's
 * payload). Values are trimmed, blanks dropped, and each kept once, in the order chosen.
 */
export function joinHobbies(values: readonly string[]): string {
  return unique(values.map((value) => value.trim()).filter(Boolean)).join(",");
}

/** The values of a joined hobbies string (as stored on a character). */
export function splitHobbies(joined: string): string[] {
  return unique(
    joined
      .split(",")
      .map((value) => value.trim())
      .filter(Boolean),
  );
}

function unique(values: string[]): string[] {
  return [...new Set(values)];
}
