/** A date of the billing screens in words, e.g. "March 5, 2027"; "" when not a valid time. */
export function formatLongDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  return new Intl.DateTimeFormat("en-US", { dateStyle: "long" }).format(date);
}
