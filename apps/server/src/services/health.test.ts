import { describe, expect, it } from "vitest";
import type { HealthCheck } from "../lib/health-check.ts";
import { healthReport, sharedFor } from "./health.ts";

const ok = (name: string): HealthCheck => ({ name, check: async () => ({ status: "ok", detail: name }) });
const failing = (name: string): HealthCheck => ({
  name,
  check: async () => {
    throw new Error(`${name} unreachable`);
  },
});

describe("healthReport", () => {
  it("is ok when everything is", async () => {
    const report = await healthReport({
      version: "1",
      dialect: "sqlite",
      database: ok("db"),
      providers: [ok("image")],
    });
    expect(report.status).toBe("ok");
    expect(report.providers).toEqual({ image: { status: "ok", detail: "image" } });
  });

  it("is degraded when a provider fails, and says why", async () => {
    const report = await healthReport({
      version: "1",
      dialect: "postgres",
      database: ok("db"),
      providers: [ok("image"), failing("llm")],
    });
    expect(report.status).toBe("degraded");
    expect(report.providers.llm).toEqual({ status: "down", detail: "llm unreachable" });
  });

  it("is down when the database is", async () => {
    const report = await healthReport({
      version: "1",
      dialect: "sqlite",
      database: failing("db"),
      providers: [],
    });
    expect(report.status).toBe("down");
    expect(report.database).toMatchObject({ status: "down", dialect: "sqlite", detail: "db unreachable" });
  });
});

describe("sharedFor", () => {
  it("answers probes within the window from one check, then checks again", async () => {
    let calls = 0;
    let clock = 0;
    const counted: HealthCheck = {
      name: "db",
      check: async () => {
        calls += 1;
        return calls === 1 ? { status: "ok", detail: "first" } : { status: "down", detail: "second" };
      },
    };
    const shared = sharedFor(counted, 1000, () => clock);
    const together = await Promise.all([shared.check(), shared.check()]);
    expect(together).toEqual([
      { status: "ok", detail: "first" },
      { status: "ok", detail: "first" },
    ]);
    clock = 999;
    expect(await shared.check()).toEqual({ status: "ok", detail: "first" });
    clock = 1000;
    expect(await shared.check()).toEqual({ status: "down", detail: "second" });
    expect(calls).toBe(2);
  });

  it("shares a failure as a down status, not a rejection", async () => {
    const shared = sharedFor(failing("db"), 1000);
    expect(await shared.check()).toEqual({ status: "down", detail: "db unreachable" });
  });
});
