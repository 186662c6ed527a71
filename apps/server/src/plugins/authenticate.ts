import type { FastifyRequest } from "fastify";
import { ACCOUNT_BANNED_MESSAGE, UnauthorizedError } from "../errors.ts";
import type { AccountService, RequestContext } from "../services/accounts.ts";

export interface SignedInAccount {
  userId: string;
  sessionId: string;
  token: string;
  /** when the session expires, epoch milliseconds */
  expiresAt: number;
  /** when the session was made (signed in), epoch milliseconds */
  createdAt: number;
}

declare module "fastify" {
  interface FastifyRequest {
    account: SignedInAccount | null;
  }
}

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (header?.slice(0, 7).toLowerCase() !== "bearer ") return null;
  const token = header.slice(7).trim();
  return token || null;
}

/**
 * A preHandler for routes that need a signed-in user: 401 without a valid bearer token, and 401
 * `account_banned` for a banned account (its sessions are deleted at the ban; this catches the rest).
 */
export function requireAccount(accounts: AccountService) {
  return async (request: FastifyRequest): Promise<void> => {
    const token = bearerToken(request);
    const session = token ? await accounts.authenticate(token) : null;
    if (!token || !session) throw new UnauthorizedError();
    if (session.banned) throw new UnauthorizedError(ACCOUNT_BANNED_MESSAGE, "account_banned");
    request.account = {
      userId: session.userId,
      sessionId: session.sessionId,
      expiresAt: session.expiresAt,
      createdAt: session.createdAt,
      token,
    };
  };
}

/**
 * The caller's account when the request carries a valid token, else null: for public routes whose
 * answer a signed-in caller sees differently. It leaves `request.account` unset (a publicly cached
 * route must not look authenticated).
 */
export async function optionalAccount(
  accounts: AccountService,
  request: FastifyRequest,
): Promise<{ userId: string } | null> {
  const token = bearerToken(request);
  const session = token ? await accounts.authenticate(token) : null;
  return session && !session.banned ? { userId: session.userId } : null;
}

/** The account of a route behind requireAccount. */
export function signedIn(request: FastifyRequest): SignedInAccount {
  if (!request.account) throw new UnauthorizedError();
  return request.account;
}

export function requestContext(request: FastifyRequest): RequestContext {
  return { ip: request.ip, userAgent: request.headers["user-agent"] };
}
