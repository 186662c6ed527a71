/** `text` with every character a regular expression reads specially escaped, to match it as is. */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
}
