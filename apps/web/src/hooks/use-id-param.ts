import { useParams } from "react-router";

/** The route's `:id` as a positive integer, or null when it is anything else (a not-found screen). */
export function useIdParam(): number | null {
  const id = Number(useParams().id);
  return Number.isInteger(id) && id > 0 ? id : null;
}
