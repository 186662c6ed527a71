import type {
  MessageReport,
  MessageReportActionBody,
  MessageReportFilter,
  MessageReportList,
  ModerationEventFilter,
  ModerationEventList,
} from "@reverie/shared";
import type { Kysely } from "kysely";
import type { Database, MessageRow } from "../../db/schema.ts";
import { AppError, ConflictError, NotFoundError } from "../../errors.ts";
import { MessageReportRepository, type MessageReportWithPeople } from "../../repositories/message-reports.ts";
import { MessageRepository } from "../../repositories/messages.ts";
import { ModerationEventRepository } from "../../repositories/moderation-events.ts";
import type { AuditActor, AuditLogService } from "./audit-log.ts";
import type { UserBans } from "./user-bans.ts";

/** How many messages on each side of a reported one the queue shows. */
const CONTEXT_AROUND = 3;
/** What a hidden message says in its chat instead. */
export const HIDDEN_MESSAGE_NOTICE = "This message was removed by our moderators.";

const STATUS_OF_ACTION = {
  dismiss: "dismissed",
  hide_message: "message_hidden",
  ban_user: "user_banned",
} as const;

const iso = (value: string | null) => (value === null ? null : new Date(value).toISOString());

export interface ModerationConsoleDeps {
  db: Kysely<Database>;
  audit: AuditLogService;
  bans: UserBans;
}

/**
 * The console's Moderation screen (decision 30): the log of refused content, per user,
 * and the queue of reported messages with their context. Moderators dismiss reports and hide
 * messages; banning the chat's owner is for admins, through the Users screen's ban (UserBans).
 * Every action is audited in the transaction that takes it.
 */
export class ModerationConsole {
  readonly #deps: ModerationConsoleDeps;

  constructor(deps: ModerationConsoleDeps) {
    this.#deps = deps;
  }

  async events(query: ModerationEventFilter): Promise<ModerationEventList> {
    const rows = await new ModerationEventRepository(this.#deps.db).search({
      userId: query.user_id,
      surface: query.surface,
      category: query.category,
      from: query.from ? new Date(query.from).toISOString() : undefined,
      to: query.to ? new Date(query.to).toISOString() : undefined,
      before: query.before,
      limit: query.limit,
    });
    const last = rows.at(-1);
    return {
      items: rows.map((row) => ({
        id: row.id,
        user_id: row.user_id,
        user_email: row.user_email ?? null,
        surface: row.surface,
        category: row.category,
        classifier: row.classifier,
        excerpt: row.excerpt,
        evidence: row.evidence ?? null,
        created_at: new Date(row.created_at).toISOString(),
      })),
      next_before: rows.length === query.limit && last ? last.id : null,
    };
  }

  async reports(query: MessageReportFilter): Promise<MessageReportList> {
    const rows = await new MessageReportRepository(this.#deps.db).list({
      status: query.status === "all" ? undefined : query.status,
      before: query.before,
      limit: query.limit,
    });
    const items = await Promise.all(rows.map((row) => this.#present(row)));
    const last = rows.at(-1);
    return { items, next_before: rows.length === query.limit && last ? last.id : null };
  }

  async act(
    actor: AuditActor & { id: string; role: string },
    reportId: number,
    body: MessageReportActionBody,
  ): Promise<MessageReport> {
    const report = await new MessageReportRepository(this.#deps.db).find(reportId);
    if (!report) throw new NotFoundError(`Report ${reportId} does not exist.`);
    if (report.status !== "open")
      throw new ConflictError("already_resolved", "This report was dealt with already.");
    if (body.action === "ban_user") {
      if (actor.role !== "admin") throw new AppError(403, "forbidden", "Only admins ban accounts.");
      if (!report.chat_owner_id) throw new NotFoundError("The chat's owner has no account any more.");
      // the ban, its sessions and its own audit entry, as the Users screen does it
      await this.#deps.bans.ban(actor, report.chat_owner_id, body.reason);
    }
    await this.#deps.db.transaction().execute(async (trx) => {
      const closed = await new MessageReportRepository(trx).resolve(reportId, {
        status: STATUS_OF_ACTION[body.action],
        by: actor.email,
        note: body.reason,
      });
      if (!closed) throw new ConflictError("already_resolved", "This report was dealt with already.");
      let message: Pick<MessageRow, "text" | "type"> | undefined;
      if (body.action === "hide_message" && report.message_id !== null) {
        const messages = new MessageRepository(trx);
        message = await messages.findInChat(report.chat_id, report.message_id);
        if (message) await messages.replaceWithNotice(report.message_id, HIDDEN_MESSAGE_NOTICE);
      }
      await this.#deps.audit.record(
        {
          actor,
          action: `report.${STATUS_OF_ACTION[body.action]}`,
          targetType: "message_report",
          targetId: String(reportId),
          before: {
            status: "open",
            ...(message ? { message_text: message.text, message_type: message.type } : {}),
          },
          after: {
            status: STATUS_OF_ACTION[body.action],
            ...(message ? { message_text: HIDDEN_MESSAGE_NOTICE } : {}),
            ...(body.action === "ban_user" ? { banned_user_id: report.chat_owner_id } : {}),
          },
          reason: body.reason,
        },
        trx,
      );
    });
    const updated = await new MessageReportRepository(this.#deps.db).find(reportId);
    if (!updated) throw new NotFoundError(`Report ${reportId} does not exist.`);
    return this.#present(updated);
  }

  async #present(row: MessageReportWithPeople): Promise<MessageReport> {
    const context =
      row.message_id === null
        ? []
        : await new MessageRepository(this.#deps.db).neighbours(row.chat_id, row.message_id, CONTEXT_AROUND);
    return {
      id: row.id,
      status: row.status,
      reason: row.reason as MessageReport["reason"],
      note: row.note,
      created_at: new Date(row.created_at).toISOString(),
      reporter: { id: row.reporter_id, email: row.reporter_email },
      chat_id: row.chat_id,
      message_id: row.message_id,
      message_text: row.message_text,
      character:
        row.character_id !== null && row.character_name !== null
          ? { id: row.character_id, name: row.character_name }
          : null,
      context: context.map((message) => ({
        id: message.id,
        sender: message.sender,
        type: message.type,
        text: message.text,
        created_at: new Date(message.created_at).toISOString(),
        reported: message.id === row.message_id,
      })),
      resolution:
        row.status === "open"
          ? null
          : { by: row.resolved_by, at: iso(row.resolved_at), note: row.resolution_note },
    };
  }
}
