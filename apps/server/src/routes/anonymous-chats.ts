import { anonymousChatListSchema, anonymousChatsQuerySchema } from "@reverie/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { CATALOG_CACHE } from "../http-cache/policy.ts";
import type { Services } from "../services/index.ts";
import { errorResponses } from "./error-responses.ts";

export const anonymousChatRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (
  app,
  { services },
) => {
  app.get(
    "/anonym/chats",
    {
      config: { publicCache: CATALOG_CACHE },
      schema: {
        tags: ["chats"],
        summary:
          "The chat list a signed-out visitor sees: one chat per character, opening with its first message",
        querystring: anonymousChatsQuerySchema,
        response: { 200: anonymousChatListSchema, ...errorResponses(400) },
      },
    },
    async (request) => services.catalog.listAnonymousChats(request.query),
  );
};
