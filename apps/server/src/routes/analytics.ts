import { ANALYTICS_INGEST_LIMITS, analyticsAcceptedSchema, analyticsBatchSchema } from "@reverie/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { AppError } from "../errors.ts";
import { optionalAccount } from "../plugins/authenticate.ts";
import type { AccountService } from "../services/accounts.ts";
import type { AnalyticsService } from "../services/analytics.ts";
import { errorResponses } from "./error-responses.ts";

export const analyticsRoutes: FastifyPluginAsyncZod<{
  accounts: AccountService;
  analytics: AnalyticsService;
}> = async (app, { accounts, analytics }) => {
  app.post(
    "/analytics/events",
    {
      bodyLimit: ANALYTICS_INGEST_LIMITS.bodyBytes,
      // JSON only: a text/plain body would otherwise be parsed as a string
      preValidation: async (request) => {
        if (!request.headers["content-type"]?.toLowerCase().startsWith("application/json")) {
          throw new AppError(415, "unsupported_media_type", "Send the batch as application/json.");
        }
      },
      schema: {
        tags: ["analytics"],
        summary: "A batch of analytics events from the browser (a signed-in sender's token is optional)",
        body: analyticsBatchSchema,
        response: { 202: analyticsAcceptedSchema, ...errorResponses(400, 413, 415, 429) },
      },
    },
    async (request, reply) => {
      const account = request.headers.authorization ? await optionalAccount(accounts, request) : null;
      const accepted = await analytics.ingest(request.body, {
        ip: request.ip,
        userAgent: request.headers["user-agent"],
        userId: account?.userId ?? null,
      });
      return reply.code(202).send({ accepted });
    },
  );
};
