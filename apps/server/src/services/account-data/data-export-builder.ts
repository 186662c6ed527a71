import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import { dataExportReadyEmail } from "../../emails/templates.ts";
import { isServablePrivateKey, type PrivateMediaSigner } from "../../media/private-urls.ts";
import type { MediaStorage } from "../../media/storage.ts";
import type { EmailSender } from "../../providers/email/index.ts";
import { AccountDataRepository } from "../../repositories/account-data.ts";
import { DataExportRepository } from "../../repositories/data-exports.ts";
import { UserRepository } from "../../repositories/users.ts";
import { JOB, type JobQueue } from "../job-registry.ts";
import type { DataExportExpiryJob } from "./data-export-expiry.ts";
import type { DataExportJob } from "./data-export-requests.ts";

/** How long an archive and its link live. */
export const DATA_EXPORT_LIFETIME_MS = 24 * 60 * 60 * 1000;

const ARCHIVE_FORMAT = "reverie-data-export/1";

export interface DataExportBuilderDeps {
  db: Kysely<Database>;
  storage: MediaStorage;
  signer: PrivateMediaSigner;
  jobs: JobQueue;
  email: EmailSender;
  publicUrl: string;
}

/**
 * The `data_export` job: gathers every row about the user (no password hashes, no session
 * tokens), with links to their pictures valid as long as the archive, stores it as JSON under
 * private/exports/, emails the signed link and schedules the file's removal.
 */
export class DataExportBuilder {
  readonly #deps: DataExportBuilderDeps;

  constructor(deps: DataExportBuilderDeps) {
    this.#deps = deps;
  }

  async build(job: DataExportJob): Promise<void> {
    const exports = new DataExportRepository(this.#deps.db);
    const row = await exports.find(job.exportId);
    // the account went meanwhile, or a retry after success
    if (row?.status !== "pending") return;
    const user = await new UserRepository(this.#deps.db).findById(row.user_id);
    if (!user) return;
    const expiresAt = new Date(Date.now() + DATA_EXPORT_LIFETIME_MS);
    const data = await new AccountDataRepository(this.#deps.db).collect(row.user_id);
    const link = (key: string | null) => this.#link(key, expiresAt);
    const archive = {
      format: ARCHIVE_FORMAT,
      exported_at: new Date().toISOString(),
      links_expire_at: expiresAt.toISOString(),
      account: data.account
        ? { ...data.account, email_verified: Boolean(data.account.email_verified) }
        : null,
      // the ad click the account came through (decision 0027)
      leads: data.leads,
      sign_in_methods: data.signIns,
      sessions: data.sessions,
      chats: data.chats.map((chat) => ({
        ...chat,
        messages: data.messages
          .filter((message) => message.chat_id === chat.id)
          .map(({ chat_id: _chat, media_key, ...message }) => ({ ...message, media: link(media_key) })),
      })),
      // what each character remembers of the user (decision 45)
      memories: data.memories,
      // what the user had them forget (null: everything), which replies leave out (decision 45)
      forgotten: data.forgettings,
      characters: data.characters.map(({ traits, definition, cover_key, ...character }) => ({
        ...character,
        traits: traits ? (JSON.parse(traits) as unknown) : null,
        definition: definition ? (JSON.parse(definition) as unknown) : null,
        portrait: link(cover_key),
      })),
      generated_pictures: data.pictures.map(({ file_key, ...picture }) => ({
        ...picture,
        file: link(file_key),
      })),
      image_requests: data.imageRequests,
      purchases: {
        orders: data.orders,
        subscriptions: data.subscriptions.map((subscription) => ({
          ...subscription,
          cancel_at_period_end: Boolean(subscription.cancel_at_period_end),
        })),
        refunds: data.refunds,
        bundles: data.bundlePurchases,
        token_ledger: data.ledger,
      },
      moderation_events: data.moderationEvents,
      // the messages the user reported to the moderators (decision 30)
      message_reports: data.messageReports,
      analytics_events: data.analyticsEvents.map(({ props, ...event }) => ({
        ...event,
        props: JSON.parse(props) as unknown,
      })),
      session_replays: data.sessionReplays.map((replay) => ({
        ...replay,
        chunks: Number(replay.chunks),
        bytes: Number(replay.bytes),
      })),
    };
    const fileKey = `private/exports/${row.id}.json`;
    await this.#deps.storage.put(fileKey, Buffer.from(JSON.stringify(archive, null, 2)));
    await this.#deps.db.transaction().execute(async (trx) => {
      await new DataExportRepository(trx).markReady(row.id, fileKey, expiresAt);
      await this.#deps.jobs.enqueue(
        JOB.data_export_expiry,
        { exportId: row.id } satisfies DataExportExpiryJob,
        {
          db: trx,
          delayMs: DATA_EXPORT_LIFETIME_MS,
        },
      );
    });
    const email = dataExportReadyEmail({
      link: new URL(this.#deps.signer.urlUntil(fileKey, expiresAt), this.#deps.publicUrl).toString(),
      expiresAt,
    });
    await this.#deps.email.send({ to: user.email, kind: "data_export", ...email });
  }

  async failed(job: DataExportJob): Promise<void> {
    await new DataExportRepository(this.#deps.db).setStatus(job.exportId, "failed");
  }

  /** A picture's link: signed until the archive expires when private, the public path otherwise. */
  #link(key: string | null, expiresAt: Date): string | null {
    if (!key) return null;
    if (isServablePrivateKey(key))
      return new URL(this.#deps.signer.urlUntil(key, expiresAt), this.#deps.publicUrl).toString();
    const url = this.#deps.storage.publicUrl(key);
    return url ? new URL(url, this.#deps.publicUrl).toString() : null;
  }
}
