import type { Role } from "@reverie/shared";
import type { FastifyRequest } from "fastify";
import { AppError, UnauthorizedError } from "../errors.ts";
import type { AccountService } from "../services/accounts.ts";
import type { AuditActor } from "../services/admin/audit-log.ts";
import { requireAccount, signedIn } from "./authenticate.ts";

/** The operator behind an admin call, as the guard found them in the database. */
export interface StaffMember {
  userId: string;
  email: string;
  role: Role;
}

declare module "fastify" {
  interface FastifyRequest {
    staff: StaffMember | null;
  }
}

export const SESSION_EXPIRED_MESSAGE = "Sign in again to use the admin console";

/**
 * A preHandler for admin routes (decision 0029): 401 without a session (or for a banned account),
 * 403 `forbidden` when the account's role — read from the database on every call, never from the
 * token — is not one of `roles`, and 401 `session_expired` when a moderator's or admin's session is
 * older than ADMIN_SESSION_MAX_AGE_MINUTES, so a stolen or forgotten console session ends sooner.
 */
export function requireRole(accounts: AccountService, roles: readonly Role[]) {
  const authenticate = requireAccount(accounts);
  return async (request: FastifyRequest): Promise<void> => {
    await authenticate(request);
    const account = signedIn(request);
    const access = await accounts.access(account.userId);
    if (!access) throw new UnauthorizedError();
    if (!roles.includes(access.role)) {
      throw new AppError(403, "forbidden", "You do not have access to this part of the admin console.");
    }
    if (access.role !== "user" && Date.now() - account.createdAt > accounts.adminSessionMaxAgeMs) {
      throw new UnauthorizedError(SESSION_EXPIRED_MESSAGE, "session_expired");
    }
    request.staff = { userId: account.userId, email: access.email, role: access.role };
  };
}

/** The operator of a route behind requireRole, as the audit log records them. */
export function staffActor(request: FastifyRequest): AuditActor & { id: string; role: Role } {
  if (!request.staff) throw new UnauthorizedError();
  return { id: request.staff.userId, email: request.staff.email, role: request.staff.role, ip: request.ip };
}
