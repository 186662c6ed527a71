import { plansResponseSchema } from "@reverie/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { listPlans } from "../services/subscriptions.ts";

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
};
