import {
  galleryItemDetailSchema,
  galleryModelsResponseSchema,
  galleryQuerySchema,
  galleryResponseSchema,
  genderQuerySchema,
  idParamSchema,
} from "@reverie/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { CATALOG_CACHE } from "../http-cache/policy.ts";
import type { Services } from "../services/index.ts";
import { errorResponses } from "./error-responses.ts";
import { ownedBundles } from "./owned-bundles.ts";

export const galleryRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  app.get(
    "/gallery/models",
    {
      config: { publicCache: CATALOG_CACHE },
      schema: {
        tags: ["gallery"],
        summary: "Characters that have media in the gallery",
        querystring: genderQuerySchema,
        response: { 200: galleryModelsResponseSchema, ...errorResponses(400) },
      },
    },
    async (request) => ({ items: await services.gallery.galleryModels(request.query.gender) }),
  );

  app.get(
    "/v2/gallery",
    {
      config: { publicCache: CATALOG_CACHE, viewerDependent: true },
      schema: {
        tags: ["gallery"],
        summary: "Gallery media (locked bundle items show a blurred preview) and the packs for sale",
        querystring: galleryQuerySchema,
        response: { 200: galleryResponseSchema, ...errorResponses(400, 404) },
      },
    },
    async (request) => services.gallery.gallery(request.query, await ownedBundles(services, request)),
  );

  app.get(
    "/v2/gallery/:id",
    {
      config: { publicCache: CATALOG_CACHE, viewerDependent: true },
      schema: {
        tags: ["gallery"],
        summary: "One gallery item with its bundle and more media of the same character",
        params: idParamSchema,
        response: { 200: galleryItemDetailSchema, ...errorResponses(400, 404) },
      },
    },
    async (request) => services.gallery.galleryItem(request.params.id, await ownedBundles(services, request)),
  );
};
