import websocket from "@fastify/websocket";
import { SOCKET_LIMITS } from "@reverie/shared";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { ACCOUNT_BANNED_MESSAGE, AppError, UnauthorizedError } from "../errors.ts";
import type { EventBus } from "./bus.ts";
import { createOriginPolicy } from "./socket-origin.ts";
import { UserSockets } from "./user-sockets.ts";

/** What the socket needs of sign-in (AccountService fits): the session a token opens, or null. */
export interface SocketSessions {
  authenticate(token: string): Promise<{
    userId: string;
    sessionId: string;
    expiresAt: number;
    createdAt: number;
    banned: boolean;
  } | null>;
}

const MAX_TOKEN_LENGTH = 500;
/** Open sockets per user on one instance; one more closes the oldest (tabs left open pile up). */
export const MAX_SOCKETS_PER_USER = 10;

/** The one `token` query parameter: missing, empty, over-long or repeated is a 401, never a 500. */
function socketToken(request: FastifyRequest): string {
  const token = (request.query as Record<string, unknown>).token;
  if (typeof token !== "string" || token.length === 0 || token.length > MAX_TOKEN_LENGTH) {
    throw new UnauthorizedError("The socket needs a valid token in the query (token=…).");
  }
  return token;
}

/**
 * `/ws/v2?token=<access token>`: the spec's messages socket. Refuses (before the upgrade) a missing
 * or bad token (401) and a browser Origin that is neither the page's own nor an allowed one (403
 * `origin_not_allowed`); frames over 64 KB close the socket; the text `ping` is answered with
 * `pong`; a socket silent for 90 s is closed (clients ping every 30 s). A socket closes when its
 * session ends, on whichever instance it ended (the bus says so), and when its user opens more
 * than MAX_SOCKETS_PER_USER here.
 */
export async function registerRealtime(
  app: FastifyInstance,
  deps: { accounts: SocketSessions; bus: EventBus; allowedOrigins: string[] },
): Promise<void> {
  await app.register(websocket, { options: { maxPayload: SOCKET_LIMITS.maxFrameBytes } });
  const originAllowed = createOriginPolicy(deps.allowedOrigins);
  const userSockets = new UserSockets({
    maxPerUser: MAX_SOCKETS_PER_USER,
    isLive: async (token) => {
      const session = await deps.accounts.authenticate(token);
      return session && !session.banned ? session.expiresAt : null;
    },
  });
  const sessionWatches = new Map<string, { unsubscribe: () => void; sockets: number }>();

  /** One bus subscription per user with sockets here, however many sockets they have. */
  function watchSessions(userId: string): () => void {
    const watch = sessionWatches.get(userId) ?? {
      unsubscribe: deps.bus.onSessionsChanged(userId, () => void userSockets.recheck(userId)),
      sockets: 0,
    };
    watch.sockets++;
    sessionWatches.set(userId, watch);
    return () => {
      watch.sockets--;
      if (watch.sockets > 0) return;
      watch.unsubscribe();
      sessionWatches.delete(userId);
    };
  }

  app.register(async (scope) => {
    scope.get(
      "/ws/v2",
      {
        websocket: true,
        schema: { hide: true },
        preValidation: async (request) => {
          if (!originAllowed(request)) {
            throw new AppError(
              403,
              "origin_not_allowed",
              `Origin ${request.headers.origin} may not open the socket. Open the app at its own address, or add this origin to ALLOWED_ORIGINS.`,
            );
          }
          const token = socketToken(request);
          const session = await deps.accounts.authenticate(token);
          if (!session) throw new UnauthorizedError("The socket needs a valid token in the query (token=…).");
          if (session.banned) throw new UnauthorizedError(ACCOUNT_BANNED_MESSAGE, "account_banned");
          request.account = {
            userId: session.userId,
            sessionId: session.sessionId,
            expiresAt: session.expiresAt,
            createdAt: session.createdAt,
            token,
          };
        },
      },
      (socket, request) => {
        const account = request.account;
        if (!account) {
          socket.close(1008, "unauthorized");
          return;
        }
        const { userId, token, expiresAt } = account;
        let idle = setTimeout(() => socket.close(1001, "idle"), SOCKET_LIMITS.idleTimeoutMs);
        const unsubscribe = deps.bus.subscribe(userId, (event) => {
          if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(event));
        });
        const unwatch = watchSessions(userId);
        userSockets.add(userId, { socket, token, expiresAt });
        socket.on("message", (data) => {
          clearTimeout(idle);
          idle = setTimeout(() => socket.close(1001, "idle"), SOCKET_LIMITS.idleTimeoutMs);
          if (data.toString() === "ping") socket.send("pong");
        });
        socket.on("close", () => {
          clearTimeout(idle);
          unsubscribe();
          unwatch();
        });
        socket.on("error", () => socket.terminate());
      },
    );
  });
}
