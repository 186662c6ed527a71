import type { FastifyRequest } from "fastify";
import { UnauthorizedError } from "../errors.ts";
import type { AccountService, RequestContext } from "../services/accounts.ts";

export interface SignedInAccount {
  userId: string;
  sessionId: string;
  token: string;
  /** when the session expires, epoch milliseconds */
  expiresAt: number;
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

/** A preHandler for routes that need a signed-in user: 401 without a valid bearer token. */
export function requireAccount(accounts: AccountService) {
  return async (request: FastifyRequest): Promise<void> => {
    const token = bearerToken(request);
    const session = token ? await accounts.authenticate(token) : null;
    if (!token || !session) throw new UnauthorizedError();
    request.account = { ...session, token };
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
  return session ? { userId: session.userId } : null;
}

/** The account of a route behind requireAccount. */
export function signedIn(request: FastifyRequest): SignedInAccount {
  if (!request.account) throw new UnauthorizedError();
  return request.account;
}

export function requestContext(request: FastifyRequest): RequestContext {
  return { ip: request.ip, userAgent: request.headers["user-agent"] };
}
