import { dataExportSchema, dataExportStartedSchema, deleteAccountBodySchema } from "@reverie/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireAccount, signedIn } from "../plugins/authenticate.ts";
import type { AccountDeletion } from "../services/account-data/account-deletion.ts";
import type { DataExportRequests } from "../services/account-data/data-export-requests.ts";
import type { AccountService } from "../services/accounts.ts";
import { errorResponses } from "./error-responses.ts";

const BEARER = [{ bearerAuth: [] }];

/** The user's data: a downloadable archive, and deleting the account. */
export const accountDataRoutes: FastifyPluginAsyncZod<{
  accounts: AccountService;
  exports: DataExportRequests;
  deletion: AccountDeletion;
}> = async (app, { accounts, exports, deletion }) => {
  app.addHook("preHandler", requireAccount(accounts));

  app.post(
    "/user/export",
    {
      schema: {
        tags: ["accounts"],
        summary: "Start an archive of the user's data (one at a time, 3 a day)",
        security: BEARER,
        response: { 202: dataExportStartedSchema, ...errorResponses(401, 429) },
      },
    },
    async (request, reply) => reply.code(202).send(await exports.start(signedIn(request).userId)),
  );

  app.get(
    "/user/export/:id",
    {
      schema: {
        tags: ["accounts"],
        summary: "An archive's state and, once ready, its signed link (valid 24 hours)",
        security: BEARER,
        params: z.object({ id: z.string().max(64) }),
        response: { 200: dataExportSchema, ...errorResponses(401, 404) },
      },
    },
    async (request) => exports.status(signedIn(request).userId, request.params.id),
  );

  app.delete(
    "/user",
    {
      schema: {
        tags: ["accounts"],
        summary: "Delete the account: the password, or DELETE for an account without one",
        security: BEARER,
        body: deleteAccountBodySchema,
        response: { 202: z.null(), ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      await deletion.delete(signedIn(request).userId, request.body);
      return reply.code(202).send(null);
    },
  );
};
