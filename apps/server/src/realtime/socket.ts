import websocket from "@fastify/websocket";
import { SOCKET_LIMITS } from "@reverie/shared";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { UnauthorizedError } from "../errors.ts";
import type { AccountService } from "../services/accounts.ts";
import type { EventBus } from "./bus.ts";

const querySchema = z.object({ token: z.string().min(1).max(500).optional() });

/**
 * `/ws/v2?token=<access token>`: the spec's messages socket. Refuses (before the upgrade) a missing
 * or bad token and a browser Origin other than the app's own; frames over 64 KB close the socket;
 * the text `ping` is answered with `pong`; a socket silent for 90 s is closed (clients ping every 30 s).
 */
export async function registerRealtime(
  app: FastifyInstance,
  deps: { accounts: AccountService; bus: EventBus; allowedOrigins: string[] },
): Promise<void> {
  await app.register(websocket, { options: { maxPayload: SOCKET_LIMITS.maxFrameBytes } });

  app.register(async (scope) => {
    scope.get(
      "/ws/v2",
      {
        websocket: true,
        schema: { hide: true, querystring: querySchema },
        preValidation: async (request) => {
          const origin = request.headers.origin;
          if (origin && !deps.allowedOrigins.includes(origin)) {
            throw Object.assign(new Error(`Origin ${origin} may not open the socket.`), { statusCode: 403 });
          }
          const { token } = querySchema.parse(request.query);
          const session = token ? await deps.accounts.authenticate(token) : null;
          if (!session) throw new UnauthorizedError("The socket needs a valid token in the query (token=…).");
          request.account = { ...session, token: token ?? "" };
        },
      },
      (socket, request) => {
        const userId = request.account?.userId;
        if (!userId) {
          socket.close(1008, "unauthorized");
          return;
        }
        let idle = setTimeout(() => socket.close(1001, "idle"), SOCKET_LIMITS.idleTimeoutMs);
        const unsubscribe = deps.bus.subscribe(userId, (event) => {
          if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(event));
        });
        socket.on("message", (data) => {
          clearTimeout(idle);
          idle = setTimeout(() => socket.close(1001, "idle"), SOCKET_LIMITS.idleTimeoutMs);
          if (data.toString() === "ping") socket.send("pong");
        });
        socket.on("close", () => {
          clearTimeout(idle);
          unsubscribe();
        });
        socket.on("error", () => socket.terminate());
      },
    );
  });
}
