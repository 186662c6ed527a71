import {
  adminBundleCreateBodySchema,
  adminBundleIdParamSchema,
  adminBundleItemBodySchema,
  adminBundleItemParamSchema,
  adminBundleSchema,
  adminCharacterIdParamSchema,
  adminCharacterMediaParamSchema,
  adminMediaItemSchema,
} from "@reverie/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireRole, staffActor } from "../../plugins/require-role.ts";
import type { AccountService } from "../../services/accounts.ts";
import type { BundleContents } from "../../services/admin/bundle-contents.ts";
import { errorResponses } from "../error-responses.ts";
import { ADMIN_BEARER } from "./admin-me.ts";

/** Creating bundles and moving gallery media in and out of them (decision 30): admins only. */
export const adminBundleContentRoutes: FastifyPluginAsyncZod<{
  accounts: AccountService;
  contents: BundleContents;
}> = async (app, { accounts, contents }) => {
  const admins = requireRole(accounts, ["admin"]);
  const docs = (summary: string) => ({ tags: ["admin"], summary, security: ADMIN_BEARER });

  app.post(
    "/admin/characters/:id/bundles",
    {
      preValidation: admins,
      schema: {
        ...docs("Create a bundle of the character's (empty, locked at its price in tokens)"),
        params: adminCharacterIdParamSchema,
        body: adminBundleCreateBodySchema,
        response: { 201: adminBundleSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await contents.createBundle(staffActor(request), request.params.id, request.body)),
  );

  app.post(
    "/admin/bundles/:id/items",
    {
      preValidation: admins,
      schema: {
        ...docs("Move a free gallery photo into the bundle (a private copy, blurred public previews)"),
        params: adminBundleIdParamSchema,
        body: adminBundleItemBodySchema,
        response: { 201: adminMediaItemSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await contents.addItem(staffActor(request), request.params.id, request.body)),
  );

  app.delete(
    "/admin/bundles/:id/items/:itemId",
    {
      preValidation: admins,
      schema: {
        ...docs("Move an item back to the free gallery (409 when someone bought the bundle)"),
        params: adminBundleItemParamSchema,
        response: { 200: adminMediaItemSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => contents.removeItem(staffActor(request), request.params.id, request.params.itemId),
  );

  app.delete(
    "/admin/characters/:id/media/:mediaId",
    {
      preValidation: admins,
      schema: {
        ...docs("Delete a gallery item (409 when it is in a bundle someone bought)"),
        params: adminCharacterMediaParamSchema,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      await contents.deleteMedia(staffActor(request), request.params.id, request.params.mediaId);
      return reply.code(204).send(null);
    },
  );
};
