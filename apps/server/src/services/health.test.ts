import { describe, expect, it } from "vitest";
import { type HealthCheck, healthReport } from "./health.ts";

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
