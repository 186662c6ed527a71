import {
  CUSTOM_LIMITS,
  cardImportQuerySchema,
  contentRefusedSchema,
  customModelCreatedSchema,
  idParamSchema,
  insufficientBalanceSchema,
} from "@reverie/shared";
import type { FastifyError } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireAccount, signedIn } from "../plugins/authenticate.ts";
import type { AccountService } from "../services/accounts.ts";
import { cardDownloadDisposition, cardJson, cardPng } from "../services/cards/card-export.ts";
import {
  CARD_UPLOAD_TYPES,
  cardTooLargeError,
  fileNameOfDisposition,
  readCardUpload,
  unsupportedCardTypeError,
} from "../services/cards/card-import.ts";
import type { CustomCharacterService } from "../services/custom-characters/custom-character-service.ts";
import { errorResponses } from "./error-responses.ts";

const BEARER = [{ bearerAuth: [] }];

const characterCardV3Schema = z.object({
  spec: z.literal("chara_card_v3"),
  spec_version: z.literal("3.0"),
  data: z.record(z.string(), z.unknown()).describe("the card's fields (Character Card V3)"),
});

/**
 * Character cards (decision 23): bring a companion from another app as a Tavern card (PNG or JSON,
 * V1, V2 or V3) and take yours anywhere as a V3 card. The upload is the raw file; its size and type
 * are checked before it is read, and a file that is not a card is a 4xx with nothing stored.
 */
export const customCardRoutes: FastifyPluginAsyncZod<{
  accounts: AccountService;
  customCharacters: Pick<CustomCharacterService, "importCard" | "exportCard">;
}> = async (app, { accounts, customCharacters }) => {
  // on request, before the body: an upload without a valid session is refused unread
  app.addHook("onRequest", requireAccount(accounts));

  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    [...CARD_UPLOAD_TYPES],
    { parseAs: "buffer", bodyLimit: CUSTOM_LIMITS.cardMaxBytes },
    (_request, body, done) => done(null, body),
  );
  // Fastify's own refusals of the body, in the words readCardUpload uses; the app's handler answers
  app.setErrorHandler((error: FastifyError) => {
    if (error.code === "FST_ERR_CTP_BODY_TOO_LARGE") throw cardTooLargeError();
    if (error.code === "FST_ERR_CTP_INVALID_MEDIA_TYPE") throw unsupportedCardTypeError();
    throw error;
  });

  app.post(
    "/custom/cards",
    {
      schema: {
        tags: ["custom"],
        summary:
          "Import a character card (the PNG or JSON file as the body, image/png or application/json, 8 MiB at most); cards carry no age, so the user states one",
        security: BEARER,
        querystring: cardImportQuerySchema,
        response: {
          201: customModelCreatedSchema,
          402: insufficientBalanceSchema,
          422: contentRefusedSchema,
          ...errorResponses(400, 401, 413, 415),
        },
      },
    },
    async (request, reply) => {
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      // a card without a name takes its file's, when the upload says it (Content-Disposition)
      const fileName = fileNameOfDisposition(request.headers["content-disposition"]);
      const card = readCardUpload(body, request.headers["content-type"] ?? "", fileName);
      const created = await customCharacters.importCard(signedIn(request).userId, card, request.query);
      return reply.code(201).send(created);
    },
  );

  app.get(
    "/custom/models/:id/card.png",
    {
      schema: {
        tags: ["custom"],
        summary: "One of the user's characters as a V3 card PNG (its portrait with ccv3 and chara chunks)",
        security: BEARER,
        params: idParamSchema,
        response: {
          // the file's bytes: Fastify sends a Buffer as it is, whatever the schema
          200: z.any().describe("the card, image/png"),
          ...errorResponses(400, 401, 404),
        },
      },
    },
    async (request, reply) => {
      const { data, portrait } = await customCharacters.exportCard(
        signedIn(request).userId,
        request.params.id,
      );
      return reply
        .header("content-type", "image/png")
        .header("content-disposition", cardDownloadDisposition(data, "png"))
        .header("cache-control", "private, no-store")
        .send(cardPng(data, portrait, new Date()));
    },
  );

  app.get(
    "/custom/models/:id/card.json",
    {
      schema: {
        tags: ["custom"],
        summary: "One of the user's characters as a V3 card (JSON)",
        security: BEARER,
        params: idParamSchema,
        response: { 200: characterCardV3Schema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const { data } = await customCharacters.exportCard(signedIn(request).userId, request.params.id);
      return reply
        .header("content-disposition", cardDownloadDisposition(data, "json"))
        .header("cache-control", "private, no-store")
        .send(cardJson(data, new Date()));
    },
  );
};
