import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signUp, type TestAccount } from "../helpers/accounts.ts";
import { auditEntriesFor, createStaffApp } from "../helpers/admin.ts";
import { ScriptedLlm } from "../helpers/scripted-llm.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";
import { until } from "../helpers/wait.ts";

let t: TestApp;
let admin: TestAccount;
let moderator: TestAccount;
// the model fails every attempt of the first reply (3), then answers
const llm = new ScriptedLlm({ failures: 3 });

beforeAll(async () => {
  ({ t, admin, moderator } = await createStaffApp({ llm }));
});
afterAll(async () => {
  await t.close();
});

const jobOf = (id: number) =>
  t.database.db.selectFrom("jobs").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

describe("GET /api/admin/system", () => {
  it("names the providers in use with the health report's checks, and the queue's depth", async () => {
    const answer = await moderator.call("GET", "/api/admin/system");
    expect(answer.status).toBe(200);
    const kinds = Object.fromEntries(
      answer.body.providers.map((provider: { kind: string; active: string; health: { status: string } }) => [
        provider.kind,
        provider,
      ]),
    );
    expect(Object.keys(kinds).sort()).toEqual(
      [
        "database",
        "email",
        "image",
        "llm",
        "media_storage",
        "moderation",
        "payments",
        "payments_popup",
        "tts",
      ].sort(),
    );
    expect(kinds.database).toMatchObject({
      active: expect.stringMatching(/^(sqlite|postgres)$/),
      health: { status: "ok" },
    });
    // the llm check is the injected model's own (the same check /api/health runs)
    expect(kinds.llm.health).toEqual({ status: "ok", detail: "scripted" });
    expect(kinds.image.active).toBe("procedural");
    expect(kinds.tts.active).toBe("espeak");
    expect(kinds.moderation.active).toBe("rules");
    // rules only is fine outside production
    expect(kinds.moderation.warning).toBeUndefined();
    expect(kinds.email.active).toBe("outbox");
    expect(kinds.payments).toMatchObject({ active: "test", health: { status: "ok" } });
    expect(kinds.payments_popup.active).toBe("test");
    expect(answer.body.queue.backend).toBe("database");
    expect(answer.body.queue.backend_counts).toBeNull();
    expect(answer.body.version).toMatch(/^\d+\.\d+\.\d+/);
  });
});

describe("a failed job, retried", () => {
  it("shows in the failures and the counts; an admin's retry runs it again, audited; a moderator may not", async () => {
    const member = await signUp(t);
    const models = await t.get("/api/models?gender=female");
    const chat = await member.call("POST", "/api/chats", { model_id: models.body.items[0].id });
    const sent = await member.call("POST", `/api/chats/${chat.body.id}/messages`, {
      message: { text: "hi there" },
    });
    expect(sent.status).toBe(202);
    const failure = await until(
      () => moderator.call("GET", "/api/admin/system"),
      // the counts and the failures are two reads: the job may finish failing between them
      (answer) =>
        answer.body.queue.recent_failures.some((job: { kind: string }) => job.kind === "reply") &&
        answer.body.queue.counts.some(
          (count: { kind: string; status: string }) => count.kind === "reply" && count.status === "failed",
        ),
      "the reply to fail for good",
    );
    const failed = failure.body.queue.recent_failures.find((job: { kind: string }) => job.kind === "reply");
    expect(failed).toMatchObject({
      status: "failed",
      attempts: 3,
      max_attempts: 3,
      last_error: "upstream stream cut",
    });
    expect(failure.body.queue.counts).toContainEqual({ kind: "reply", status: "failed", count: 1 });

    const refused = await moderator.call("POST", `/api/admin/jobs/${failed.id}/retry`, {});
    expect(refused.status).toBe(403);
    expect((await jobOf(failed.id)).status).toBe("failed");

    const retried = await admin.call("POST", `/api/admin/jobs/${failed.id}/retry`, {
      reason: "model is back",
    });
    expect(retried.status).toBe(200);
    expect(retried.body.job).toMatchObject({ id: failed.id, kind: "reply", attempts: 0, last_error: null });
    const done = await until(
      () => jobOf(failed.id),
      (job) => job.status === "done",
      "the retried reply",
    );
    expect(done.attempts).toBe(1);
    const history = await member.call("GET", `/api/chats/${chat.body.id}/messages`);
    expect(JSON.stringify(history.body)).toContain("heard: hi there");

    const entries = await auditEntriesFor(t, String(failed.id));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actor_id: admin.id,
      action: "job.retried",
      target_type: "job",
      reason: "model is back",
    });
    expect(JSON.parse(entries[0]?.before ?? "null")).toEqual({ status: "failed" });

    // only a failed job can be retried
    const again = await admin.call("POST", `/api/admin/jobs/${failed.id}/retry`, {});
    expect(again.status).toBe(404);
    expect((await admin.call("POST", "/api/admin/jobs/999999/retry", {})).status).toBe(404);
  });
});

describe("session replays", () => {
  it("lists stored replays, newest upload first, and gives one's events in recorded order", async () => {
    const member = await signUp(t);
    const store = (id: string, at: string, userId: string | null) =>
      t.database.db
        .insertInto("session_replays")
        .values({
          id,
          client_id: `c-${id}`,
          session_id: `s-${id}`,
          user_id: userId,
          started_at: at,
          last_upload_at: at,
        })
        .execute();
    await store("replay-old", "2026-01-01T10:00:00.000Z", null);
    await store("replay-new", "2026-01-02T10:00:00.000Z", member.id);
    await t.database.db
      .insertInto("session_replay_chunks")
      .values([
        {
          replay_id: "replay-new",
          seq: 1,
          events: JSON.stringify([{ type: 3, timestamp: 2, data: {} }]),
          received_at: "2026-01-02T10:00:01.000Z",
        },
        {
          replay_id: "replay-new",
          seq: 0,
          events: JSON.stringify([
            { type: 4, timestamp: 0, data: { href: "/" } },
            { type: 2, timestamp: 1, data: {} },
          ]),
          received_at: "2026-01-02T10:00:00.000Z",
        },
      ])
      .execute();

    const list = await moderator.call("GET", "/api/admin/replays?limit=50");
    expect(list.status).toBe(200);
    const ids = list.body.items.map((replay: { id: string }) => replay.id);
    expect(ids.indexOf("replay-new")).toBeLessThan(ids.indexOf("replay-old"));
    expect(list.body.items.find((replay: { id: string }) => replay.id === "replay-new")).toMatchObject({
      user_id: member.id,
      client_id: "c-replay-new",
      started_at: "2026-01-02T10:00:00.000Z",
    });
    const mine = await moderator.call("GET", `/api/admin/replays?user_id=${member.id}`);
    expect(mine.body.items.map((replay: { id: string }) => replay.id)).toEqual(["replay-new"]);
    const page = await moderator.call("GET", "/api/admin/replays?limit=1");
    expect(page.body.items).toHaveLength(1);
    expect(page.body.next_before).toBe(page.body.items[0].last_upload_at);

    const events = await moderator.call("GET", "/api/admin/replays/replay-new/events");
    expect(events.status).toBe(200);
    expect(events.body.events).toEqual([
      { type: 4, timestamp: 0, data: { href: "/" } },
      { type: 2, timestamp: 1, data: {} },
      { type: 3, timestamp: 2, data: {} },
    ]);
    expect((await moderator.call("GET", "/api/admin/replays/nothing-here/events")).status).toBe(404);
    expect((await member.call("GET", "/api/admin/replays")).status).toBe(403);
  });
});

/** Log lines the app writes, parsed from pino's JSON. */
class LogCapture extends Writable {
  readonly lines: Record<string, unknown>[] = [];
  override _write(chunk: Buffer, _encoding: string, done: () => void) {
    for (const line of chunk.toString().split("\n").filter(Boolean)) this.lines.push(JSON.parse(line));
    done();
  }
}

describe("production with moderation by the rules alone", () => {
  let production: TestApp;
  const log = new LogCapture();
  beforeAll(async () => {
    production = await createTestApp({
      llm: new ScriptedLlm(),
      env: { NODE_ENV: "production", MODERATION_PROVIDER: "rules", ALLOW_TEST_CHECKOUT: "true" },
      logger: { level: "warn", stream: log },
    });
  });
  afterAll(async () => production.close());

  it("warns at start and on the System screen: set up Llama Guard 3 or OpenAI moderation", async () => {
    const warning =
      "rules only — set up Llama Guard 3 or OpenAI moderation for doubtful cases (MODERATION_PROVIDER=llama-guard or openai)";
    expect(log.lines).toContainEqual(
      expect.objectContaining({ level: 40, provider: "moderation", msg: `moderation: ${warning}` }),
    );
    const staff = await signUp(production, "moderator", "moderator");
    const answer = await staff.call("GET", "/api/admin/system");
    expect(answer.status).toBe(200);
    const moderation = answer.body.providers.find(
      (provider: { kind: string }) => provider.kind === "moderation",
    );
    expect(moderation).toMatchObject({ active: "rules", warning, health: { status: "ok" } });
    expect(moderation.health.detail).toContain("weak evidence is allowed");
    const others = answer.body.providers.filter(
      (provider: { kind: string }) => provider.kind !== "moderation",
    );
    expect(others.filter((provider: { warning?: string }) => provider.warning)).toEqual([]);
  });
});
