import { healthResponseSchema } from "@reverie/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { HealthCheck } from "../services/health.ts";
import { healthReport } from "../services/health.ts";

export const healthRoutes: FastifyPluginAsyncZod<{
  version: string;
  dialect: "sqlite" | "postgres";
  database: HealthCheck;
  providers: HealthCheck[];
}> = async (app, options) => {
  app.get(
    "/health",
    {
      schema: {
        tags: ["system"],
        summary: "Liveness and the status of the database and each provider (503 when the database is down)",
        response: { 200: healthResponseSchema, 503: healthResponseSchema },
      },
    },
    async (_request, reply) => {
      const report = await healthReport(options);
      return reply.code(report.status === "down" ? 503 : 200).send(report);
    },
  );
};
