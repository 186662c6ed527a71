import { auditLogQuerySchema, auditLogResponseSchema, CONSOLE_ROLES } from "@reverie/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireRole } from "../../plugins/require-role.ts";
import type { AccountService } from "../../services/accounts.ts";
import type { AuditLogService } from "../../services/admin/audit-log.ts";
import { errorResponses } from "../error-responses.ts";
import { ADMIN_BEARER } from "./admin-me.ts";

/** GET /api/admin/audit-log: every operator action, newest first; read-only by design. */
export const auditLogRoutes: FastifyPluginAsyncZod<{
  accounts: AccountService;
  audit: AuditLogService;
}> = async (app, { accounts, audit }) => {
  app.get(
    "/admin/audit-log",
    {
      preValidation: requireRole(accounts, CONSOLE_ROLES),
      schema: {
        tags: ["admin"],
        summary: "The audit log, newest first, filtered by actor or target; `before` pages on",
        security: ADMIN_BEARER,
        querystring: auditLogQuerySchema,
        response: { 200: auditLogResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const query = request.query;
      return audit.list({
        actorId: query.actor_id,
        targetType: query.target_type,
        targetId: query.target_id,
        before: query.before,
        limit: query.limit,
      });
    },
  );
};
