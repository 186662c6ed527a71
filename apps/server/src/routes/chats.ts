import {
  chatListQuerySchema,
  chatListResponseSchema,
  chatMessageParamsSchema,
  contentRefusedSchema,
  createChatBodySchema,
  deletedResponseSchema,
  deleteMessagesBodySchema,
  idParamSchema,
  insufficientBalanceSchema,
  messagesQuerySchema,
  messagesResponseSchema,
  openedChatSchema,
  sendMessageBodySchema,
  sendMessageResponseSchema,
  unlockMessageResponseSchema,
  voiceMessageResponseSchema,
} from "@reverie/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireAccount, signedIn } from "../plugins/authenticate.ts";
import type { AccountService } from "../services/accounts.ts";
import type { ChatService } from "../services/chats.ts";
import type { VoiceService } from "../services/voice.ts";
import { errorResponses } from "./error-responses.ts";

const BEARER = [{ bearerAuth: [] }];

export const chatRoutes: FastifyPluginAsyncZod<{
  accounts: AccountService;
  chats: ChatService;
  voice: VoiceService;
}> = async (app, { accounts, chats, voice }) => {
  app.addHook("preHandler", requireAccount(accounts));

  app.get(
    "/chats",
    {
      schema: {
        tags: ["chats"],
        summary: "The user's chats, newest message first; filter by category or character name",
        security: BEARER,
        querystring: chatListQuerySchema,
        response: { 200: chatListResponseSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => chats.list(signedIn(request).userId, request.query),
  );

  app.post(
    "/chats",
    {
      schema: {
        tags: ["chats"],
        summary:
          "Open the chat with a character (the existing one, or a new one that starts with its first message)",
        security: BEARER,
        body: createChatBodySchema,
        response: { 200: openedChatSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => chats.open(signedIn(request).userId, request.body.model_id),
  );

  app.get(
    "/chats/:id/messages",
    {
      schema: {
        tags: ["chats"],
        summary: "A page of a chat's messages (reverse=true: page 1 is the newest; each page oldest first)",
        security: BEARER,
        params: idParamSchema,
        querystring: messagesQuerySchema,
        response: { 200: messagesResponseSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => chats.messages(signedIn(request).userId, request.params.id, request.query),
  );

  app.post(
    "/chats/:id/messages",
    {
      schema: {
        tags: ["chats"],
        summary: "Send a message; it is paid for (free message, plan or tokens) as it is stored, or 402",
        security: BEARER,
        params: idParamSchema,
        body: sendMessageBodySchema,
        response: {
          202: sendMessageResponseSchema,
          402: insufficientBalanceSchema,
          422: contentRefusedSchema,
          ...errorResponses(400, 401, 404),
        },
      },
    },
    async (request, reply) =>
      reply
        .code(202)
        .send(
          await chats.send(
            signedIn(request).userId,
            request.params.id,
            request.body.message.text,
            request.body.realistic,
          ),
        ),
  );

  app.post(
    "/chats/:id/messages/:messageId/unlock",
    {
      schema: {
        tags: ["chats"],
        summary:
          "Unlock a private_image / private_video message with tokens (premium plans pay too); unlocking it again costs nothing",
        security: BEARER,
        params: chatMessageParamsSchema,
        response: {
          200: unlockMessageResponseSchema,
          402: insufficientBalanceSchema,
          ...errorResponses(400, 401, 404),
        },
      },
    },
    async (request) => chats.unlock(signedIn(request).userId, request.params.id, request.params.messageId),
  );

  app.post(
    "/chats/:id/messages/:messageId/voice",
    {
      schema: {
        tags: ["chats"],
        summary:
          "Voice for a character's text message (included in premium, tokens on the free plan): 200 with the link when it exists, else 202 and a status_change event when ready; 402 when the tokens do not cover it",
        security: BEARER,
        params: chatMessageParamsSchema,
        response: {
          200: voiceMessageResponseSchema,
          202: voiceMessageResponseSchema,
          402: insufficientBalanceSchema,
          ...errorResponses(400, 401, 404),
        },
      },
    },
    async (request, reply) => {
      const result = await voice.request(
        signedIn(request).userId,
        request.params.id,
        request.params.messageId,
      );
      return reply.code(result.status === "ready" ? 200 : 202).send(result);
    },
  );

  app.put(
    "/chats/:id/messages/delete",
    {
      schema: {
        tags: ["chats"],
        summary: "Delete some messages of a chat",
        security: BEARER,
        params: idParamSchema,
        body: deleteMessagesBodySchema,
        response: { 200: deletedResponseSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => ({
      deleted: await chats.deleteMessages(signedIn(request).userId, request.params.id, request.body.msgs_ids),
    }),
  );

  app.put(
    "/chats/:id/messages/delete_all",
    {
      schema: {
        tags: ["chats"],
        summary: "Clear a chat",
        security: BEARER,
        params: idParamSchema,
        response: { 200: deletedResponseSchema, ...errorResponses(401, 404) },
      },
    },
    async (request) => ({ deleted: await chats.clear(signedIn(request).userId, request.params.id) }),
  );

  app.delete(
    "/chats/:id",
    {
      schema: {
        tags: ["chats"],
        summary: "Delete a chat and its messages",
        security: BEARER,
        params: idParamSchema,
        response: { 204: z.null(), ...errorResponses(401, 404) },
      },
    },
    async (request, reply) => {
      await chats.delete(signedIn(request).userId, request.params.id);
      return reply.code(204).send(null);
    },
  );
};
