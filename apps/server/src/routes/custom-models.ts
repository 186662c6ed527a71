import {
  contentRefusedSchema,
  customModelCreatedSchema,
  customModelListSchema,
  customModelPayloadSchema,
  customModelSchema,
  customModelUpdateSchema,
  genderQuerySchema,
  idParamSchema,
  insufficientBalanceSchema,
} from "@reverie/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireAccount, signedIn } from "../plugins/authenticate.ts";
import type { AccountService } from "../services/accounts.ts";
import type { CustomCharacterService } from "../services/custom-characters/custom-character-service.ts";
import { errorResponses } from "./error-responses.ts";

const BEARER = [{ bearerAuth: [] }];

/**
 * /create_ai and My AIs: the user's own characters. Every call names one of the caller's own;
 * another user's character (or a catalog one) is a 404.
 */
export const customModelRoutes: FastifyPluginAsyncZod<{
  accounts: AccountService;
  customCharacters: CustomCharacterService;
}> = async (app, { accounts, customCharacters }) => {
  app.addHook("preHandler", requireAccount(accounts));

  app.post(
    "/custom/models",
    {
      schema: {
        tags: ["custom"],
        summary:
          "Create a character from the constructor (paid in tokens; premium has a monthly allowance); its portrait arrives by custom_model_created",
        security: BEARER,
        body: customModelPayloadSchema,
        response: {
          201: customModelCreatedSchema,
          402: insufficientBalanceSchema,
          422: contentRefusedSchema,
          ...errorResponses(400, 401, 503),
        },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await customCharacters.create(signedIn(request).userId, request.body)),
  );

  app.get(
    "/custom/models",
    {
      schema: {
        tags: ["custom"],
        summary: "The user's characters of a category (all when no gender is given), newest first",
        security: BEARER,
        querystring: genderQuerySchema,
        response: { 200: customModelListSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => ({
      items: await customCharacters.list(signedIn(request).userId, request.query.gender),
    }),
  );

  app.get(
    "/custom/models/:id",
    {
      schema: {
        tags: ["custom"],
        summary: "One of the user's characters",
        security: BEARER,
        params: idParamSchema,
        response: { 200: customModelSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => customCharacters.get(signedIn(request).userId, request.params.id),
  );

  app.patch(
    "/custom/models/:id",
    {
      schema: {
        tags: ["custom"],
        summary:
          "Change a character (moderated again); a changed look redraws the portrait (update_custom_image)",
        security: BEARER,
        params: idParamSchema,
        body: customModelUpdateSchema,
        response: {
          200: customModelSchema,
          422: contentRefusedSchema,
          ...errorResponses(400, 401, 404, 503),
        },
      },
    },
    async (request) => customCharacters.update(signedIn(request).userId, request.params.id, request.body),
  );

  app.delete(
    "/custom/models/:id",
    {
      schema: {
        tags: ["custom"],
        summary: "Delete a character with its chats, their messages and every file",
        security: BEARER,
        params: idParamSchema,
        response: { 204: z.null(), ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      await customCharacters.delete(signedIn(request).userId, request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    "/custom/models/:id/portrait",
    {
      schema: {
        tags: ["custom"],
        summary: "Draw the portrait again; it arrives by update_custom_image",
        security: BEARER,
        params: idParamSchema,
        response: { 202: customModelSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) =>
      reply
        .code(202)
        .send(await customCharacters.redrawPortrait(signedIn(request).userId, request.params.id)),
  );
};
