import { chatGreetingsSchema, chooseGreetingBodySchema, chooseGreetingResponseSchema } from "@reverie/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireAccount, signedIn } from "../plugins/authenticate.ts";
import type { AccountService } from "../services/accounts.ts";
import type { GreetingChoices } from "../services/chat-greetings.ts";
import { errorResponses } from "./error-responses.ts";

const BEARER = [{ bearerAuth: [] }];
const chatParams = z.object({ chatId: z.coerce.number().int().positive().describe("chat id") });

/** The first messages a chat may start with, and choosing one while nothing else was said (decision 48). */
export const chatGreetingRoutes: FastifyPluginAsyncZod<{
  accounts: AccountService;
  greetings: GreetingChoices;
}> = async (app, { accounts, greetings }) => {
  app.addHook("preHandler", requireAccount(accounts));

  app.get(
    "/chats/:chatId/greetings",
    {
      schema: {
        tags: ["chats"],
        summary:
          "The character's first message and alternate greetings, and whether the chat may still switch",
        security: BEARER,
        params: chatParams,
        response: { 200: chatGreetingsSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => greetings.list(signedIn(request).userId, request.params.chatId),
  );

  app.put(
    "/chats/:chatId/greeting",
    {
      schema: {
        tags: ["chats"],
        summary: "Start the chat with another greeting (409 once you have replied)",
        security: BEARER,
        params: chatParams,
        body: chooseGreetingBodySchema,
        response: { 200: chooseGreetingResponseSchema, ...errorResponses(400, 401, 404, 409) },
      },
    },
    async (request) => ({
      message: await greetings.choose(signedIn(request).userId, request.params.chatId, request.body.index),
    }),
  );
};
