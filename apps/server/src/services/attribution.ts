import { randomUUID } from "node:crypto";
import { type AdvertisingToken, isSaneSubId, type Lead } from "@reverie/shared";
import type { Kysely } from "kysely";
import type { Database, PaymentOrderRow } from "../db/schema.ts";
import { AppError, ConflictError, NotFoundError } from "../errors.ts";
import type { AdPostbackSender } from "../providers/ad-postback/http-ad-postback.ts";
import { type AdPostbackEvent, AdPostbackRepository } from "../repositories/ad-postbacks.ts";
import { type LeadRecord, LeadRepository } from "../repositories/leads.ts";
import { UserRepository } from "../repositories/users.ts";
import { JOB, type JobPayload, type JobQueue } from "./job-registry.ts";

export type AdPostbackJob = JobPayload<"ad_postback">;

/** How long after sign-up the web app may still report the account's lead (OAuth sign-ups). */
export const LEAD_REPORT_WINDOW_MS = 60 * 60_000;

export interface AttributionServiceDeps {
  db: Kysely<Database>;
  jobs: JobQueue;
  /** null when AD_POSTBACK_URL is unset */
  postback: AdPostbackSender | null;
  log: { error(obj: object, msg: string): void };
  now?: () => Date;
}

/**
 * Ad attribution (decision 0027): the lead an ad click brought (once per user, from sign-up), the
 * postbacks that tell the ad tracker about the lead and its first payment, and the sub id last seen
 * with a signed-in user. Postbacks go by a retried job and never hold up the user; without
 * AD_POSTBACK_URL none is made. The tracker gets the sub id, the event and the payout, never the
 * user's email or id.
 */
export class AttributionService {
  readonly #deps: AttributionServiceDeps;
  readonly #now: () => Date;

  constructor(deps: AttributionServiceDeps) {
    this.#deps = deps;
    this.#now = deps.now ?? (() => new Date());
  }

  /**
   * The lead of an email sign-up. Sign-up is never refused for attribution: a missing or insane sub
   * id records nothing (the contract already dropped an insane one), and a failure to record it is
   * logged, not thrown, since the account exists by then.
   */
  async recordSignUpLead(input: { userId: string; email: string; subid: string | undefined }): Promise<void> {
    if (!isSaneSubId(input.subid)) return;
    try {
      await this.#recordLead(input.userId, input.email, input.subid);
    } catch (error) {
      this.#deps.log.error({ err: error, userId: input.userId }, "could not record the sign-up's lead");
    }
  }

  /**
   * The lead the web app reports after an OAuth sign-up (POST /api/user/lead): the email is the
   * account's own, once per user, and only within an hour of the account's creation.
   */
  async reportLead(userId: string, subid: string): Promise<Lead> {
    const user = await new UserRepository(this.#deps.db).findById(userId);
    if (!user) throw new NotFoundError("This account no longer exists.");
    if (this.#now().getTime() - Date.parse(user.created_at) > LEAD_REPORT_WINDOW_MS) {
      throw new AppError(422, "sign_up_too_old", "A lead is reported only within an hour of signing up.");
    }
    const lead = await this.#recordLead(userId, user.email, subid);
    if (!lead) throw new ConflictError("lead_exists", "This account's lead was already reported.");
    return { subid: lead.subid, status: "lead" };
  }

  /** The sub id the user came back through most recently (last touch). */
  async saveAdvertisingToken(userId: string, subid: string): Promise<AdvertisingToken> {
    const savedAt = this.#now().toISOString();
    await new UserRepository(this.#deps.db).saveAdvertisingSubId(userId, subid, savedAt);
    return { subid, saved_at: savedAt };
  }

  /**
   * Told by Fulfilment of each paid order, inside its transaction: a lead's first payment owes the
   * tracker a `purchase` postback (once per lead, whatever the user buys later).
   */
  async orderPaid(trx: Kysely<Database>, order: PaymentOrderRow): Promise<void> {
    const lead = await new LeadRepository(trx).convertOnce(order.user_id, this.#now().toISOString());
    if (!lead) return;
    await this.#queuePostback(trx, lead, "purchase", { cents: order.amount_cents, currency: order.currency });
  }

  /** One try of a postback (the job's run); a failure is thrown for the queue to retry. */
  async deliverPostback(job: AdPostbackJob): Promise<void> {
    if (!this.#deps.postback) return;
    const postbacks = new AdPostbackRepository(this.#deps.db);
    const postback = await postbacks.find(job.postbackId);
    if (postback?.status !== "pending") return;
    await postbacks.countAttempt(postback.id);
    try {
      await this.#deps.postback.send({
        subid: postback.subid,
        event: postback.event,
        event_id: postback.event_id,
        payout: (postback.payout_cents / 100).toFixed(2),
        currency: postback.currency ?? "",
      });
    } catch (error) {
      await postbacks.recordFailure(postback.id, reasonOf(error));
      throw error;
    }
    await postbacks.markDelivered(postback.id, this.#now().toISOString());
  }

  /** After the job's last attempt failed: the postback stays on record as failed. */
  async postbackFailed(job: AdPostbackJob, error: unknown): Promise<void> {
    await new AdPostbackRepository(this.#deps.db).markFailed(job.postbackId, reasonOf(error));
  }

  async #recordLead(userId: string, email: string, subid: string): Promise<LeadRecord | null> {
    return this.#deps.db.transaction().execute(async (trx) => {
      const lead = await new LeadRepository(trx).insertOnce({
        userId,
        subid,
        email,
        at: this.#now().toISOString(),
      });
      if (lead) await this.#queuePostback(trx, lead, "lead", { cents: 0, currency: null });
      return lead;
    });
  }

  async #queuePostback(
    trx: Kysely<Database>,
    lead: LeadRecord,
    event: AdPostbackEvent,
    payout: { cents: number; currency: string | null },
  ): Promise<void> {
    if (!this.#deps.postback) return;
    const postbackId = await new AdPostbackRepository(trx).create({
      leadId: lead.id,
      event,
      eventId: randomUUID(),
      subid: lead.subid,
      payoutCents: payout.cents,
      currency: payout.currency,
    });
    await this.#deps.jobs.enqueue(JOB.ad_postback, { postbackId } satisfies AdPostbackJob, { db: trx });
  }
}

/** What is kept of a failure: its message, which names the tracker's host, never the URL. */
function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
