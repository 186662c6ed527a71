import {
  authProvidersResponseSchema,
  authResponseSchema,
  changePasswordBodySchema,
  changePasswordResponseSchema,
  loginBodySchema,
  magicLinkBodySchema,
  magicLinkVerifyBodySchema,
  messageResponseSchema,
  oauthProviderSchema,
  registerBodySchema,
  resetBodySchema,
  restoreBodySchema,
  sessionListResponseSchema,
  verifyEmailBodySchema,
} from "@reverie/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Auth } from "../auth/better-auth.ts";
import { requestContext, requireAccount, signedIn } from "../plugins/authenticate.ts";
import type { AccountService } from "../services/accounts.ts";
import { errorResponses } from "./error-responses.ts";

const BEARER = [{ bearerAuth: [] }];

/** Where the sign-in popup ends: the web app's callback screen reads the fragment and tells its opener. */
const POPUP_RESULT_PATH = "/auth/callback";

export const authRoutes: FastifyPluginAsyncZod<{ accounts: AccountService; auth: Auth }> = async (
  app,
  { accounts, auth },
) => {
  const authenticated = requireAccount(accounts);

  app.get(
    "/auth/providers",
    {
      schema: {
        tags: ["accounts"],
        summary: "Sign-in providers configured on this server (Google, Discord, X)",
        response: { 200: authProvidersResponseSchema },
      },
    },
    async () => ({ providers: accounts.oauthProviders() }),
  );

  app.get(
    "/auth/oauth/:provider/start",
    {
      schema: {
        tags: ["accounts"],
        summary:
          "Open in a 500×600 popup: redirects to the provider; ends on /auth/callback#token=… or #error=…",
        params: z.object({ provider: oauthProviderSchema }),
      },
    },
    async (request, reply) => {
      const { url, cookies } = await accounts.startOAuth(request.params.provider, requestContext(request));
      return reply.header("set-cookie", cookies).redirect(url, 302);
    },
  );

  app.get(
    "/auth/oauth/finish",
    {
      schema: {
        tags: ["accounts"],
        summary: "Where the provider flow returns; hands the popup its access token",
        querystring: z.object({
          error: z.string().max(200).optional(),
          /** set by better-auth's new-user redirect: the flow created the account */
          new: z.literal("1").optional(),
        }),
      },
    },
    async (request, reply) => {
      const result = request.query.error
        ? { error: request.query.error }
        : await accounts.finishOAuth(request.headers.cookie, request.query.new === "1");
      const fragment =
        "token" in result
          ? `token=${encodeURIComponent(result.token)}${result.newUser ? "&new=1" : ""}`
          : `error=${encodeURIComponent(result.error)}`;
      // the popup carries no cookie session onwards: the web app uses the bearer token only
      const expired = Object.keys(parseCookieNames(request.headers.cookie)).map(
        (name) => `${name}=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax`,
      );
      return reply.header("set-cookie", expired).redirect(`${POPUP_RESULT_PATH}#${fragment}`, 302);
    },
  );

  // The provider's redirect back (code and state) is better-auth's own endpoint.
  app.get(
    "/identity/callback/:id",
    { schema: { hide: true, params: z.object({ id: oauthProviderSchema }) } },
    async (request, reply) => {
      const url = new URL(request.url, `${request.protocol}://${request.host}`);
      const headers = new Headers();
      for (const [name, value] of Object.entries(request.headers)) {
        if (typeof value === "string") headers.set(name, value);
      }
      const response = await auth.handler(new Request(url, { method: "GET", headers }));
      reply.code(response.status);
      response.headers.forEach((value, name) => {
        if (name !== "set-cookie") reply.header(name, value);
      });
      const cookies = response.headers.getSetCookie();
      if (cookies.length > 0) reply.header("set-cookie", cookies);
      return reply.send(Buffer.from(await response.arrayBuffer()));
    },
  );

  app.post(
    "/auth/register",
    {
      schema: {
        tags: ["accounts"],
        summary: "Create an account with email and password and sign in",
        body: registerBodySchema,
        response: { 201: authResponseSchema, ...errorResponses(400, 409, 429, 503) },
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
        response: { 200: authResponseSchema, ...errorResponses(400, 401, 429, 503) },
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
      await accounts.logout(signedIn(request), requestContext(request));
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
        response: { 200: messageResponseSchema, ...errorResponses(400, 429, 503) },
      },
    },
    async (request) => accounts.resetPassword(request.body, requestContext(request)),
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
        response: { 200: changePasswordResponseSchema, ...errorResponses(400, 401, 503) },
      },
    },
    async (request) => accounts.changePassword(signedIn(request), request.body, requestContext(request)),
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
        response: { 200: authResponseSchema, ...errorResponses(400, 429) },
      },
    },
    async (request) => accounts.verifySignInLink(request.body, requestContext(request)),
  );

  app.post(
    "/auth/verify-email",
    {
      schema: {
        tags: ["accounts"],
        summary: "Confirm the account's email with the token of the emailed link (/verify-email?token=…)",
        body: verifyEmailBodySchema,
        response: { 200: messageResponseSchema, ...errorResponses(400, 429) },
      },
    },
    async (request) => accounts.verifyEmail(request.body.token, requestContext(request)),
  );

  app.post(
    "/auth/verify-email/send",
    {
      preHandler: authenticated,
      schema: {
        tags: ["accounts"],
        summary: "Email a new confirmation link to the account's address",
        security: BEARER,
        response: { 202: messageResponseSchema, ...errorResponses(401, 429) },
      },
    },
    async (request, reply) => reply.code(202).send(await accounts.resendEmailVerification(signedIn(request))),
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
      await accounts.revokeSession(signedIn(request), request.params.id, requestContext(request));
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
      await accounts.revokeAllSessions(signedIn(request), requestContext(request));
      return reply.code(204).send(null);
    },
  );
};

/** better-auth's cookies (session and flow state) present on a request. */
function parseCookieNames(header: string | undefined): Record<string, true> {
  const names: Record<string, true> = {};
  for (const part of (header ?? "").split(";")) {
    const name = part.split("=")[0]?.trim();
    if (name && /^(__Secure-)?better-auth\./.test(name)) names[name] = true;
  }
  return names;
}
