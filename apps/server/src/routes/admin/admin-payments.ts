import {
  adminOrderIdParamSchema,
  adminPaymentEventListSchema,
  adminPaymentEventsQuerySchema,
  adminPaymentOrderListSchema,
  adminPaymentOrdersQuerySchema,
  adminRefundBodySchema,
  adminRefundResponseSchema,
  adminSubscriptionListSchema,
  adminSubscriptionsQuerySchema,
  CONSOLE_ROLES,
} from "@reverie/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireRole, staffActor } from "../../plugins/require-role.ts";
import type { AccountService } from "../../services/accounts.ts";
import type { OrderRefunds } from "../../services/admin/order-refunds.ts";
import type { PaymentRecords } from "../../services/admin/payment-records.ts";
import { errorResponses } from "../error-responses.ts";
import { ADMIN_BEARER } from "./admin-me.ts";

const ADMINS = ["admin"] as const;

/** The console's Payments screen (decision 32): moderators and admins read, only admins refund. */
export const adminPaymentRoutes: FastifyPluginAsyncZod<{
  accounts: AccountService;
  records: PaymentRecords;
  refunds: OrderRefunds;
}> = async (app, { accounts, records, refunds }) => {
  const readers = requireRole(accounts, CONSOLE_ROLES);
  const docs = (summary: string) => ({ tags: ["admin"], summary, security: ADMIN_BEARER });

  app.get(
    "/admin/payments/events",
    {
      preValidation: readers,
      schema: {
        ...docs("Provider events, newest first, with the order's or subscription's status, amount and user"),
        querystring: adminPaymentEventsQuerySchema,
        response: { 200: adminPaymentEventListSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => records.events(request.query),
  );

  app.get(
    "/admin/payments/orders",
    {
      preValidation: readers,
      schema: {
        ...docs("Orders by status (failed by default; paid, pending, canceled, refunded), newest first"),
        querystring: adminPaymentOrdersQuerySchema,
        response: { 200: adminPaymentOrderListSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => records.orders(request.query),
  );

  app.get(
    "/admin/payments/subscriptions",
    {
      preValidation: readers,
      schema: {
        ...docs("Subscriptions, newest first, optionally by status"),
        querystring: adminSubscriptionsQuerySchema,
        response: { 200: adminSubscriptionListSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => records.subscriptions(request.query),
  );

  app.post(
    "/admin/payments/orders/:id/refund",
    {
      preValidation: requireRole(accounts, ADMINS),
      schema: {
        ...docs(
          "Refund a paid token order once: its tokens taken back (409 tokens_spent unless partial_tokens), the provider asked to refund",
        ),
        params: adminOrderIdParamSchema,
        body: adminRefundBodySchema,
        response: { 200: adminRefundResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ({
      order: await refunds.refund(staffActor(request), request.params.id, request.body),
    }),
  );
};
