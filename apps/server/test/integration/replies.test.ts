import { chatSchema, messagesResponseSchema, modelListSchema, type SocketEvent } from "@reverie/shared";
import { afterEach, describe, expect, it, vi } from "vitest";
import { replyJobHandler } from "../../src/jobs/reply.ts";
import { OpenAiCompatibleProvider } from "../../src/providers/llm/openai-compatible.ts";
import type { LlmProvider } from "../../src/providers/llm/types.ts";
import { createModerationClassifier } from "../../src/providers/moderation/index.ts";
import { refusesMinors } from "../../src/providers/moderation/rule-based.ts";
import { DatabaseJobQueue } from "../../src/queue/job-queue.ts";
import { MemoryEventBus } from "../../src/realtime/bus.ts";
import { JobRepository } from "../../src/repositories/jobs.ts";
import { ModerationEventRepository } from "../../src/repositories/moderation-events.ts";
import { UserRepository } from "../../src/repositories/users.ts";
import { AnswerService } from "../../src/services/answers.ts";
import { BillingService } from "../../src/services/billing/billing-service.ts";
import { JOB_PAYLOADS } from "../../src/services/job-registry.ts";
import { ModerationService } from "../../src/services/moderation.ts";
import { VoiceService } from "../../src/services/voice.ts";
import { signUp } from "../helpers/accounts.ts";
import { startFakeUpstream } from "../helpers/fake-upstream.ts";
import { ScriptedLlm } from "../helpers/scripted-llm.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";
import { eventually } from "../helpers/wait.ts";

const apps: TestApp[] = [];

/** The app's moderation step (the rules) for a reply handler built by hand. */
const moderationFor = (t: TestApp) =>
  new ModerationService({
    classifier: createModerationClassifier({ provider: "rules" }),
    events: new ModerationEventRepository(t.database.db),
    log: { warn() {} },
  });
/** The service a reply handler built by hand answers through. */
const answersOf = (t: TestApp, bus: MemoryEventBus) =>
  new AnswerService({
    db: t.database.db,
    billing: new BillingService({ db: t.database.db }),
    bus,
    presenter: t.presenter,
  });
/** The voice service a reply handler built by hand voices requested voice messages through (none here). */
const voiceOf = (t: TestApp) =>
  new VoiceService({
    db: t.database.db,
    storage: t.storage,
    jobs: new DatabaseJobQueue(t.database.db, t.database.dialect, { kinds: JOB_PAYLOADS }),
    users: new UserRepository(t.database.db),
    billing: new BillingService({ db: t.database.db }),
  });
/** A reply job handler built by hand on the test app's database, answering through `bus` with `llm`. */
const replyHandlerOf = (t: TestApp, bus: MemoryEventBus, llm: LlmProvider) =>
  replyJobHandler({
    answers: answersOf(t, bus),
    voice: voiceOf(t),
    llm,
    bus,
    moderation: moderationFor(t),
  });
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

async function setup(options: { llm: LlmProvider; env?: Record<string, string> }) {
  const bus = new MemoryEventBus();
  const t = await createTestApp({ bus, llm: options.llm, ...(options.env ? { env: options.env } : {}) });
  apps.push(t);
  const user = await signUp(t, { prefix: "replies", firstName: "Sam" });
  const { token } = user;
  const events: SocketEvent[] = [];
  bus.subscribe(user.id, (event) => events.push(event));
  const call = async (method: "GET" | "POST", url: string, payload?: object) => {
    const response = await t.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${token}` },
      ...(payload ? { payload } : {}),
    });
    return { status: response.statusCode, body: response.json() };
  };
  const model = modelListSchema.parse((await t.get("/api/models?gender=female")).body).items[0];
  const chat = chatSchema.parse((await call("POST", "/api/chats", { model_id: model?.id })).body);
  const finalReply = async () => {
    return eventually(() => events.find((event) => event.action === "add" && event.message.type === "text"), {
      timeout: 15_000,
      what: "a reply",
    });
  };
  return { t, bus, user, events, call, chat, model, finalReply };
}

describe("character replies", () => {
  it("shows typing, streams the reply as updates, stores it and sends the final text", async () => {
    const llm = new ScriptedLlm();
    const { call, chat, events, model, finalReply } = await setup({ llm });
    const sent = await call("POST", `/api/chats/${chat.id}/messages`, { message: { text: "hello you" } });
    expect(sent.status).toBe(202);

    const final = await finalReply();
    expect(final.action === "add" && final.message).toMatchObject({
      chat_id: chat.id,
      from: "model",
      type: "text",
      text: `${model?.name} heard: hello you`,
    });
    const kinds = events.map((event) =>
      event.action === "add" || event.action === "update"
        ? `${event.action}:${event.message.type}`
        : event.action,
    );
    expect(kinds[0]).toBe("add:typing");
    expect(kinds).toContain("update:text");
    expect(kinds.at(-1)).toBe("add:text");

    // the model saw the conversation and the user's name
    expect(llm.requests[0]?.userName).toBe("Sam");
    expect(llm.requests[0]?.history.map((turn) => turn.text)).toEqual([model?.first_msg, "hello you"]);

    const history = messagesResponseSchema.parse((await call("GET", `/api/chats/${chat.id}/messages`)).body);
    expect(history.items.at(-1)).toMatchObject({ from: "model", text: `${model?.name} heard: hello you` });
    const stored = history.items.at(-1);
    expect(final.action === "add" && final.message.message_id).toBe(stored?.id);
  });

  it("shows typing as soon as the message is stored, before any worker has taken the job", async () => {
    const { events, call, chat } = await setup({ llm: new ScriptedLlm(), env: { JOBS_IN_PROCESS: "false" } });
    const sent = await call("POST", `/api/chats/${chat.id}/messages`, { message: { text: "hi there" } });
    expect(sent.status).toBe(202);
    await vi.waitFor(() => expect(events).toHaveLength(1));
    expect(events[0]).toMatchObject({
      action: "add",
      message: { chat_id: chat.id, from: "model", type: "typing", text: "" },
    });
  });

  it("shows the picture placeholder at once for a photo request", async () => {
    const { events, call, chat } = await setup({ llm: new ScriptedLlm(), env: { JOBS_IN_PROCESS: "false" } });
    await call("POST", `/api/chats/${chat.id}/messages`, { message: { text: "send me a photo of you" } });
    await vi.waitFor(() => expect(events).toHaveLength(1));
    expect(events[0]).toMatchObject({ action: "add", message: { type: "start_generation" } });
  });

  it("still answers when a worker dies mid-reply: another worker takes the job once its lease ends", async () => {
    const llm = new ScriptedLlm();
    const { t, bus, call, chat, finalReply } = await setup({ llm, env: { JOBS_IN_PROCESS: "false" } });
    await call("POST", `/api/chats/${chat.id}/messages`, { message: { text: "are you there" } });
    // the worker that took the job died before finishing it
    const dead = await new JobRepository(t.database.db, t.database.dialect).claim(Date.now(), 150);
    expect(dead?.kind).toBe("reply");

    // a worker started after the crash (as `npm run worker` would be)
    const restarted = new DatabaseJobQueue(t.database.db, t.database.dialect, {
      kinds: JOB_PAYLOADS,
      pollMs: 20,
    });
    restarted.register("reply", replyHandlerOf(t, bus, llm));
    restarted.start();
    try {
      const final = await finalReply();
      expect(final.action === "add" && final.message.text).toContain("are you there");
      const history = messagesResponseSchema.parse(
        (await call("GET", `/api/chats/${chat.id}/messages`)).body,
      );
      expect(history.items.filter((item) => item.from === "model")).toHaveLength(2); // first message + one reply
    } finally {
      await restarted.stop();
    }
  });

  it("answers each of two messages sent together, and a retry finds its own answer, not the other's", async () => {
    const llm = new ScriptedLlm();
    const { t, bus, user, call, chat, events } = await setup({ llm, env: { JOBS_IN_PROCESS: "false" } });
    const first = await call("POST", `/api/chats/${chat.id}/messages`, {
      message: { text: "first question" },
    });
    const second = await call("POST", `/api/chats/${chat.id}/messages`, {
      message: { text: "second question" },
    });
    const handler = replyHandlerOf(t, bus, llm);
    const jobFor = (message: { id: number }) => ({
      userId: user.id,
      chatId: chat.id,
      userMessageId: message.id,
      charge: { kind: "none" } as const,
    });
    // the first answer is stored after the second question: it must not count as the second's answer
    await handler.run(jobFor(first.body.message), { jobId: 1, attempt: 1, lastAttempt: false });
    await handler.run(jobFor(second.body.message), { jobId: 2, attempt: 1, lastAttempt: false });
    const answers = () =>
      t.database.db
        .selectFrom("messages")
        .select(["reply_to", "text"])
        .where("chat_id", "=", chat.id)
        .where("reply_to", "is not", null)
        .orderBy("id")
        .execute();
    const model = (await answers())[0]?.text.split(" heard:")[0];
    expect(await answers()).toEqual([
      { reply_to: first.body.message.id, text: `${model} heard: first question` },
      { reply_to: second.body.message.id, text: `${model} heard: second question` },
    ]);

    // a retry of the first job re-sends the first answer and stores nothing
    events.length = 0;
    await handler.run(jobFor(first.body.message), { jobId: 1, attempt: 2, lastAttempt: false });
    expect(await answers()).toHaveLength(2);
    expect(events).toHaveLength(1);
    expect(events[0]?.action === "add" && events[0].message.text).toBe(`${model} heard: first question`);
  });

  it("stores one answer when two runs of the same job overlap (a lease ran out), and both deliver it", async () => {
    const llm = new ScriptedLlm();
    const { t, bus, user, call, chat, events } = await setup({ llm, env: { JOBS_IN_PROCESS: "false" } });
    const sent = await call("POST", `/api/chats/${chat.id}/messages`, { message: { text: "twice at once" } });
    const handler = replyHandlerOf(t, bus, llm);
    const job = {
      userId: user.id,
      chatId: chat.id,
      userMessageId: sent.body.message.id,
      charge: { kind: "none" } as const,
    };
    // both runs pass the "already answered?" check before either stores its answer
    await Promise.all([
      handler.run(job, { jobId: 7, attempt: 1, lastAttempt: false }),
      handler.run(job, { jobId: 7, attempt: 2, lastAttempt: false }),
    ]);
    expect(llm.requests).toHaveLength(2);
    const answers = await t.database.db
      .selectFrom("messages")
      .select(["id", "text"])
      .where("chat_id", "=", chat.id)
      .where("reply_to", "=", job.userMessageId)
      .execute();
    expect(answers).toHaveLength(1);
    const delivered = events.flatMap((event) =>
      event.action === "add" && event.message.type === "text" ? [event.message.id] : [],
    );
    expect(delivered).toEqual([answers[0]?.id, answers[0]?.id]);
  });

  it("ends an attempt whose model sends only keep-alives at the reply deadline, closes its stream and tries again", async () => {
    let streams = 0;
    let firstClosed: () => void = () => {};
    const closed = new Promise<void>((resolve) => {
      firstClosed = resolve;
    });
    const upstream = await startFakeUpstream((req, res) => {
      streams++;
      res.writeHead(200, { "content-type": "text/event-stream" });
      if (streams === 1) {
        // a stalled upstream: a comment every 100 ms resets the 60 s chunk timer forever
        const keepAlive = setInterval(() => res.write(": keep-alive\n\n"), 100);
        req.socket.on("close", () => {
          clearInterval(keepAlive);
          firstClosed();
        });
        return;
      }
      const chunk = (content: string) => `data: ${JSON.stringify({ choices: [{ delta: { content } }] })}\n\n`;
      res.end(`${chunk("Here ")}${chunk("I am.")}data: [DONE]\n\n`);
    });
    try {
      const llm = new OpenAiCompatibleProvider({ baseUrl: upstream.url, model: "stalling" });
      const { call, chat, finalReply } = await setup({ llm, env: { REPLY_DEADLINE_SECONDS: "1" } });
      await call("POST", `/api/chats/${chat.id}/messages`, { message: { text: "hello?" } });
      await closed; // the deadline closed the first stream
      const final = await finalReply();
      expect(final.action === "add" && final.message.text).toBe("Here I am.");
      expect(streams).toBe(2);
    } finally {
      upstream.close();
    }
  });

  it("retries a reply whose stream was cut", async () => {
    const llm = new ScriptedLlm({ failures: 1 });
    const { call, chat, finalReply } = await setup({ llm });
    await call("POST", `/api/chats/${chat.id}/messages`, { message: { text: "second try" } });
    const final = await finalReply();
    expect(final.action === "add" && final.message.text).toContain("second try");
    expect(llm.requests).toHaveLength(2);
  });

  it("refunds the tokens and tells the user when the reply finally fails", async () => {
    const llm = new ScriptedLlm({ failures: 10 });
    const { t, user, call, chat, finalReply } = await setup({ llm });
    await t.database.db
      .updateTable("users")
      .set({ free_msgs: 0, tokens: 5 })
      .where("id", "=", user.id)
      .execute();
    const sent = await call("POST", `/api/chats/${chat.id}/messages`, { message: { text: "will fail" } });
    expect(sent.body.balance).toEqual({ free_msgs: 0, tokens: 4 });

    const notice = await finalReply();
    expect(notice.action === "add" && notice.message.text).toContain("not charged");
    const { tokens } = await t.database.db
      .selectFrom("users")
      .select("tokens")
      .where("id", "=", user.id)
      .executeTakeFirstOrThrow();
    expect(tokens).toBe(5);
    const ledger = await t.database.db
      .selectFrom("token_ledger")
      .select(["delta", "reason"])
      .where("user_id", "=", user.id)
      .orderBy("id")
      .execute();
    expect(ledger).toEqual([
      { delta: -1, reason: "message" },
      { delta: 1, reason: "refund" },
    ]);
  });

  it("keeps the 'not charged' notice after a reload: it is stored as the message's answer, not as the character's words", async () => {
    // every attempt of the first reply fails (3), the next reply works
    const llm = new ScriptedLlm({ failures: 3 });
    const { call, chat, finalReply } = await setup({ llm });
    await call("POST", `/api/chats/${chat.id}/messages`, { message: { text: "will fail" } });
    const notice = await finalReply();
    const history = messagesResponseSchema.parse((await call("GET", `/api/chats/${chat.id}/messages`)).body);
    const last = history.items.at(-1);
    expect(last).toMatchObject({ from: "model", type: "text" });
    expect(last?.text).toContain("not charged");
    expect(notice.action === "add" && notice.message.id).toBe(last?.id);

    // the next reply is not written from the notice
    await call("POST", `/api/chats/${chat.id}/messages`, { message: { text: "again" } });
    await vi.waitFor(() => expect(llm.requests.at(-1)?.history.at(-1)?.text).toBe("again"), {
      timeout: 10_000,
    });
    expect(
      llm.requests
        .at(-1)
        ?.history.map((turn) => turn.text)
        .some((text) => text.includes("not charged")),
    ).toBe(false);
  });

  describe("the model's reply is moderated", () => {
    /** A model that streams a fixed reply piece by piece, and notes how far it was read. */
    class StreamingLlm implements LlmProvider {
      readonly name = "streaming";
      yielded = 0;
      readonly #pieces: string[];
      readonly #delayMs: number;

      constructor(pieces: string[], delayMs: number) {
        this.#pieces = pieces;
        this.#delayMs = delayMs;
      }

      async *streamReply() {
        for (const piece of this.#pieces) {
          this.yielded += 1;
          yield piece;
          if (this.#delayMs > 0) await new Promise((resolve) => setTimeout(resolve, this.#delayMs));
        }
      }

      async check() {
        return { status: "ok" as const, detail: "streaming" };
      }
    }

    const innocent = "Oh, that sounds like a lovely evening. Tell me more about the music you like.".split(
      " ",
    );
    const flagged = "Sure, let's play. I'm fourteen now and we're dating, so I take off my".split(" ");

    async function replyTo(llm: StreamingLlm) {
      const app = await setup({ llm });
      const sent = await app.call("POST", `/api/chats/${app.chat.id}/messages`, {
        message: { text: "what are you up to tonight?" },
      });
      expect(sent.status).toBe(202);
      const final = await app.finalReply();
      const stored = await app.t.database.db
        .selectFrom("messages")
        .select("text")
        .where("chat_id", "=", app.chat.id)
        .where("reply_to", "=", sent.body.message.id)
        .executeTakeFirstOrThrow();
      const refusals = await app.t.database.db
        .selectFrom("moderation_events")
        .select(["surface", "category", "classifier", "user_id", "excerpt"])
        .execute();
      const updates = app.events.flatMap((event) => (event.action === "update" ? [event.message.text] : []));
      return { final, stored, refusals, updates, user: app.user };
    }

    it("stops a streamed reply that makes the character a minor, stores and sends a refusal in character, and records it", async () => {
      const llm = new StreamingLlm(
        [...innocent, ...flagged].map((word) => `${word} `),
        25,
      );
      const { final, stored, refusals, updates, user } = await replyTo(llm);

      expect(stored.text).toMatch(/won't|not going to|hard line/i);
      expect(stored.text).not.toMatch(/fourteen/);
      expect(final.action === "add" && final.message.text).toBe(stored.text);
      expect(refusals).toEqual([
        expect.objectContaining({
          surface: "model_output",
          category: "minors",
          classifier: "rules",
          user_id: user.id,
        }),
      ]);
      expect(refusals[0]?.excerpt).toContain("fourteen");
      // the innocent start streamed; nothing the rules refuse was sent, and the model was not read to the end
      expect(updates.length).toBeGreaterThan(0);
      for (const text of updates) {
        expect(refusesMinors(text)).toBe(false);
        expect(text).not.toContain("fourteen");
      }
      expect(llm.yielded).toBeLessThan(innocent.length + flagged.length);
    });

    it("checks the finished reply before it is stored, also when it streamed too fast for an update", async () => {
      const pieces = ["Fine", " by", " me.", " You", " are", " 15", " and", " my", " girlfriend", " now."];
      const { final, stored, refusals, updates } = await replyTo(new StreamingLlm(pieces, 0));

      expect(stored.text).toMatch(/won't|not going to|hard line/i);
      expect(final.action === "add" && final.message.text).toBe(stored.text);
      expect(refusals).toEqual([expect.objectContaining({ surface: "model_output", category: "minors" })]);
      for (const text of updates) expect(text).not.toContain("15");
    });

    it.each([
      "Mm, that was nice... by the way, I turn thirteen next week! Will you come to my party?",
      "I was born in 2013, so this is my first time doing this with anyone.",
    ])("refuses a reply that works out to a minor's age, and records the words: %s", async (reply) => {
      const pieces = reply.split(" ").map((word, index) => (index === 0 ? word : ` ${word}`));
      const { stored, refusals } = await replyTo(new StreamingLlm(pieces, 0));
      expect(stored.text).toMatch(/won't|not going to|hard line/i);
      expect(refusals).toEqual([expect.objectContaining({ surface: "model_output", category: "minors" })]);
    });

    it("stores 'kind of' as English, not as German for a child", async () => {
      const reply = "Honestly I'm kind of tired tonight. You're so kind to ask, though.";
      const pieces = reply.split(" ").map((word, index) => (index === 0 ? word : ` ${word}`));
      const { stored, refusals } = await replyTo(new StreamingLlm(pieces, 0));
      expect(stored.text).toBe(reply);
      expect(refusals).toEqual([]);
    });

    it("stores an ordinary reply as it is and records nothing", async () => {
      const pieces = innocent.map((word, index) => (index === 0 ? word : ` ${word}`));
      const { stored, refusals } = await replyTo(new StreamingLlm(pieces, 5));
      expect(stored.text).toBe(innocent.join(" "));
      expect(refusals).toEqual([]);
    });
  });
});
