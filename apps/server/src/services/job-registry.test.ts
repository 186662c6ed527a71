import { describe, expect, it } from "vitest";
import { JOB, JOB_PAYLOADS, type JobQueue } from "./job-registry.ts";

describe("the job registry", () => {
  it("keeps the kinds' names: they are stored with every queued job", () => {
    expect(Object.keys(JOB_PAYLOADS).sort()).toEqual([
      "ad_postback",
      "analytics_forward",
      "custom_images",
      "data_export",
      "data_export_expiry",
      "image",
      "portrait",
      "remember",
      "reply",
      "safety_records_purge",
      "subscription_period_end",
      "test_checkout_event",
      "voice",
    ]);
    for (const [name, kind] of Object.entries(JOB)) expect(kind).toBe(name);
  });

  it("reads payloads as the services enqueue them, and refuses others", () => {
    const charge = { kind: "tokens", amount: 5 };
    const reply = { userId: "u1", chatId: 1, userMessageId: 2, charge };
    expect(JOB_PAYLOADS.reply.parse(reply)).toEqual(reply);
    const voiceNote = { kind: "tokens", amount: 20, reference: "voice_note:message:2" };
    expect(JOB_PAYLOADS.reply.parse({ ...reply, voiceNote })).toEqual({ ...reply, voiceNote });
    const image = { ...reply, charge: { kind: "free_message" }, intent: { media: "video", private: true } };
    expect(JOB_PAYLOADS.image.parse({ ...image, realistic: false })).toMatchObject({ realistic: false });
    expect(JOB_PAYLOADS.voice.parse({ userId: "u1", chatId: 1, messageId: 3 })).toEqual({
      userId: "u1",
      chatId: 1,
      messageId: 3,
    });

    expect(JOB_PAYLOADS.reply.safeParse({ ...reply, charge: { kind: "tokens" } }).success).toBe(false);
    expect(JOB_PAYLOADS.reply.safeParse({ ...reply, chatId: "1" }).success).toBe(false);
    expect(JOB_PAYLOADS.image.safeParse(reply).success).toBe(false);
    expect(
      JOB_PAYLOADS.portrait.safeParse({ userId: "u1", characterId: 1, revision: "r", reason: "x" }).success,
    ).toBe(false);
  });

  it("does not compile an enqueue of an unknown kind or a payload of the wrong shape", () => {
    // never called: the @ts-expect-error lines are the test (tsc fails when one of them compiles)
    const mistakes = (jobs: JobQueue) => [
      // @ts-expect-error: no such kind
      jobs.enqueue("replies", { userId: "u1", chatId: 1, userMessageId: 2, charge: { kind: "none" } }),
      // @ts-expect-error: a reply needs its charge
      jobs.enqueue(JOB.reply, { userId: "u1", chatId: 1, userMessageId: 2 }),
      // @ts-expect-error: a voice job's payload for an image job
      jobs.enqueue(JOB.image, { userId: "u1", chatId: 1, messageId: 3 }),
      // @ts-expect-error: ids are numbers
      jobs.enqueue(JOB.ad_postback, { postbackId: "7" }),
    ];
    expect(mistakes).toBeTypeOf("function");
  });
});
