import { describe, expect, it } from "vitest";
import { isRecordedPath, ReplayPathGate } from "./replay-path-gate";

const META = { type: 4 };
const FULL = { type: 2 };
const INCREMENTAL = { type: 3 };

describe("the replay's path gate", () => {
  it("never records the admin console", () => {
    expect(isRecordedPath("/admin")).toBe(false);
    expect(isRecordedPath("/admin/users/abc")).toBe(false);
    expect(isRecordedPath("/administrator-fan-club")).toBe(true);
    expect(isRecordedPath("/chat/3")).toBe(true);
  });

  it("keeps events on recorded screens", () => {
    const gate = new ReplayPathGate();
    expect([META, FULL, INCREMENTAL].map((event) => gate.verdict(event, "/gallery"))).toEqual([
      "keep",
      "keep",
      "keep",
    ]);
  });

  it("drops the console's events, then resyncs with a full snapshot on the way out", () => {
    const gate = new ReplayPathGate();
    expect(gate.verdict(INCREMENTAL, "/admin/users")).toBe("drop");
    expect(gate.verdict(META, "/admin/users")).toBe("drop");
    expect(gate.verdict(INCREMENTAL, "/chat/1")).toBe("resync");
    // changes before the snapshot describe a page the replay never saw
    expect(gate.verdict(INCREMENTAL, "/chat/1")).toBe("drop");
    expect(gate.verdict(META, "/chat/1")).toBe("keep");
    expect(gate.verdict(FULL, "/chat/1")).toBe("keep");
    expect(gate.verdict(INCREMENTAL, "/chat/1")).toBe("keep");
  });

  it("starts paused when the first page is the console", () => {
    const gate = new ReplayPathGate();
    expect(gate.verdict(META, "/admin")).toBe("drop");
    expect(gate.verdict(FULL, "/admin")).toBe("drop");
    expect(gate.verdict(INCREMENTAL, "/")).toBe("resync");
  });
});
