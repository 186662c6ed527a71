/** Counts come back as numbers from SQLite and as parsed int8 from Postgres; null when a subquery is empty. */
export function withNumericCounts<T extends { photo_count: unknown; video_count: unknown }>(row: T) {
  return { ...row, photo_count: Number(row.photo_count ?? 0), video_count: Number(row.video_count ?? 0) };
}
