import {
  checkoutRequestSchema,
  checkoutSessionSchema,
  currentTokensSchema,
  ledgerQuerySchema,
  ledgerResponseSchema,
  paymentHistorySchema,
  paymentPopupQuerySchema,
  paymentReturnResponseSchema,
  paymentReturnSchema,
  paymentUpdateQuerySchema,
  paymentUrlSchema,
  subscriptionResponseSchema,
} from "@reverie/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireAccount, signedIn } from "../plugins/authenticate.ts";
import type { AccountService } from "../services/accounts.ts";
import type { BillingService } from "../services/billing/billing-service.ts";
import type { PaymentService } from "../services/billing/payment-service.ts";
import { errorResponses } from "./error-responses.ts";

const BEARER = [{ bearerAuth: [] }];
const TAGS = ["payments"];

/** Buying tokens and premium, the subscription, and the user's statement (decision 22). */
export const paymentRoutes: FastifyPluginAsyncZod<{
  accounts: AccountService;
  payments: PaymentService;
  billing: BillingService;
}> = async (app, { accounts, payments, billing }) => {
  app.addHook("preHandler", requireAccount(accounts));

  app.post(
    "/stripe/create-session",
    {
      schema: {
        tags: TAGS,
        summary: "Start paying for a token package or a plan: the provider's payment page",
        security: BEARER,
        body: checkoutRequestSchema,
        response: { 200: checkoutSessionSchema, ...errorResponses(400, 401, 409, 503) },
      },
    },
    async (request) => payments.startCheckout(signedIn(request).userId, request.body, "checkout"),
  );

  app.get(
    "/user/payment_popup",
    {
      schema: {
        tags: TAGS,
        summary: "The payment popup's page for a token package or a plan",
        security: BEARER,
        querystring: paymentPopupQuerySchema,
        response: { 200: paymentUrlSchema, ...errorResponses(400, 401, 409, 503) },
      },
    },
    async (request) => {
      const session = await payments.startCheckout(signedIn(request).userId, request.query, "popup");
      return { url: session.url };
    },
  );

  app.patch(
    "/user/payment",
    {
      schema: {
        tags: TAGS,
        summary:
          "Back from the payment page: the order as the provider confirms it (never amounts from the browser)",
        security: BEARER,
        body: paymentReturnSchema,
        response: { 200: paymentReturnResponseSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => payments.confirmReturn(signedIn(request).userId, request.body.order_id),
  );

  app.get(
    "/payment/subscription",
    {
      schema: {
        tags: TAGS,
        summary: "The user's subscription, if any",
        security: BEARER,
        response: { 200: subscriptionResponseSchema, ...errorResponses(401) },
      },
    },
    async (request) => ({ subscription: await payments.subscription(signedIn(request).userId) }),
  );

  app.post(
    "/payment/cancel",
    {
      schema: {
        tags: TAGS,
        summary: "Stop renewing: premium lasts until the paid period ends",
        security: BEARER,
        response: { 200: subscriptionResponseSchema, ...errorResponses(401, 404, 503) },
      },
    },
    async (request) => ({ subscription: await payments.cancel(signedIn(request).userId) }),
  );

  app.post(
    "/payment/update",
    {
      schema: {
        tags: TAGS,
        summary: "The page to change plan, or to pay the current one with another card",
        security: BEARER,
        querystring: paymentUpdateQuerySchema,
        response: { 200: paymentUrlSchema, ...errorResponses(400, 401, 503) },
      },
    },
    async (request) => ({ url: await payments.updateUrl(signedIn(request).userId, request.query.price_id) }),
  );

  app.get(
    "/payment/history",
    {
      schema: {
        tags: TAGS,
        summary: "The user's payments, newest first",
        security: BEARER,
        response: { 200: paymentHistorySchema, ...errorResponses(401) },
      },
    },
    async (request) => ({ orders: await payments.history(signedIn(request).userId) }),
  );

  app.get(
    "/user/ledger",
    {
      schema: {
        tags: TAGS,
        summary: "The token statement: every change of the balance and what it was for",
        security: BEARER,
        querystring: ledgerQuerySchema,
        response: { 200: ledgerResponseSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => billing.statementFor(signedIn(request).userId, request.query),
  );

  app.get(
    "/subscriptions/tokens",
    {
      schema: {
        tags: TAGS,
        summary: "The user's token balance",
        security: BEARER,
        response: { 200: currentTokensSchema, ...errorResponses(401) },
      },
    },
    async (request) => ({ current_tokens: (await billing.balance(signedIn(request).userId)).tokens }),
  );
};
