import { adminMeSchema, CONSOLE_ROLES } from "@reverie/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireRole, staffActor } from "../../plugins/require-role.ts";
import type { AccountService } from "../../services/accounts.ts";
import { errorResponses } from "../error-responses.ts";

export const ADMIN_BEARER = [{ bearerAuth: [] }];

/** GET /api/admin/me: whether the caller may open the admin console, and as what. */
export const adminMeRoutes: FastifyPluginAsyncZod<{ accounts: AccountService }> = async (
  app,
  { accounts },
) => {
  app.get(
    "/admin/me",
    {
      preValidation: requireRole(accounts, CONSOLE_ROLES),
      schema: {
        tags: ["admin"],
        summary: "The caller's console role (moderator or admin); 403 for everyone else",
        security: ADMIN_BEARER,
        response: { 200: adminMeSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => {
      const staff = staffActor(request);
      return { id: staff.id, email: staff.email, role: staff.role };
    },
  );
};
