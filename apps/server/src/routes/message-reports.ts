import {
  chatMessageParamsSchema,
  messageReportBodySchema,
  messageReportCreatedSchema,
} from "@reverie/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireAccount, signedIn } from "../plugins/authenticate.ts";
import type { AccountService } from "../services/accounts.ts";
import type { MessageReports } from "../services/message-reports.ts";
import { errorResponses } from "./error-responses.ts";

/** A user reports a character's message in their chat (decision 0030). */
export const messageReportRoutes: FastifyPluginAsyncZod<{
  accounts: AccountService;
  reports: MessageReports;
}> = async (app, { accounts, reports }) => {
  app.post(
    "/chats/:id/messages/:messageId/report",
    {
      preHandler: requireAccount(accounts),
      schema: {
        tags: ["chats"],
        summary: "Report a character's message to the moderators (once per message; your own chats only)",
        security: [{ bearerAuth: [] }],
        params: chatMessageParamsSchema,
        body: messageReportBodySchema,
        response: { 201: messageReportCreatedSchema, ...errorResponses(400, 401, 404, 409) },
      },
    },
    async (request, reply) => {
      const created = await reports.report(
        signedIn(request).userId,
        request.params.id,
        request.params.messageId,
        request.body,
      );
      return reply.code(201).send(created);
    },
  );
};
