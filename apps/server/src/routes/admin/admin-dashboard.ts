import { adminStatsQuerySchema, adminStatsSchema, CONSOLE_ROLES } from "@reverie/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireRole } from "../../plugins/require-role.ts";
import type { AccountService } from "../../services/accounts.ts";
import type { Dashboard } from "../../services/admin/dashboard.ts";
import { errorResponses } from "../error-responses.ts";
import { ADMIN_BEARER } from "./admin-me.ts";

/** GET /api/admin/stats: the console's Dashboard (moderators and admins). */
export const adminDashboardRoutes: FastifyPluginAsyncZod<{
  accounts: AccountService;
  dashboard: Dashboard;
}> = async (app, { accounts, dashboard }) => {
  app.get(
    "/admin/stats",
    {
      preValidation: requireRole(accounts, CONSOLE_ROLES),
      schema: {
        tags: ["admin"],
        summary:
          "Per UTC day: sign-ups, active users, messages, pictures, voice, revenue, refunds, token flow; and the funnel",
        security: ADMIN_BEARER,
        querystring: adminStatsQuerySchema,
        response: { 200: adminStatsSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => dashboard.stats(request.query),
  );
};
