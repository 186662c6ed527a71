import { plansResponseSchema, tokenPackagesResponseSchema } from "@reverie/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { listPlans, listTokenPackages } from "../services/subscriptions.ts";

export const subscriptionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/subscriptions/plans",
    {
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
      schema: {
        tags: ["payments"],
        summary: "Token packages on sale",
        response: { 200: tokenPackagesResponseSchema },
      },
    },
    async () => listTokenPackages(),
  );
};
