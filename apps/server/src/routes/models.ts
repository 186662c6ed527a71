import {
  genderQuerySchema,
  idParamSchema,
  modelBundlesResponseSchema,
  modelListSchema,
  modelSchema,
} from "@reverie/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { CATALOG_CACHE } from "../http-cache/policy.ts";
import type { Services } from "../services/index.ts";
import { errorResponses } from "./error-responses.ts";
import { ownedBundles } from "./owned-bundles.ts";

export const modelRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  app.get(
    "/models",
    {
      config: { publicCache: CATALOG_CACHE },
      schema: {
        tags: ["catalog"],
        summary: "Characters of a gender category (all when no gender is given)",
        querystring: genderQuerySchema,
        response: { 200: modelListSchema, ...errorResponses(400) },
      },
    },
    async (request) => ({ items: await services.catalog.listModels(request.query.gender) }),
  );

  app.get(
    "/models/bundles",
    {
      config: { publicCache: CATALOG_CACHE, viewerDependent: true },
      schema: {
        tags: ["catalog"],
        summary: "Characters that sell bundles, each with its bundles",
        querystring: genderQuerySchema,
        response: { 200: modelBundlesResponseSchema, ...errorResponses(400) },
      },
    },
    async (request) => ({
      items: await services.catalog.listModelBundles(
        request.query.gender,
        await ownedBundles(services, request),
      ),
    }),
  );

  app.get(
    "/models/:id",
    {
      config: { publicCache: CATALOG_CACHE },
      schema: {
        tags: ["catalog"],
        summary: "One character",
        params: idParamSchema,
        response: { 200: modelSchema, ...errorResponses(400, 404) },
      },
    },
    async (request) => services.catalog.getModel(request.params.id),
  );
};
