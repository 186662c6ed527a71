import type { Location } from "react-router";
import { safeReturnPath } from "./return-path";

/** The screen the user is on, as a path to come back to after paying (none on a purchase screen). */
export function currentReturnPath(location: Pick<Location, "pathname" | "search">): string | undefined {
  return safeReturnPath(`${location.pathname}${location.search}`);
}
