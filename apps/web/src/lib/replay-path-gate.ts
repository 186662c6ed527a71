/**
 * Screens a replay never records, whatever is marked private on them: the admin console shows other
 * people's data in tables, portaled dialogs and link addresses, which masking by region cannot
 * promise to cover (decision 0026).
 */
const UNRECORDED_PREFIXES = ["/admin"];

export function isRecordedPath(pathname: string): boolean {
  return !UNRECORDED_PREFIXES.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
}

const FULL_SNAPSHOT = 2;
const META = 4;

/** What to do with one recorded event: keep it, drop it, or drop it and ask rrweb for a full snapshot. */
export type GateVerdict = "keep" | "drop" | "resync";

/**
 * Drops every event while an unrecorded screen is shown. Events that follow describe changes to a
 * page the replay never saw, so coming back asks for a fresh full snapshot and drops everything
 * until it arrives.
 */
export class ReplayPathGate {
  #state: "recording" | "paused" | "resyncing" = "recording";

  verdict(event: { type: number }, pathname: string): GateVerdict {
    if (!isRecordedPath(pathname)) {
      this.#state = "paused";
      return "drop";
    }
    if (this.#state === "recording") return "keep";
    if (this.#state === "paused") {
      this.#state = "resyncing";
      return "resync";
    }
    if (event.type === META) return "keep";
    if (event.type === FULL_SNAPSHOT) {
      this.#state = "recording";
      return "keep";
    }
    return "drop";
  }
}
