import type { HealthReport } from "@reverie/shared";
import type { ComponentStatus, HealthCheck } from "../lib/health-check.ts";

const startedAt = Date.now();

/**
 * The check's answer, shared for `ms`: probes that arrive together (a load balancer, a monitor,
 * a flood) wait for one ping instead of queueing one each behind the pool's busy connections.
 */
export function sharedFor(check: HealthCheck, ms: number, now = () => Date.now()): HealthCheck {
  let last: { at: number; answer: Promise<ComponentStatus> } | undefined;
  return {
    name: check.name,
    check: () => {
      const at = now();
      if (!last || at - last.at >= ms) last = { at, answer: run(check) };
      return last.answer;
    },
  };
}

async function run(check: HealthCheck): Promise<ComponentStatus> {
  try {
    return await check.check();
  } catch (error) {
    return { status: "down", detail: error instanceof Error ? error.message : String(error) };
  }
}

export async function healthReport(input: {
  version: string;
  dialect: "sqlite" | "postgres";
  database: HealthCheck;
  providers: HealthCheck[];
}): Promise<HealthReport> {
  const [database, providers] = await Promise.all([
    run(input.database),
    Promise.all(input.providers.map(run)),
  ]);
  const status =
    database.status === "down"
      ? "down"
      : [database, ...providers].some((component) => component.status !== "ok")
        ? "degraded"
        : "ok";
  return {
    status,
    version: input.version,
    uptime_seconds: Math.round((Date.now() - startedAt) / 1000),
    database: { ...database, dialect: input.dialect },
    providers: Object.fromEntries(
      input.providers.map((provider, index) => [provider.name, providers[index] as ComponentStatus]),
    ),
  };
}
