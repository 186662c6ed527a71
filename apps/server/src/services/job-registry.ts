import { z } from "zod";
import type { JobHandler, JobKindOf, PayloadOf, JobQueue as QueueOf } from "../queue/job-queue.ts";
import type { Charge, VoiceCharge } from "./billing/billing-service.ts";
import type { ImageIntent } from "./image-intents.ts";

/*
 * The app's jobs: every kind with the schema of its payload. Services enqueue through `JobQueue`
 * below, so a kind that is not here or a payload of the wrong shape does not compile; the queue
 * reads every stored payload through its kind's schema before the handler runs, and a payload that
 * does not pass fails its job (never the worker). The handlers are built with the services they
 * call and registered for every kind at once (`registerJobHandlers`, from the wiring).
 *
 * A kind's name is stored with each of its jobs: never rename one (rows already queued would find
 * no handler). A payload may gain optional fields; a new required field needs a new kind or a
 * default, since jobs stored before it must still be read.
 */

const charge = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("none") }),
  z.object({ kind: z.literal("free_message") }),
  z.object({ kind: z.literal("tokens"), amount: z.number() }),
]) satisfies z.ZodType<Charge>;

const voiceCharge = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("none") }),
  z.object({ kind: z.literal("tokens"), amount: z.number(), reference: z.string() }),
]) satisfies z.ZodType<VoiceCharge>;

const imageIntent = z.object({
  media: z.enum(["photo", "video"]),
  private: z.boolean(),
}) satisfies z.ZodType<ImageIntent>;

/** A job that answers one user message of a chat (a reply, a picture). */
const answerJob = z.object({
  userId: z.string(),
  chatId: z.number(),
  userMessageId: z.number(),
  charge,
});

const ids = z.array(z.number());

export const JOB_PAYLOADS = {
  /** the character's text reply to a user message (jobs/reply.ts) */
  reply: answerJob.extend({
    /** the message asked for a voice message: the reply is voiced, paid with this (decision 35) */
    voiceNote: voiceCharge.optional(),
  }),
  /** a user message that asked for a picture or video, paid for like any message (jobs/image.ts) */
  image: answerJob.extend({
    intent: imageIntent,
    /** realistic or anime style */
    realistic: z.boolean(),
  }),
  /** reads one character message aloud (jobs/voice.ts) */
  voice: z.object({
    userId: z.string(),
    chatId: z.number(),
    messageId: z.number(),
    /** what the voice was paid with, given back when it cannot be made (absent: included) */
    charge: voiceCharge.optional(),
  }),
  /** learns what the character should remember from one exchange: a message and its text reply (jobs/remember.ts) */
  remember: z.object({
    userId: z.string(),
    chatId: z.number(),
    userMessageId: z.number(),
    replyMessageId: z.number(),
  }),
  /** draws a custom character's portrait (jobs/portrait.ts) */
  portrait: z.object({
    userId: z.string(),
    characterId: z.number(),
    /** names this drawing: its files and its seed (a retry draws the same picture) */
    revision: z.string(),
    /** a new character's first portrait (`custom_model_created`), or a redraw (`update_custom_image`) */
    reason: z.enum(["created", "redrawn"]),
  }),
  /** makes the pictures of a /generate_image request (jobs/custom-images.ts) */
  custom_images: z.object({ requestId: z.number(), userId: z.string() }),
  /** sends one conversion to the ad tracker (jobs/ad-postback.ts) */
  ad_postback: z.object({ postbackId: z.number() }),
  /** carries one signed test-checkout event to the app, as a provider's webhook would (jobs/payments.ts) */
  test_checkout_event: z.object({
    /** the exact body, base64 */
    body: z.string(),
    headers: z.record(z.string(), z.string()),
  }),
  /** looks at a subscription when its period ends (jobs/payments.ts) */
  subscription_period_end: z.object({
    subscriptionId: z.number(),
    /** the period end this job was scheduled for: a later renewal makes it stale */
    periodEnd: z.string(),
  }),
  /** forwards stored analytics events to the third-party collector (jobs/analytics.ts) */
  analytics_forward: z.object({ eventIds: ids }),
  /** builds the archive of a user's data (jobs/account-data.ts) */
  data_export: z.object({ exportId: z.string() }),
  /** removes an archive once its link expired (jobs/account-data.ts) */
  data_export_expiry: z.object({ exportId: z.string() }),
  /** deletes a deleted account's anonymised moderation events after their retention (jobs/account-data.ts) */
  safety_records_purge: z.object({ moderationEventIds: ids }),
} as const;

export type AppJobs = typeof JOB_PAYLOADS;
export type JobKind = JobKindOf<AppJobs>;
/** The payload of a kind, as its handler receives it. */
export type JobPayload<K extends JobKind> = PayloadOf<AppJobs, K>;
/** The app's queue: enqueue and register only the kinds above, with their payloads. */
export type JobQueue = QueueOf<AppJobs>;
/** A handler for every kind: a kind left without one does not compile. */
export type JobHandlers = { [K in JobKind]: JobHandler<JobPayload<K>> };

/** The kinds by name, for enqueue calls: `jobs.enqueue(JOB.reply, …)`. */
export const JOB = Object.fromEntries(Object.keys(JOB_PAYLOADS).map((kind) => [kind, kind])) as {
  readonly [K in JobKind]: K;
};

/** Registers the handler of every kind (each built with the services it calls, in the wiring). */
export function registerJobHandlers(jobs: JobQueue, handlers: JobHandlers): void {
  const register = <K extends JobKind>(kind: K) => jobs.register(kind, handlers[kind]);
  for (const kind of Object.keys(handlers) as JobKind[]) register(kind);
}
