import {
  adminJobIdParamSchema,
  adminJobRetryBodySchema,
  adminJobRetryResponseSchema,
  adminReplayEventsSchema,
  adminReplayIdParamSchema,
  adminReplayListSchema,
  adminReplaysQuerySchema,
  adminSystemSchema,
  CONSOLE_ROLES,
} from "@reverie/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireRole, staffActor } from "../../plugins/require-role.ts";
import type { AccountService } from "../../services/accounts.ts";
import type { ReplayLibrary } from "../../services/admin/replay-library.ts";
import type { SystemStatus } from "../../services/admin/system-status.ts";
import { errorResponses } from "../error-responses.ts";
import { ADMIN_BEARER } from "./admin-me.ts";

const ADMINS = ["admin"] as const;

/** The console's System screen (decision 32): providers, the job queue, session replays. */
export const adminSystemRoutes: FastifyPluginAsyncZod<{
  accounts: AccountService;
  system: SystemStatus;
  replays: ReplayLibrary;
}> = async (app, { accounts, system, replays }) => {
  const readers = requireRole(accounts, CONSOLE_ROLES);
  const docs = (summary: string) => ({ tags: ["admin"], summary, security: ADMIN_BEARER });

  app.get(
    "/admin/system",
    {
      preValidation: readers,
      schema: {
        ...docs(
          "The providers in use and their health, the job queue's depth by kind and state, recent failures",
        ),
        response: { 200: adminSystemSchema, ...errorResponses(401, 403) },
      },
    },
    async () => system.status(),
  );

  app.post(
    "/admin/jobs/:id/retry",
    {
      preValidation: requireRole(accounts, ADMINS),
      schema: {
        ...docs("Run a job that failed for good again, with a fresh set of attempts"),
        params: adminJobIdParamSchema,
        body: adminJobRetryBodySchema,
        response: { 200: adminJobRetryResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({
      job: await system.retryJob(staffActor(request), request.params.id, request.body.reason),
    }),
  );

  app.get(
    "/admin/replays",
    {
      preValidation: readers,
      schema: {
        ...docs("Recorded session replays, the most recently uploaded first"),
        querystring: adminReplaysQuerySchema,
        response: { 200: adminReplayListSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => replays.list(request.query),
  );

  app.get(
    "/admin/replays/:id/events",
    {
      preValidation: readers,
      schema: {
        ...docs("One replay's rrweb events in recorded order, for the player"),
        params: adminReplayIdParamSchema,
        response: { 200: adminReplayEventsSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => replays.events(request.params.id),
  );
};
