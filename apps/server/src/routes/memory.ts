import {
  contentRefusedSchema,
  memoryCreateSchema,
  memoryItemSchema,
  memoryListSchema,
  memoryUpdateSchema,
} from "@reverie/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireAccount, signedIn } from "../plugins/authenticate.ts";
import type { AccountService } from "../services/accounts.ts";
import type { MemoryService } from "../services/memory/memory-service.ts";
import { errorResponses } from "./error-responses.ts";

const BEARER = [{ bearerAuth: [] }];
const chatParams = z.object({ chatId: z.coerce.number().int().positive().describe("chat id") });
const itemParams = chatParams.extend({ id: z.coerce.number().int().positive().describe("memory item id") });

/**
 * What the chat's character remembers of the user (decision 45), shown and edited beside the chat.
 * The memory belongs to the user and the character, so every chat with the character shares it.
 */
export const memoryRoutes: FastifyPluginAsyncZod<{
  accounts: AccountService;
  memory: MemoryService;
}> = async (app, { accounts, memory }) => {
  app.addHook("preHandler", requireAccount(accounts));

  app.get(
    "/chats/:chatId/memory",
    {
      schema: {
        tags: ["chats"],
        summary: "What the chat's character remembers of you and of what it said about itself",
        security: BEARER,
        params: chatParams,
        response: { 200: memoryListSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => memory.list(signedIn(request).userId, request.params.chatId),
  );

  app.post(
    "/chats/:chatId/memory",
    {
      schema: {
        tags: ["chats"],
        summary:
          "Tell the character something to remember; a fact on the same subject (or your name, job or place) is replaced",
        security: BEARER,
        params: chatParams,
        body: memoryCreateSchema,
        response: { 201: memoryItemSchema, 422: contentRefusedSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await memory.add(signedIn(request).userId, request.params.chatId, request.body)),
  );

  app.patch(
    "/chats/:chatId/memory/:id",
    {
      schema: {
        tags: ["chats"],
        summary: "Correct something the character remembers",
        security: BEARER,
        params: itemParams,
        body: memoryUpdateSchema,
        response: { 200: memoryItemSchema, 422: contentRefusedSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) =>
      memory.update(signedIn(request).userId, request.params.chatId, request.params.id, request.body),
  );

  app.delete(
    "/chats/:chatId/memory/:id",
    {
      schema: {
        tags: ["chats"],
        summary: "Make the character forget one thing",
        security: BEARER,
        params: itemParams,
        response: { 204: z.null(), ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      await memory.delete(signedIn(request).userId, request.params.chatId, request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.delete(
    "/chats/:chatId/memory",
    {
      schema: {
        tags: ["chats"],
        summary: "Make the character forget everything it remembers of you",
        security: BEARER,
        params: chatParams,
        response: { 204: z.null(), ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      await memory.forget(signedIn(request).userId, request.params.chatId);
      return reply.code(204).send(null);
    },
  );
};
