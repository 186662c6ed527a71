import {
  authResponseSchema,
  changePasswordBodySchema,
  loginBodySchema,
  magicLinkBodySchema,
  magicLinkVerifyBodySchema,
  messageResponseSchema,
  registerBodySchema,
  resetBodySchema,
  restoreBodySchema,
  sessionListResponseSchema,
} from "@reverie/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requestContext, requireAccount, signedIn } from "../plugins/authenticate.ts";
import type { AccountService } from "../services/accounts.ts";
import { errorResponses } from "./error-responses.ts";

const BEARER = [{ bearerAuth: [] }];

export const authRoutes: FastifyPluginAsyncZod<{ accounts: AccountService }> = async (app, { accounts }) => {
  const authenticated = requireAccount(accounts);

  app.post(
    "/auth/register",
    {
      schema: {
        tags: ["accounts"],
        summary: "Create an account with email and password and sign in",
        body: registerBodySchema,
        response: { 201: authResponseSchema, ...errorResponses(400, 409, 429) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await accounts.register(request.body, requestContext(request))),
  );

  app.post(
    "/auth/login",
    {
      schema: {
        tags: ["accounts"],
        summary: "Sign in with email and password (a new session token every time)",
        body: loginBodySchema,
        response: { 200: authResponseSchema, ...errorResponses(400, 401, 429) },
      },
    },
    async (request) => accounts.login(request.body, requestContext(request)),
  );

  app.post(
    "/auth/logout",
    {
      preHandler: authenticated,
      schema: {
        tags: ["accounts"],
        summary: "End this session",
        security: BEARER,
        response: { 204: z.null(), ...errorResponses(401) },
      },
    },
    async (request, reply) => {
      await accounts.logout(signedIn(request).token, requestContext(request));
      return reply.code(204).send(null);
    },
  );

  app.post(
    "/auth/password/restore",
    {
      schema: {
        tags: ["accounts"],
        summary: "Email a password reset code (same answer whether or not the account exists)",
        body: restoreBodySchema,
        response: { 202: messageResponseSchema, ...errorResponses(400, 429) },
      },
    },
    async (request, reply) =>
      reply.code(202).send(await accounts.requestPasswordReset(request.body.email, requestContext(request))),
  );

  app.post(
    "/auth/password/reset",
    {
      schema: {
        tags: ["accounts"],
        summary: "Set a new password with an emailed code; signs out every session",
        body: resetBodySchema,
        response: { 200: messageResponseSchema, ...errorResponses(400) },
      },
    },
    async (request) => accounts.resetPassword(request.body),
  );

  app.post(
    "/auth/password/change",
    {
      preHandler: authenticated,
      schema: {
        tags: ["accounts"],
        summary: "Change the password; signs out the other sessions",
        security: BEARER,
        body: changePasswordBodySchema,
        response: { 200: messageResponseSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) =>
      accounts.changePassword(signedIn(request).token, request.body, requestContext(request)),
  );

  app.post(
    "/auth/magic-link",
    {
      schema: {
        tags: ["accounts"],
        summary: "Email a single-use sign-in link (valid 10 minutes)",
        body: magicLinkBodySchema,
        response: { 202: messageResponseSchema, ...errorResponses(400, 429) },
      },
    },
    async (request, reply) =>
      reply.code(202).send(await accounts.requestSignInLink(request.body, requestContext(request))),
  );

  app.post(
    "/auth/magic-link/verify",
    {
      schema: {
        tags: ["accounts"],
        summary: "Sign in with an emailed link's code and the email it was sent to",
        body: magicLinkVerifyBodySchema,
        response: { 200: authResponseSchema, ...errorResponses(400) },
      },
    },
    async (request) => accounts.verifySignInLink(request.body, requestContext(request)),
  );

  app.get(
    "/auth/sessions",
    {
      preHandler: authenticated,
      schema: {
        tags: ["accounts"],
        summary: "The account's active sessions",
        security: BEARER,
        response: { 200: sessionListResponseSchema, ...errorResponses(401) },
      },
    },
    async (request) => {
      const account = signedIn(request);
      return {
        items: await accounts.listSessions(account.token, account.sessionId, requestContext(request)),
      };
    },
  );

  app.delete(
    "/auth/sessions/:id",
    {
      preHandler: authenticated,
      schema: {
        tags: ["accounts"],
        summary: "End one session of the account",
        security: BEARER,
        params: z.object({ id: z.string().min(1).max(200) }),
        response: { 204: z.null(), ...errorResponses(401, 404) },
      },
    },
    async (request, reply) => {
      await accounts.revokeSession(signedIn(request).token, request.params.id, requestContext(request));
      return reply.code(204).send(null);
    },
  );

  app.delete(
    "/auth/sessions",
    {
      preHandler: authenticated,
      schema: {
        tags: ["accounts"],
        summary: "Sign out everywhere, this device included",
        security: BEARER,
        response: { 204: z.null(), ...errorResponses(401) },
      },
    },
    async (request, reply) => {
      await accounts.revokeAllSessions(signedIn(request).token, requestContext(request));
      return reply.code(204).send(null);
    },
  );
};
