import {
  advertisingTokenBodySchema,
  advertisingTokenSchema,
  leadBodySchema,
  leadSchema,
} from "@reverie/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireAccount, signedIn } from "../plugins/authenticate.ts";
import type { AccountService } from "../services/accounts.ts";
import type { AttributionService } from "../services/attribution.ts";
import { errorResponses } from "./error-responses.ts";

const BEARER = [{ bearerAuth: [] }];

export const attributionRoutes: FastifyPluginAsyncZod<{
  accounts: AccountService;
  attribution: AttributionService;
}> = async (app, { accounts, attribution }) => {
  app.addHook("preHandler", requireAccount(accounts));

  app.post(
    "/user/lead",
    {
      schema: {
        tags: ["attribution"],
        summary:
          "Report the lead of a social sign-up (the account's email; once per user, within an hour of signing up)",
        security: BEARER,
        body: leadBodySchema,
        response: { 201: leadSchema, ...errorResponses(400, 401, 404, 409, 422) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await attribution.reportLead(signedIn(request).userId, request.body.subid)),
  );

  app.put(
    "/user/advertising",
    {
      schema: {
        tags: ["attribution"],
        summary: "Save the ad sub id the signed-in user came back through (last touch)",
        security: BEARER,
        body: advertisingTokenBodySchema,
        response: { 200: advertisingTokenSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => attribution.saveAdvertisingToken(signedIn(request).userId, request.body.subid),
  );
};
