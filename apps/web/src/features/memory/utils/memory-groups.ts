import { type MemoryItem, type MemoryKind, memoryKindSchema } from "@reverie/shared";

/** The order the panel shows the kinds in, the schema's: who the user is first, what the character said last. */
export const MEMORY_KINDS: readonly MemoryKind[] = memoryKindSchema.options;

const GROUP_LABELS: Record<Exclude<MemoryKind, "self">, string> = {
  name: "Your name",
  job: "Work",
  place: "Places",
  pet: "Pets",
  person: "People",
  like: "Likes",
  date: "Dates",
  worry: "Worries",
  event: "Things that happened",
};

/** The heading of a kind's group in the panel. */
export function memoryGroupLabel(kind: MemoryKind, characterName: string): string {
  return kind === "self" ? `Things ${characterName} said about themselves` : GROUP_LABELS[kind];
}

const KIND_CHOICES: Record<Exclude<MemoryKind, "self">, string> = {
  name: "Your name",
  job: "Your job",
  place: "A place",
  pet: "A pet",
  person: "Someone in your life",
  like: "Something you like",
  date: "A date",
  worry: "A worry",
  event: "Something that happened",
};

/** What the add form's kind picker says for one kind. */
export function memoryKindChoice(kind: MemoryKind, characterName: string): string {
  return kind === "self" ? `Something about ${characterName}` : KIND_CHOICES[kind];
}

export interface MemoryGroup {
  kind: MemoryKind;
  label: string;
  items: MemoryItem[];
}

/**
 * Where an item goes within its group: dated ones by their date (soonest first), before undated
 * ones, which show the most recently changed first.
 */
function compareItems(a: MemoryItem, b: MemoryItem): number {
  if (a.date && b.date) return a.date.localeCompare(b.date) || b.updated_at.localeCompare(a.updated_at);
  if (a.date) return -1;
  if (b.date) return 1;
  return b.updated_at.localeCompare(a.updated_at) || b.id - a.id;
}

/** The items grouped by kind, in `MEMORY_KINDS` order; kinds with no items are left out. */
export function groupMemory(items: readonly MemoryItem[], characterName: string): MemoryGroup[] {
  return MEMORY_KINDS.flatMap((kind) => {
    const ofKind = items.filter((item) => item.kind === kind).sort(compareItems);
    return ofKind.length > 0 ? [{ kind, label: memoryGroupLabel(kind, characterName), items: ofKind }] : [];
  });
}

const DATE_FORMAT = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: "UTC",
});

/** A remembered date (YYYY-MM-DD) as people write it: "14 March 2026"; anything else as it is. */
export function formatMemoryDate(date: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return date;
  const [, year, month, day] = match;
  const parsed = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  return Number.isNaN(parsed.getTime()) ? date : DATE_FORMAT.format(parsed);
}
