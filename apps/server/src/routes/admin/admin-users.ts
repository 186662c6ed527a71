import {
  adminBanBodySchema,
  adminDeleteUserBodySchema,
  adminExportBodySchema,
  adminExportResponseSchema,
  adminOkSchema,
  adminPlanChangeBodySchema,
  adminRoleChangeBodySchema,
  adminTokenAdjustmentBodySchema,
  adminTokenAdjustmentResponseSchema,
  adminUnbanBodySchema,
  adminUserDetailSchema,
  adminUserIdParamSchema,
  adminUserListSchema,
  adminUserSearchQuerySchema,
  CONSOLE_ROLES,
} from "@reverie/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireRole, staffActor } from "../../plugins/require-role.ts";
import type { AccountService } from "../../services/accounts.ts";
import type { AdminAccountData } from "../../services/admin/admin-account-data.ts";
import type { AdminBilling } from "../../services/admin/admin-billing.ts";
import type { AdminRoles } from "../../services/admin/admin-roles.ts";
import type { AdminUsers } from "../../services/admin/admin-users.ts";
import type { UserBans } from "../../services/admin/user-bans.ts";
import { errorResponses } from "../error-responses.ts";
import { ADMIN_BEARER } from "./admin-me.ts";

const ADMINS = ["admin"] as const;

/** The console's Users screen (decision 29): moderators and admins read, only admins change. */
export const adminUserRoutes: FastifyPluginAsyncZod<{
  accounts: AccountService;
  users: AdminUsers;
  billing: AdminBilling;
  bans: UserBans;
  roles: AdminRoles;
  accountData: AdminAccountData;
}> = async (app, { accounts, users, billing, bans, roles, accountData }) => {
  const readers = requireRole(accounts, CONSOLE_ROLES);
  const admins = requireRole(accounts, ADMINS);
  const docs = (summary: string) => ({ tags: ["admin"], summary, security: ADMIN_BEARER });

  app.get(
    "/admin/users",
    {
      preValidation: readers,
      schema: {
        ...docs("Search accounts by email, name (any part) or id, newest first"),
        querystring: adminUserSearchQuerySchema,
        response: { 200: adminUserListSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => users.search(request.query),
  );

  app.get(
    "/admin/users/:id",
    {
      preValidation: readers,
      schema: {
        ...docs("A user's plan, balance, newest ledger rows, chats count, sessions, role and ban"),
        params: adminUserIdParamSchema,
        response: { 200: adminUserDetailSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => users.detail(request.params.id),
  );

  app.post(
    "/admin/users/:id/tokens",
    {
      preValidation: admins,
      schema: {
        ...docs("Grant (positive) or remove (negative) tokens with a reason; never below zero (409)"),
        params: adminUserIdParamSchema,
        body: adminTokenAdjustmentBodySchema,
        response: { 200: adminTokenAdjustmentResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => billing.adjustTokens(staffActor(request), request.params.id, request.body),
  );

  app.patch(
    "/admin/users/:id/plan",
    {
      preValidation: admins,
      schema: {
        ...docs("Set the plan: free now, or premium on a plan until a date (no payment, no renewal)"),
        params: adminUserIdParamSchema,
        body: adminPlanChangeBodySchema,
        response: { 200: adminUserDetailSchema, ...errorResponses(400, 401, 403, 404, 503) },
      },
    },
    async (request) => {
      await billing.changePlan(staffActor(request), request.params.id, request.body);
      return users.detail(request.params.id);
    },
  );

  app.post(
    "/admin/users/:id/ban",
    {
      preValidation: admins,
      schema: {
        ...docs("Ban: every session ends and every socket closes at once; later calls answer 401"),
        params: adminUserIdParamSchema,
        body: adminBanBodySchema,
        response: { 200: adminUserDetailSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      await bans.ban(staffActor(request), request.params.id, request.body.reason);
      return users.detail(request.params.id);
    },
  );

  app.post(
    "/admin/users/:id/unban",
    {
      preValidation: admins,
      schema: {
        ...docs("Lift a ban; the user signs in again"),
        params: adminUserIdParamSchema,
        body: adminUnbanBodySchema,
        response: { 200: adminUserDetailSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      await bans.unban(staffActor(request), request.params.id, request.body.reason);
      return users.detail(request.params.id);
    },
  );

  app.patch(
    "/admin/users/:id/role",
    {
      preValidation: admins,
      schema: {
        ...docs("Change the role (user, moderator, admin); nobody demotes themselves"),
        params: adminUserIdParamSchema,
        body: adminRoleChangeBodySchema,
        response: { 200: adminUserDetailSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      await roles.changeRole(staffActor(request), request.params.id, request.body.role, request.body.reason);
      return users.detail(request.params.id);
    },
  );

  app.post(
    "/admin/users/:id/export",
    {
      preValidation: admins,
      schema: {
        ...docs("Start an archive of the user's data on their request; it is emailed to them"),
        params: adminUserIdParamSchema,
        body: adminExportBodySchema,
        response: { 202: adminExportResponseSchema, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      const started = await accountData.startExport(
        staffActor(request),
        request.params.id,
        request.body.reason,
      );
      return reply.code(202).send(started);
    },
  );

  app.delete(
    "/admin/users/:id",
    {
      preValidation: admins,
      schema: {
        ...docs("Delete the account on the user's request (type DELETE to confirm)"),
        params: adminUserIdParamSchema,
        body: adminDeleteUserBodySchema,
        response: { 200: adminOkSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      await accountData.delete(staffActor(request), request.params.id, request.body.reason);
      return { ok: true as const };
    },
  );
};
