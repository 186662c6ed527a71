import type { MemoryKind } from "@reverie/shared";
import { TALKED_ABOUT } from "../../providers/llm/memory-extraction/rules.ts";
import type { MemoryFact } from "../../providers/llm/types.ts";

/** How many facts one user's memory with one character holds at most (decision 45). */
export const MEMORY_MAX_FACTS = 120;

/** Kinds that hold one value: a new one replaces the old one, whatever its subject. */
export const SINGLE_VALUED_KINDS: ReadonlySet<MemoryKind> = new Set<MemoryKind>(["name", "job", "place"]);

/**
 * What makes two facts the same fact: the kind alone for a single-valued kind, else the kind and
 * the subject (the text when there is no subject), case and spacing ignored.
 */
export function memoryKey(fact: MemoryFact): string {
  if (SINGLE_VALUED_KINDS.has(fact.kind)) return fact.kind;
  const subject = normalise(fact.subject) || normalise(fact.text);
  return `${fact.kind}:${subject}`;
}

/**
 * The memory after learning `found`, oldest first (`known` is oldest first too). A found fact
 * replaces the known fact with its key (its text, its subject's spelling, its date when it has
 * one: a newer fact that gives no date does not erase the known one) and moves to the end as
 * the newest; a found fact that says nothing new leaves the known one as it was. Known facts
 * that are kept unchanged are returned as the same objects, so a caller can tell what changed.
 * Over `max` facts, the oldest go first, the user's name never.
 */
export function mergeMemory<Known extends MemoryFact>(
  known: readonly Known[],
  found: readonly MemoryFact[],
  max: number = MEMORY_MAX_FACTS,
): (Known | MemoryFact)[] {
  const merged = new Map<string, Known | MemoryFact>();
  for (const fact of known) merged.set(memoryKey(fact), fact);
  for (const raw of found) {
    const fact = cleaned(raw);
    if (!fact) continue;
    const key = memoryKey(fact);
    const before = merged.get(key);
    const next: MemoryFact = { ...fact, date: fact.date ?? before?.date ?? null };
    if (before && sameFact(before, next)) continue;
    // a town only named ("you talked about Sunderland") never replaces where the user said they live
    if (before && isTalkedAbout(next) && !isTalkedAbout(before)) continue;
    merged.delete(key);
    merged.set(key, next);
  }
  const facts = [...merged.values()];
  let excess = facts.length - Math.max(0, max);
  if (excess <= 0) return facts;
  return facts.filter((fact) => {
    if (excess <= 0 || fact.kind === "name") return true;
    excess -= 1;
    return false;
  });
}

function isTalkedAbout(fact: MemoryFact): boolean {
  return fact.kind === "place" && fact.text.startsWith(TALKED_ABOUT);
}

function cleaned(fact: MemoryFact): MemoryFact | null {
  const text = fact.text.trim().replace(/\s+/g, " ");
  if (!text) return null;
  const date = fact.date?.trim() || null;
  return { kind: fact.kind, subject: fact.subject.trim().replace(/\s+/g, " "), text, date };
}

function sameFact(a: MemoryFact, b: MemoryFact): boolean {
  return (
    a.kind === b.kind && a.subject === b.subject && a.text === b.text && (a.date ?? null) === (b.date ?? null)
  );
}

function normalise(value: string): string {
  return value.trim().replace(/\s+/g, " ").toLowerCase();
}
