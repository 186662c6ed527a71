export type CardFormat = "png" | "json";

/** A card file's name: the character's name, safe for any file system (e.g. `Mia-Rose.card.png`). */
export function cardFileName(name: string, format: CardFormat): string {
  const base = name
    .normalize("NFKD")
    .replaceAll(/[^\w\s-]/g, "")
    .trim()
    .replaceAll(/\s+/g, "-")
    .slice(0, 50);
  return `${base || "character"}.card.${format}`;
}
