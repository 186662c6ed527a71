import {
  contentRefusedSchema,
  customImagesAcceptedSchema,
  customImagesRequestSchema,
  generatedImageListSchema,
  generatedImagesQuerySchema,
  idParamSchema,
  imageStylesSchema,
  insufficientBalanceSchema,
} from "@reverie/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireAccount, signedIn } from "../plugins/authenticate.ts";
import type { AccountService } from "../services/accounts.ts";
import type { CustomImageService } from "../services/custom-images/custom-image-service.ts";
import { errorResponses } from "./error-responses.ts";

const BEARER = [{ bearerAuth: [] }];

/** /generate_image: pictures of a character, paid per picture, and the user's own pictures. */
export const customImageRoutes: FastifyPluginAsyncZod<{
  accounts: AccountService;
  customImages: CustomImageService;
}> = async (app, { accounts, customImages }) => {
  app.addHook("preHandler", requireAccount(accounts));

  app.post(
    "/custom/images",
    {
      schema: {
        tags: ["custom"],
        summary:
          "Ask for 1–4 pictures of a character (catalog or own), paid per picture; they arrive by update_custom_image",
        security: BEARER,
        body: customImagesRequestSchema,
        response: {
          202: customImagesAcceptedSchema,
          402: insufficientBalanceSchema,
          422: contentRefusedSchema,
          ...errorResponses(400, 401, 404, 503),
        },
      },
    },
    async (request, reply) =>
      reply.code(202).send(await customImages.request(signedIn(request).userId, request.body)),
  );

  app.get(
    "/custom/images/styles",
    {
      schema: {
        tags: ["custom"],
        summary:
          "The picture styles offered: Realistic where the image provider makes photographs, else Illustration",
        security: BEARER,
        response: { 200: imageStylesSchema, ...errorResponses(401) },
      },
    },
    async () => customImages.styles(),
  );

  app.get(
    "/custom/images",
    {
      schema: {
        tags: ["custom"],
        summary: "The user's generated pictures, newest first; of one character with model_id",
        security: BEARER,
        querystring: generatedImagesQuerySchema,
        response: { 200: generatedImageListSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => customImages.list(signedIn(request).userId, request.query.model_id),
  );

  app.delete(
    "/custom/images/:id",
    {
      schema: {
        tags: ["custom"],
        summary: "Delete one of the user's generated pictures and its files",
        security: BEARER,
        params: idParamSchema,
        response: { 204: z.null(), ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      await customImages.delete(signedIn(request).userId, request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    "/custom/images/:id/download",
    {
      schema: {
        tags: ["custom"],
        summary:
          "One of the user's generated pictures as a file to save (WebP, content-disposition: attachment)",
        security: BEARER,
        params: idParamSchema,
        response: {
          // the file's bytes: Fastify sends a Buffer as it is, whatever the schema
          200: z.any().describe("the picture, image/webp"),
          ...errorResponses(400, 401, 404),
        },
      },
    },
    async (request, reply) => {
      const file = await customImages.download(signedIn(request).userId, request.params.id);
      return reply
        .header("content-type", file.contentType)
        .header("content-disposition", `attachment; filename="${file.filename}"`)
        .header("cache-control", "private, no-store")
        .send(file.data);
    },
  );
};
