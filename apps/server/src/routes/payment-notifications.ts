import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import type { IncomingNotification } from "../providers/payments/types.ts";
import type { PaymentService } from "../services/billing/payment-service.ts";

function notificationOf(request: FastifyRequest): IncomingNotification {
  const query: Record<string, string> = {};
  for (const [name, value] of Object.entries((request.query ?? {}) as Record<string, unknown>)) {
    if (typeof value === "string") query[name] = value;
  }
  return {
    rawBody: Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
    headers: request.headers,
    query,
  };
}

/**
 * Where payment providers notify us (decision 21): `POST /api/payments/webhooks/{provider}` (Stripe,
 * the test checkout) and Verotel's postback, which comes as a GET or a form POST. The body stays
 * the exact bytes the provider signed; a notification that does not verify is a 400 and changes
 * nothing. The answer is what the provider expects (Verotel: "OK").
 */
export const paymentNotificationRoutes: FastifyPluginAsync<{ payments: PaymentService }> = async (
  app,
  { payments },
) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", { parseAs: "buffer", bodyLimit: 256 * 1024 }, (_request, body, done) => {
    done(null, body);
  });

  const receive = (provider: string) => async (request: FastifyRequest) => {
    const body = await payments.receiveNotification(provider, notificationOf(request));
    return body ?? { received: true };
  };

  app.post<{ Params: { provider: string } }>(
    "/payments/webhooks/:provider",
    { schema: { hide: true } },
    async (request) => receive(request.params.provider)(request),
  );
  app.get("/payments/postbacks/verotel", { schema: { hide: true } }, receive("verotel"));
  app.post("/payments/postbacks/verotel", { schema: { hide: true } }, receive("verotel"));
};
