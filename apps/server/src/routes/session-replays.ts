import {
  replayChunkAcceptedSchema,
  replayChunkSchema,
  replayIdParamsSchema,
  replayStartedSchema,
  replayStartSchema,
  SESSION_REPLAY_LIMITS,
} from "@reverie/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { AppError } from "../errors.ts";
import { optionalAccount } from "../plugins/authenticate.ts";
import type { AccountService } from "../services/accounts.ts";
import type { SessionReplayService } from "../services/session-replays.ts";
import { errorResponses } from "./error-responses.ts";

export const sessionReplayRoutes: FastifyPluginAsyncZod<{
  accounts: AccountService;
  replays: SessionReplayService;
}> = async (app, { accounts, replays }) => {
  app.post(
    "/replays",
    {
      schema: {
        tags: ["analytics"],
        summary:
          "Start a session replay recording: the server picks its id, and takes chunks only for a recording it started",
        body: replayStartSchema,
        response: { 201: replayStartedSchema, ...errorResponses(400, 403, 429) },
      },
    },
    async (request, reply) => {
      const account = request.headers.authorization ? await optionalAccount(accounts, request) : null;
      const started = await replays.start(request.body, {
        ip: request.ip,
        userAgent: request.headers["user-agent"],
        userId: account?.userId ?? null,
      });
      return reply.code(201).send(started);
    },
  );

  app.post(
    "/replays/:replayId/chunks",
    {
      bodyLimit: SESSION_REPLAY_LIMITS.chunkBytes,
      // JSON only: a text/plain body would otherwise be parsed as a string
      preValidation: async (request) => {
        if (!request.headers["content-type"]?.toLowerCase().startsWith("application/json")) {
          throw new AppError(415, "unsupported_media_type", "Send the chunk as application/json.");
        }
      },
      schema: {
        tags: ["analytics"],
        summary:
          "A chunk of a recording's rrweb events (the recording started by POST /api/replays; a signed-in sender's token is optional)",
        params: replayIdParamsSchema,
        body: replayChunkSchema,
        response: {
          202: replayChunkAcceptedSchema,
          ...errorResponses(400, 403, 404, 409, 410, 413, 415, 429),
        },
      },
    },
    async (request, reply) => {
      const account = request.headers.authorization ? await optionalAccount(accounts, request) : null;
      const stored = await replays.addChunk(request.params.replayId, request.body, {
        ip: request.ip,
        userAgent: request.headers["user-agent"],
        userId: account?.userId ?? null,
      });
      return reply.code(202).send({ stored });
    },
  );
};
