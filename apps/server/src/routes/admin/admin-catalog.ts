import {
  adminBundleIdParamSchema,
  adminBundleListSchema,
  adminBundleQuerySchema,
  adminBundleSchema,
  adminBundleUpdateBodySchema,
  adminCatalogQuerySchema,
  adminCharacterCreateBodySchema,
  adminCharacterDetailSchema,
  adminCharacterIdParamSchema,
  adminCharacterListSchema,
  adminCharacterOrderBodySchema,
  adminCharacterSchema,
  adminCharacterUpdateBodySchema,
  adminCharacterVisibilityBodySchema,
  CONSOLE_ROLES,
  contentRefusedSchema,
} from "@reverie/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireRole, staffActor } from "../../plugins/require-role.ts";
import type { AccountService } from "../../services/accounts.ts";
import type { AdminCatalog } from "../../services/admin/admin-catalog.ts";
import { errorResponses } from "../error-responses.ts";
import { ADMIN_BEARER } from "./admin-me.ts";

const ADMINS = ["admin"] as const;

/** The console's Characters and media screen (decision 30): moderators read, admins change. */
export const adminCatalogRoutes: FastifyPluginAsyncZod<{
  accounts: AccountService;
  catalog: AdminCatalog;
}> = async (app, { accounts, catalog }) => {
  const readers = requireRole(accounts, CONSOLE_ROLES);
  const admins = requireRole(accounts, ADMINS);
  const docs = (summary: string) => ({ tags: ["admin"], summary, security: ADMIN_BEARER });

  app.get(
    "/admin/characters",
    {
      preValidation: readers,
      schema: {
        ...docs("The public catalog's characters, hidden ones included, in their order"),
        querystring: adminCatalogQuerySchema,
        response: { 200: adminCharacterListSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => catalog.list(request.query.gender),
  );

  app.post(
    "/admin/characters",
    {
      preValidation: admins,
      schema: {
        ...docs(
          "Add a catalog character (18 or older; its definition is moderated); upload its portrait next",
        ),
        body: adminCharacterCreateBodySchema,
        response: {
          201: adminCharacterSchema,
          422: contentRefusedSchema,
          ...errorResponses(400, 401, 403, 503),
        },
      },
    },
    async (request, reply) => reply.code(201).send(await catalog.create(staffActor(request), request.body)),
  );

  app.post(
    "/admin/characters/order",
    {
      preValidation: admins,
      schema: {
        ...docs("Reorder a category: every one of its characters, in the new order"),
        body: adminCharacterOrderBodySchema,
        response: { 200: adminCharacterListSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => catalog.reorder(staffActor(request), request.body),
  );

  app.get(
    "/admin/characters/:id",
    {
      preValidation: readers,
      schema: {
        ...docs("One catalog character with its gallery media and bundles"),
        params: adminCharacterIdParamSchema,
        response: { 200: adminCharacterDetailSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => catalog.detail(request.params.id),
  );

  app.patch(
    "/admin/characters/:id",
    {
      preValidation: admins,
      schema: {
        ...docs("Edit a catalog character (the fields that change; moderated as a new one is)"),
        params: adminCharacterIdParamSchema,
        body: adminCharacterUpdateBodySchema,
        response: {
          200: adminCharacterSchema,
          422: contentRefusedSchema,
          ...errorResponses(400, 401, 403, 404, 503),
        },
      },
    },
    async (request) => catalog.update(staffActor(request), request.params.id, request.body),
  );

  app.post(
    "/admin/characters/:id/visibility",
    {
      preValidation: admins,
      schema: {
        ...docs("Hide a character from the public catalog (its chats go on), or show it again"),
        params: adminCharacterIdParamSchema,
        body: adminCharacterVisibilityBodySchema,
        response: { 200: adminCharacterSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => catalog.setVisibility(staffActor(request), request.params.id, request.body),
  );

  app.get(
    "/admin/bundles",
    {
      preValidation: readers,
      schema: {
        ...docs("Bundles and packs with their prices in tokens"),
        querystring: adminBundleQuerySchema,
        response: { 200: adminBundleListSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => catalog.bundles(request.query),
  );

  app.patch(
    "/admin/bundles/:id",
    {
      preValidation: admins,
      schema: {
        ...docs("Edit a bundle's or pack's title, description or price (tokens; buyers pay it from now on)"),
        params: adminBundleIdParamSchema,
        body: adminBundleUpdateBodySchema,
        response: { 200: adminBundleSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => catalog.updateBundle(staffActor(request), request.params.id, request.body),
  );
};
