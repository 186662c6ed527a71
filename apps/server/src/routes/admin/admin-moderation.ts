import {
  CONSOLE_ROLES,
  messageReportActionBodySchema,
  messageReportIdParamSchema,
  messageReportListSchema,
  messageReportQuerySchema,
  messageReportSchema,
  moderationEvaluationSchema,
  moderationEventListSchema,
  moderationEventQuerySchema,
} from "@reverie/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireRole, staffActor } from "../../plugins/require-role.ts";
import type { AccountService } from "../../services/accounts.ts";
import type { ModerationConsole } from "../../services/admin/moderation-console.ts";
import type { ModerationEvaluation } from "../../services/admin/moderation-evaluation.ts";
import { errorResponses } from "../error-responses.ts";
import { ADMIN_BEARER } from "./admin-me.ts";

/** The console's Moderation screen (decision 30): moderators and admins. */
export const adminModerationRoutes: FastifyPluginAsyncZod<{
  accounts: AccountService;
  moderation: ModerationConsole;
  evaluation: ModerationEvaluation;
}> = async (app, { accounts, moderation, evaluation }) => {
  const staff = requireRole(accounts, CONSOLE_ROLES);
  const docs = (summary: string) => ({ tags: ["admin"], summary, security: ADMIN_BEARER });

  app.get(
    "/admin/moderation/events",
    {
      preValidation: staff,
      schema: {
        ...docs("Refused content, newest first; by user, surface, category and date"),
        querystring: moderationEventQuerySchema,
        response: { 200: moderationEventListSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => moderation.events(request.query),
  );

  app.get(
    "/admin/moderation/reports",
    {
      preValidation: staff,
      schema: {
        ...docs("Reported messages with the messages around them, newest first (open ones by default)"),
        querystring: messageReportQuerySchema,
        response: { 200: messageReportListSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => moderation.reports(request.query),
  );

  app.post(
    "/admin/moderation/reports/:id/action",
    {
      preValidation: staff,
      schema: {
        ...docs("Deal with a report: dismiss, hide the message, or ban the chat's owner (admins)"),
        params: messageReportIdParamSchema,
        body: messageReportActionBodySchema,
        response: { 200: messageReportSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => moderation.act(staffActor(request), request.params.id, request.body),
  );

  app.get(
    "/admin/moderation/evaluation",
    {
      preValidation: staff,
      schema: {
        ...docs("The moderation rules' recall and false positives on the labelled set"),
        response: { 200: moderationEvaluationSchema, ...errorResponses(401, 403) },
      },
    },
    async () => evaluation.figures(),
  );
};
