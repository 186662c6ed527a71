function pad2(value: number): string {
  return String(value).padStart(2, "0");
}

/** Local time of an ISO 8601 timestamp as HH:MM (24-hour, zero-padded); "" when not a valid time. */
export function formatTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  return `${pad2(date.getHours())}:${pad2(date.getMinutes())}`;
}

/** A duration in seconds as mm:ss (minutes keep counting past 59); "00:00" for invalid input. */
export function formatDuration(seconds: number | null | undefined): string {
  if (seconds == null || !Number.isFinite(seconds) || seconds <= 0) return "00:00";
  const total = Math.round(seconds);
  return `${pad2(Math.floor(total / 60))}:${pad2(total % 60)}`;
}

/** A token amount with thousands separators, e.g. 1150 → "1,150". */
export function formatTokens(tokens: number): string {
  return new Intl.NumberFormat("en-US").format(tokens);
}

/** "3 photos", "1 video". */
export function pluralize(count: number, singular: string, plural = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : plural}`;
}

/** A price in cents as money, e.g. (999, "usd") → "$9.99". */
export function formatPrice(cents: number, currency: string): string {
  return new Intl.NumberFormat("en-US", { style: "currency", currency: currency.toUpperCase() }).format(
    cents / 100,
  );
}
