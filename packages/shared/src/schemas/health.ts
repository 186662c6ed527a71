import { z } from "zod";

const componentStatusSchema = z.object({
  status: z.enum(["ok", "degraded", "down"]),
  detail: z.string(),
});

export const healthResponseSchema = z.object({
  status: z.enum(["ok", "degraded", "down"]),
  version: z.string(),
  uptime_seconds: z.number(),
  database: componentStatusSchema.extend({ dialect: z.enum(["sqlite", "postgres"]) }),
  providers: z.record(z.string(), componentStatusSchema),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;
