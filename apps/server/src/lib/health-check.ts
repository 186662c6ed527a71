/**
 * What the health report asks of each part it looks at (the database, every provider). Here,
 * not in services/health.ts, because providers declare their own checks and never import services.
 */
export type ComponentStatus = { status: "ok" | "degraded" | "down"; detail: string };

/** One thing the health report looks at: the database, or one provider. */
export interface HealthCheck {
  name: string;
  check(): Promise<ComponentStatus>;
}
