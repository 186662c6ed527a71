import {
  bundleItemsResponseSchema,
  bundlePaymentResponseSchema,
  bundlesQuerySchema,
  bundlesResponseSchema,
  genderQuerySchema,
  idParamSchema,
} from "@reverie/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { CATALOG_CACHE } from "../http-cache/policy.ts";
import { requireAccount, signedIn } from "../plugins/authenticate.ts";
import type { Services } from "../services/index.ts";
import { errorResponses } from "./error-responses.ts";
import { ownedBundles } from "./owned-bundles.ts";

export const bundleRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  app.get(
    "/bundles",
    {
      config: { publicCache: CATALOG_CACHE, viewerDependent: true },
      schema: {
        tags: ["gallery"],
        summary: "Bundles of a character and packs of a gender category",
        querystring: bundlesQuerySchema,
        response: { 200: bundlesResponseSchema, ...errorResponses(400, 404) },
      },
    },
    async (request) => ({
      bundles: await services.gallery.bundles(request.query, await ownedBundles(services, request)),
    }),
  );

  app.get(
    "/bundles/:id/items",
    {
      config: { publicCache: CATALOG_CACHE, viewerDependent: true },
      schema: {
        tags: ["gallery"],
        summary: "The media of one bundle or pack",
        params: idParamSchema,
        querystring: genderQuerySchema,
        response: { 200: bundleItemsResponseSchema, ...errorResponses(400, 404) },
      },
    },
    async (request) => ({
      items: await services.gallery.bundleItems(
        request.params.id,
        request.query.gender,
        await ownedBundles(services, request),
      ),
    }),
  );

  app.post(
    "/bundles/:id/payment",
    {
      preHandler: requireAccount(services.accounts),
      schema: {
        tags: ["payments"],
        summary: "Buy a bundle or pack with tokens (once: buying it again charges nothing)",
        security: [{ bearerAuth: [] }],
        params: idParamSchema,
        response: { 200: bundlePaymentResponseSchema, ...errorResponses(400, 401, 402, 404) },
      },
    },
    async (request) => services.bundlePurchases.buy(signedIn(request).userId, request.params.id),
  );
};
