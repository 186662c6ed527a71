import { healthResponseSchema } from "@reverie/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { HealthCheck } from "../lib/health-check.ts";
import type { Locality } from "../plugins/loopback-only.ts";
import { healthReport } from "../services/health.ts";

export const healthRoutes: FastifyPluginAsyncZod<{
  locality: Locality;
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
        summary:
          "Liveness (503 when the database is down); the status of the database and each provider for callers on this machine",
        response: { 200: healthResponseSchema, 503: healthResponseSchema },
      },
    },
    async (request, reply) => {
      const report = await healthReport(options);
      const body = options.locality.isLocalRequest(request) ? report : { status: report.status };
      return reply.code(report.status === "down" ? 503 : 200).send(body);
    },
  );
};
