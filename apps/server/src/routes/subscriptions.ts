import { plansQuerySchema, plansResponseSchema, tokenPackagesResponseSchema } from "@reverie/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { CATALOG_CACHE } from "../http-cache/policy.ts";
import { listPlans, listTokenPackages } from "../services/subscriptions.ts";

export const subscriptionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/subscriptions/plans",
    {
      config: { publicCache: CATALOG_CACHE },
      schema: {
        tags: ["payments"],
        summary:
          "Premium plans (the regular list, or the Facebook-traffic or discount one) and what premium includes",
        querystring: plansQuerySchema,
        response: { 200: plansResponseSchema },
      },
    },
    async (request) => listPlans(request.query.variant),
  );

  app.get(
    "/subscriptions/packages",
    {
      config: { publicCache: CATALOG_CACHE },
      schema: {
        tags: ["payments"],
        summary: "Token packages on sale",
        response: { 200: tokenPackagesResponseSchema },
      },
    },
    async () => listTokenPackages(),
  );
};
