import { analyticsIdBodySchema, updateUserBodySchema, userSchema } from "@reverie/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireAccount, signedIn } from "../plugins/authenticate.ts";
import type { AccountService } from "../services/accounts.ts";
import { errorResponses } from "./error-responses.ts";

const BEARER = [{ bearerAuth: [] }];

export const userRoutes: FastifyPluginAsyncZod<{ accounts: AccountService }> = async (app, { accounts }) => {
  app.addHook("preHandler", requireAccount(accounts));

  app.get(
    "/user",
    {
      schema: {
        tags: ["accounts"],
        summary: "The signed-in user",
        security: BEARER,
        response: { 200: userSchema, ...errorResponses(401) },
      },
    },
    async (request) => accounts.getUser(signedIn(request).userId),
  );

  app.patch(
    "/user",
    {
      schema: {
        tags: ["accounts"],
        summary: "Change the user's gender choice, names or session replay opt-out",
        security: BEARER,
        body: updateUserBodySchema,
        response: { 200: userSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => accounts.updateUser(signedIn(request).userId, request.body),
  );

  app.patch(
    "/user/analytics",
    {
      schema: {
        tags: ["accounts"],
        summary: "Link the analytics id of this user",
        security: BEARER,
        body: analyticsIdBodySchema,
        response: { 204: z.null(), ...errorResponses(400, 401) },
      },
    },
    async (request, reply) => {
      await accounts.setAnalyticsId(signedIn(request).userId, request.body.new_id);
      return reply.code(204).send(null);
    },
  );
};
