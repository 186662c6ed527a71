import { testCheckoutOrderSchema, testCheckoutPaySchema, testCheckoutResultSchema } from "@reverie/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireAccount, signedIn } from "../plugins/authenticate.ts";
import type { AccountService } from "../services/accounts.ts";
import { presentOrder } from "../services/billing/payment-service.ts";
import type { TestCheckout } from "../services/billing/test-checkout.ts";
import { errorResponses } from "./error-responses.ts";

const BEARER = [{ bearerAuth: [] }];
const params = z.object({ orderId: z.string().min(1).max(64) });

/** The built-in test checkout's page calls (its screen is /pay/{order id} in the web app). */
export const testCheckoutRoutes: FastifyPluginAsyncZod<{
  accounts: AccountService;
  testCheckout: TestCheckout;
}> = async (app, { accounts, testCheckout }) => {
  app.addHook("preHandler", requireAccount(accounts));

  app.get(
    "/test-checkout/:orderId",
    {
      schema: {
        tags: ["payments"],
        summary: "An order to pay at the built-in test checkout, with its test cards",
        security: BEARER,
        params,
        response: { 200: testCheckoutOrderSchema, ...errorResponses(401, 404, 409) },
      },
    },
    async (request) => {
      const page = await testCheckout.page(signedIn(request).userId, request.params.orderId);
      return {
        order: presentOrder(page.order),
        test_cards: page.testCards.map((card) => ({ number: card.number, outcome: card.outcome })),
        return_url: page.returnUrl,
        cancel_url: page.cancelUrl,
      };
    },
  );

  app.post(
    "/test-checkout/:orderId/pay",
    {
      schema: {
        tags: ["payments"],
        summary: "Pay an order with a test card",
        security: BEARER,
        params,
        body: testCheckoutPaySchema,
        response: { 200: testCheckoutResultSchema, ...errorResponses(400, 401, 404, 409) },
      },
    },
    async (request) => {
      const result = await testCheckout.pay(signedIn(request).userId, request.params.orderId, request.body);
      return { outcome: result.outcome, message: result.message, redirect_url: result.redirectUrl };
    },
  );
};
