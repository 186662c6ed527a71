import { plansResponseSchema, tokenPackagesResponseSchema } from "@reverie/shared";
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
        summary: "Premium plans and what premium includes",
        response: { 200: plansResponseSchema },
      },
    },
    async () => listPlans(),
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
