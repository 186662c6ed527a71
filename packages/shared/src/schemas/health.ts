import { z } from "zod";

const componentStatusSchema = z.object({
  status: z.enum(["ok", "degraded", "down"]),
  detail: z.string(),
});

const overallStatusSchema = z.enum(["ok", "degraded", "down"]);

/** What anyone may see: whether the app is up. */
export const healthStatusSchema = z.object({ status: overallStatusSchema });

/** The full report (versions, paths, providers): for loopback callers (and later admins) only. */
export const healthReportSchema = z.object({
  status: overallStatusSchema,
  version: z.string(),
  uptime_seconds: z.number(),
  database: componentStatusSchema.extend({ dialect: z.enum(["sqlite", "postgres"]) }),
  providers: z.record(z.string(), componentStatusSchema),
});
export type HealthReport = z.infer<typeof healthReportSchema>;

export const healthResponseSchema = z.union([healthReportSchema, healthStatusSchema]);
export type HealthResponse = z.infer<typeof healthResponseSchema>;
