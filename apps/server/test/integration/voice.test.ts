import { once } from "node:events";
import { readdir } from "node:fs/promises";
import type { ServerResponse } from "node:http";
import path from "node:path";
import {
  chatSchema,
  healthReportSchema,
  insufficientBalanceSchema,
  modelListSchema,
  type SocketEvent,
  sendMessageResponseSchema,
  socketEventSchema,
  VOICE_MESSAGE_PRICE_TOKENS,
  voiceMessageResponseSchema,
} from "@reverie/shared";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { speakableText } from "../../src/providers/tts/index.ts";
import { readWavInfo } from "../../src/providers/tts/wav.ts";
import { MemoryEventBus } from "../../src/realtime/bus.ts";
import { MessageRepository } from "../../src/repositories/messages.ts";
import { BillingService } from "../../src/services/billing/billing-service.ts";
import { signUp } from "../helpers/accounts.ts";
import { type RecordedRequest, startFakeUpstream } from "../helpers/fake-upstream.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";
import { eventually } from "../helpers/wait.ts";

const apps: TestApp[] = [];
const sockets: WebSocket[] = [];
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.terminate();
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

const VOICE_LINK = /^\/media\/voice\/[A-Za-z0-9_-]{24}\.(wav|mp3)$/;

async function setup(
  options: { env?: Record<string, string>; premium?: boolean; gender?: "female" | "male" } = {},
) {
  const bus = new MemoryEventBus();
  const t = await createTestApp({ bus, ...(options.env ? { env: options.env } : {}) });
  apps.push(t);

  const register = () => signUp(t, { prefix: "voice", firstName: null });
  const user = await register();
  const { token } = user;
  if (options.premium ?? true) {
    await t.database.db.updateTable("users").set({ plan: "premium" }).where("id", "=", user.id).execute();
  }
  const events: SocketEvent[] = [];
  bus.subscribe(user.id, (event) => events.push(event));

  const call = async (
    method: "GET" | "POST" | "PUT" | "DELETE",
    url: string,
    payload?: object,
    as = token,
  ) => {
    const response = await t.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${as}` },
      ...(payload ? { payload } : {}),
    });
    return { status: response.statusCode, body: response.body ? response.json() : null };
  };
  const model = modelListSchema.parse((await t.get(`/api/models?gender=${options.gender ?? "female"}`)).body)
    .items[0];
  if (!model) throw new Error("the seed has no character of that gender");
  const chat = chatSchema.parse((await call("POST", "/api/chats", { model_id: model.id })).body);
  const greeting = chat.last_message;
  if (!greeting) throw new Error("a new chat starts with the character's first message");
  const voice = (messageId: number, as = token, chatId = chat.id) =>
    call("POST", `/api/chats/${chatId}/messages/${messageId}/voice`, undefined, as);

  const voiceEvents = () =>
    events.flatMap((event) => (event.action === "status_change" ? [event.message] : []));
  /** Waits for a status_change that ends the generation (ready or failed). */
  const settled = async (count = 1) => {
    const done = await eventually(
      () => voiceEvents().filter((event) => ["ready", "failed"].includes(event.status_information.status)),
      { until: (done) => done.length >= count, what: "the voice to settle" },
    );
    return done[count - 1];
  };
  /** Gives the account tokens as a purchase would, through the billing service's ledger. */
  const grantTokens = (amount: number) =>
    new BillingService({ db: t.database.db }).grant(t.database.db, {
      userId: user.id,
      amount,
      reason: "grant",
      reference: `test-grant:${user.id}:${amount}`,
    });
  const balance = async () =>
    t.database.db
      .selectFrom("users")
      .select(["tokens", "free_msgs"])
      .where("id", "=", user.id)
      .executeTakeFirstOrThrow();
  const ledger = async () =>
    t.database.db
      .selectFrom("token_ledger")
      .select(["delta", "reason", "reference"])
      .where("user_id", "=", user.id)
      .orderBy("id")
      .execute();
  const send = (text: string) => call("POST", `/api/chats/${chat.id}/messages`, { message: { text } });
  const voiceJobs = async () =>
    (await t.database.db.selectFrom("jobs").selectAll().where("kind", "=", "voice").execute()).length;

  return {
    t,
    bus,
    token,
    user,
    register,
    call,
    model,
    chat,
    greeting,
    voice,
    voiceEvents,
    settled,
    voiceJobs,
    grantTokens,
    balance,
    ledger,
    send,
  };
}

describe("voice messages (embedded espeak-ng)", () => {
  it("answers a free account without the tokens 402 voice_message, and starts nothing", async () => {
    const { voice, greeting, voiceJobs, t } = await setup({ premium: false });
    const response = await voice(greeting.id);
    expect(response.status).toBe(402);
    expect(insufficientBalanceSchema.parse(response.body)).toMatchObject({
      statusCode: 402,
      error: "insufficient_balance",
      type: "voice_message",
    });
    expect(await voiceJobs()).toBe(0);
    expect(await t.database.db.selectFrom("message_voices").selectAll().execute()).toEqual([]);
  });

  it("generates the voice once: 202, generating then ready over the socket, a playable WAV, then 200 with the same link", async () => {
    const { t, token, call, voice, greeting, chat, voiceJobs } = await setup();
    const address = await t.app.listen({ host: "127.0.0.1", port: 0 });
    const socket = new WebSocket(`${address.replace("http", "ws")}/ws/v2?token=${token}`);
    sockets.push(socket);
    const frames: SocketEvent[] = [];
    socket.on("message", (data) => {
      const text = data.toString();
      if (text !== "pong") frames.push(socketEventSchema.parse(JSON.parse(text)));
    });
    await once(socket, "open");

    const first = await voice(greeting.id);
    expect(first.status).toBe(202);
    expect(voiceMessageResponseSchema.parse(first.body)).toEqual({
      message_id: greeting.id,
      status: "generating",
    });

    await eventually(() => frames.length >= 2, { what: "two frames" });
    expect(
      frames.map((frame) => frame.action === "status_change" && frame.message.status_information.status),
    ).toEqual(["generating", "ready"]);
    expect(frames[0]).toEqual({
      action: "status_change",
      message: {
        chat_id: chat.id,
        message_id: greeting.id,
        type: "voice",
        status_information: { status: "generating", data: {} },
      },
    });
    const ready = frames[1]?.action === "status_change" ? frames[1].message : undefined;
    expect(ready).toMatchObject({ chat_id: chat.id, message_id: greeting.id, type: "voice" });
    const link = ready?.status_information.data.link ?? "";
    expect(link).toMatch(VOICE_LINK);
    expect(link.endsWith(".wav")).toBe(true);

    const audio = await t.app.inject({ method: "GET", url: link });
    expect(audio.statusCode).toBe(200);
    expect(audio.headers["content-type"]).toBe("audio/wav");
    const info = readWavInfo(audio.rawPayload);
    // the greeting is a sentence or more; espeak speaks about 160 words a minute
    const words = speakableText(greeting.text).split(" ").length;
    expect(info?.durationSeconds).toBeGreaterThan(words * 0.2);
    expect(info?.durationSeconds).toBeLessThan(words * 1 + 3);

    const again = await voice(greeting.id);
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ message_id: greeting.id, status: "ready", link });
    expect(await voiceJobs()).toBe(1);
    expect(frames).toHaveLength(2);

    const health = healthReportSchema.parse((await t.get("/api/health")).body);
    expect(health.providers.tts).toMatchObject({ status: "ok" });

    // deleting the message deletes its recording
    const deleted = await call("PUT", `/api/chats/${chat.id}/messages/delete`, { msgs_ids: [greeting.id] });
    expect(deleted.status).toBe(200);
    expect((await t.app.inject({ method: "GET", url: link })).statusCode).toBe(404);
  });

  it("does not start a second synthesis while one is queued or running", async () => {
    // no worker in this process: the first job stays queued
    const { t, voice, greeting, voiceJobs } = await setup({ env: { JOBS_IN_PROCESS: "false" } });
    const responses = await Promise.all([voice(greeting.id), voice(greeting.id)]);
    const third = await voice(greeting.id);
    for (const response of [...responses, third]) {
      expect(response).toEqual({ status: 202, body: { message_id: greeting.id, status: "generating" } });
    }
    expect(await voiceJobs()).toBe(1);

    // a generation that never ended (its job lost) does not block the message for good
    const longAgo = new Date(Date.now() - 60 * 60_000).toISOString();
    await t.database.db.updateTable("message_voices").set({ updated_at: longAgo }).execute();
    expect((await voice(greeting.id)).status).toBe(202);
    expect(await voiceJobs()).toBe(2);
    expect((await voice(greeting.id)).status).toBe(202);
    expect(await voiceJobs()).toBe(2);
  });

  it("refuses the user's own messages and messages that are not text", async () => {
    const { t, call, voice, chat } = await setup({ env: { JOBS_IN_PROCESS: "false" } });
    const sent = await call("POST", `/api/chats/${chat.id}/messages`, { message: { text: "read me aloud" } });
    expect(sent.status).toBe(202);
    const mine = await voice(sent.body.message.id);
    expect(mine).toMatchObject({
      status: 400,
      body: { error: "bad_request", message: expect.stringContaining("character") },
    });

    const picture = await new MessageRepository(t.database.db).insert({
      chat_id: chat.id,
      sender: "model",
      type: "image",
      text: "",
      media_key: "public/characters/x.webp",
    });
    const image = await voice(picture.id);
    expect(image.status).toBe(400);
    expect(image.body.message).toMatch(/text messages/);

    const emoji = await new MessageRepository(t.database.db).insert({
      chat_id: chat.id,
      sender: "model",
      type: "text",
      text: "😘💕",
    });
    const unspeakable = await voice(emoji.id);
    expect(unspeakable.status).toBe(400);
    expect(unspeakable.body.message).toMatch(/nothing to read/);
  });

  it("answers 404 for another user's chat, an unknown message, or a message of another chat; 401 without a token", async () => {
    const { t, register, call, voice, greeting, chat } = await setup();
    const other = await register();
    await t.database.db.updateTable("users").set({ plan: "premium" }).where("id", "=", other.id).execute();
    expect((await voice(greeting.id, other.token)).status).toBe(404);
    expect((await voice(999_999)).status).toBe(404);

    const models = modelListSchema.parse((await t.get("/api/models?gender=male")).body).items;
    const otherChat = chatSchema.parse((await call("POST", "/api/chats", { model_id: models[0]?.id })).body);
    expect(otherChat.id).not.toBe(chat.id);
    expect((await voice(greeting.id, undefined, otherChat.id)).status).toBe(404);

    const anonymous = await t.app.inject({
      method: "POST",
      url: `/api/chats/${chat.id}/messages/${greeting.id}/voice`,
    });
    expect(anonymous.statusCode).toBe(401);
    const invalid = await voice(0);
    expect(invalid.status).toBe(400);
  });

  it("leaves no voice rows behind when messages or the chat are deleted", async () => {
    const { t, call, voice, chat, greeting } = await setup({ env: { JOBS_IN_PROCESS: "false" } });
    const voices = () => t.database.db.selectFrom("message_voices").select("message_id").execute();
    const later = await new MessageRepository(t.database.db).insert({
      chat_id: chat.id,
      sender: "model",
      type: "text",
      text: "Good night, sleep well.",
    });
    expect((await voice(greeting.id)).status).toBe(202);
    expect((await voice(later.id)).status).toBe(202);
    expect(await voices()).toHaveLength(2);

    await call("PUT", `/api/chats/${chat.id}/messages/delete`, { msgs_ids: [greeting.id] });
    expect(await voices()).toEqual([{ message_id: later.id }]);
    expect((await call("DELETE", `/api/chats/${chat.id}`)).status).toBe(204);
    expect(await voices()).toEqual([]);
  });
});

// --- a local stand-in for an OpenAI-compatible speech server ---

type Handler = (res: ServerResponse) => void;

let upstream: Awaited<ReturnType<typeof startFakeUpstream>>;
let speechBaseUrl: string;
let handler: Handler;
let recorded: RecordedRequest[];
/** What the fake server answers with: an MP3 frame header and some bytes. */
const MP3 = Buffer.concat([
  Buffer.from("ID3\u0004\u0000\u0000\u0000\u0000\u0000\u0000"),
  Buffer.alloc(2048, 0x55),
]);

beforeAll(async () => {
  upstream = await startFakeUpstream((_req, res) => handler(res));
  // a bare host: the provider adds /v1
  speechBaseUrl = upstream.url;
  recorded = upstream.recorded;
});
afterAll(() => upstream.close());
beforeEach(() => {
  recorded.length = 0;
  handler = (res) => res.writeHead(200, { "content-type": "audio/mpeg" }).end(MP3);
});

const speechEnv = () => ({
  TTS_PROVIDER: "openai",
  TTS_BASE_URL: speechBaseUrl,
  TTS_API_KEY: "sk-voice-test",
  TTS_MODEL: "tts-test-model",
  TTS_VOICE_FEMALE: "shimmer",
  TTS_VOICE_MALE: "echo",
});

describe("voice messages (OpenAI-compatible speech server)", () => {
  it("posts the cleaned text with the character's voice and stores the MP3 it gets back", async () => {
    const { t, voice, greeting, settled } = await setup({ env: speechEnv() });
    expect((await voice(greeting.id)).status).toBe(202);
    const ready = await settled();
    expect(ready?.status_information.status).toBe("ready");
    const link = ready?.status_information.data.link ?? "";
    expect(link).toMatch(VOICE_LINK);
    expect(link.endsWith(".mp3")).toBe(true);

    expect(recorded).toHaveLength(1);
    expect(recorded[0]?.path).toBe("/v1/audio/speech");
    expect(recorded[0]?.headers.authorization).toBe("Bearer sk-voice-test");
    expect(recorded[0]?.headers["content-type"]).toBe("application/json");
    expect(recorded[0]?.body).toEqual({
      model: "tts-test-model",
      input: speakableText(greeting.text),
      voice: "shimmer",
      response_format: "mp3",
    });

    const audio = await t.app.inject({ method: "GET", url: link });
    expect(audio.statusCode).toBe(200);
    expect(audio.headers["content-type"]).toBe("audio/mpeg");
    expect(audio.rawPayload.equals(MP3)).toBe(true);
  });

  it("speaks male characters with the male voice", async () => {
    const { voice, greeting, settled } = await setup({ env: speechEnv(), gender: "male" });
    expect((await voice(greeting.id)).status).toBe(202);
    expect((await settled())?.status_information.status).toBe("ready");
    expect(recorded[0]?.body?.voice).toBe("echo");
  });

  it("retries an upstream 500, then reports failed after the last attempt; asking again starts over", async () => {
    handler = (res) =>
      res.writeHead(500, { "content-type": "application/json" }).end('{"error":{"message":"overloaded"}}');
    const { voice, greeting, settled, voiceEvents, voiceJobs } = await setup({ env: speechEnv() });
    expect((await voice(greeting.id)).status).toBe(202);
    const failed = await settled();
    expect(failed).toMatchObject({
      message_id: greeting.id,
      type: "voice",
      status_information: { status: "failed", data: {} },
    });
    expect(recorded).toHaveLength(3);
    expect(voiceEvents().map((event) => event.status_information.status)).toEqual(["generating", "failed"]);

    handler = (res) => res.writeHead(200, { "content-type": "audio/mpeg" }).end(MP3);
    expect((await voice(greeting.id)).body).toEqual({ message_id: greeting.id, status: "generating" });
    expect((await settled(2))?.status_information.status).toBe("ready");
    expect(await voiceJobs()).toBe(2);
  });

  it("keeps no recording of a message deleted while it was being read", async () => {
    const { t, call, voice, chat, greeting } = await setup({ env: speechEnv() });
    handler = (res) => {
      void call("PUT", `/api/chats/${chat.id}/messages/delete`, { msgs_ids: [greeting.id] }).then(() =>
        res.writeHead(200, { "content-type": "audio/mpeg" }).end(MP3),
      );
    };
    expect((await voice(greeting.id)).status).toBe(202);
    const jobStatus = async () =>
      (
        await t.database.db
          .selectFrom("jobs")
          .select("status")
          .where("kind", "=", "voice")
          .executeTakeFirstOrThrow()
      ).status;
    await eventually(jobStatus, { until: (status) => status === "done", what: "the voice job" });
    expect(await jobStatus()).toBe("done");
    expect(recorded).toHaveLength(1);
    const voiceDir = path.join(t.workDir, "media", "public", "voice");
    expect(await readdir(voiceDir).catch(() => [])).toEqual([]);
  });

  it("gives a free account's tokens back when the voice finally fails, and charges again only when asked again", async () => {
    handler = (res) =>
      res.writeHead(500, { "content-type": "application/json" }).end('{"error":{"message":"overloaded"}}');
    const { call, voice, greeting, settled, grantTokens, balance, ledger } = await setup({
      env: speechEnv(),
      premium: false,
    });
    await grantTokens(10);
    expect((await voice(greeting.id)).status).toBe(202);
    expect((await settled())?.status_information.status).toBe("failed");
    expect((await balance()).tokens).toBe(10);
    expect((await ledger()).map((row) => [row.reason, row.delta])).toEqual([
      ["grant", 10],
      ["voice_message", -VOICE_MESSAGE_PRICE_TOKENS],
      ["refund", VOICE_MESSAGE_PRICE_TOKENS],
    ]);
    // the user's statement says what each row was
    const statement = (await call("GET", "/api/user/ledger")).body as { items: { description: string }[] };
    expect(statement.items.map((item) => item.description).slice(0, 2)).toEqual([
      "Refund for a voice message that could not be made",
      "A voice message",
    ]);

    handler = (res) => res.writeHead(200, { "content-type": "audio/mpeg" }).end(MP3);
    expect((await voice(greeting.id)).status).toBe(202);
    expect((await settled(2))?.status_information.status).toBe("ready");
    expect((await balance()).tokens).toBe(10 - VOICE_MESSAGE_PRICE_TOKENS);
  });

  it("gives back the tokens of a requested voice message that could not be made", async () => {
    handler = (res) =>
      res.writeHead(500, { "content-type": "application/json" }).end('{"error":{"message":"overloaded"}}');
    const { send, settled, grantTokens, balance, ledger } = await setup({ env: speechEnv(), premium: false });
    await grantTokens(10);
    expect((await send("send me a voice message")).status).toBe(202);
    expect((await settled())?.status_information.status).toBe("failed");
    // the reply itself was made (its free message stays spent); the voice's tokens come back
    expect(await balance()).toEqual({ free_msgs: 9, tokens: 10 });
    expect((await ledger()).map((row) => row.reason)).toEqual(["grant", "voice_message", "refund"]);
  });

  it("does not retry a rejected key (401): failed after one request", async () => {
    handler = (res) =>
      res
        .writeHead(401, { "content-type": "application/json" })
        .end('{"error":{"message":"Incorrect API key provided"}}');
    const { t, voice, greeting, settled } = await setup({ env: speechEnv() });
    expect((await voice(greeting.id)).status).toBe(202);
    expect((await settled())?.status_information).toEqual({ status: "failed", data: {} });
    expect(recorded).toHaveLength(1);
    const job = await t.database.db
      .selectFrom("jobs")
      .select(["status", "attempts", "last_error"])
      .where("kind", "=", "voice")
      .executeTakeFirstOrThrow();
    expect(job).toMatchObject({ status: "failed", attempts: 1 });
    expect(job.last_error).toContain("Incorrect API key provided");
  });
});

describe("voice on the free plan: tokens buy it (decision 35)", () => {
  it("charges a free account with tokens through the ledger, once; playing it again is free", async () => {
    const { voice, greeting, settled, grantTokens, balance, ledger } = await setup({ premium: false });
    await grantTokens(12);
    const first = await voice(greeting.id);
    expect(first.status).toBe(202);
    expect(voiceMessageResponseSchema.parse(first.body)).toEqual({
      message_id: greeting.id,
      status: "generating",
      balance: { free_msgs: 10, tokens: 12 - VOICE_MESSAGE_PRICE_TOKENS },
    });
    expect((await settled())?.status_information.status).toBe("ready");

    const again = await voice(greeting.id);
    expect(again.status).toBe(200);
    expect(voiceMessageResponseSchema.parse(again.body).status).toBe("ready");
    expect((await balance()).tokens).toBe(12 - VOICE_MESSAGE_PRICE_TOKENS);
    expect((await ledger()).map((row) => [row.reason, row.delta])).toEqual([
      ["grant", 12],
      ["voice_message", -VOICE_MESSAGE_PRICE_TOKENS],
    ]);
  });

  it("charges premium nothing", async () => {
    const { voice, greeting, settled, ledger } = await setup();
    expect((await voice(greeting.id)).body).toEqual({ message_id: greeting.id, status: "generating" });
    expect((await settled())?.status_information.status).toBe("ready");
    expect(await ledger()).toEqual([]);
  });
});

describe("asking for a voice message in the chat (decision 35)", () => {
  it("answers with a reply read aloud: the reply is stored, then its voice is made and announced", async () => {
    const { send, settled, t, chat, ledger } = await setup();
    const sent = await send("Send me a voice message, please");
    expect(sent.status).toBe(202);
    const userMessage = sendMessageResponseSchema.parse(sent.body).message;
    const ready = await settled();
    expect(ready?.status_information.status).toBe("ready");
    expect(ready?.status_information.data.link).toMatch(VOICE_LINK);
    const reply = await new MessageRepository(t.database.db).replyTo(chat.id, userMessage.id);
    expect(reply?.id).toBe(ready?.message_id);
    // the offline persona engine answers as a voice note, not with a refusal
    expect(reply?.text).not.toMatch(/can't|cannot/i);
    expect(await ledger()).toEqual([]); // premium: included
  });

  it("recognises the request in other languages, as picture requests are recognised", async () => {
    const { send, settled } = await setup();
    expect((await send("schick mir eine Sprachnachricht")).status).toBe(202);
    expect((await settled())?.status_information.status).toBe("ready");
  });

  it("charges a free account its message and the voice's tokens", async () => {
    const { send, settled, grantTokens, balance, ledger } = await setup({ premium: false });
    await grantTokens(20);
    const sent = sendMessageResponseSchema.parse((await send("can I hear your voice?")).body);
    expect(sent.balance).toEqual({ free_msgs: 9, tokens: 20 - VOICE_MESSAGE_PRICE_TOKENS });
    expect((await settled())?.status_information.status).toBe("ready");
    expect(await balance()).toEqual({ free_msgs: 9, tokens: 20 - VOICE_MESSAGE_PRICE_TOKENS });
    expect((await ledger()).map((row) => row.reason)).toEqual(["grant", "voice_message"]);
  });

  it("answers a free account without the tokens 402 voice_message: nothing stored, nothing spent", async () => {
    const { send, t, chat, balance, voiceEvents } = await setup({ premium: false });
    const refused = await send("send me a voice note");
    expect(refused.status).toBe(402);
    expect(insufficientBalanceSchema.parse(refused.body).type).toBe("voice_message");
    expect(await balance()).toEqual({ free_msgs: 10, tokens: 0 });
    const messages = await t.database.db
      .selectFrom("messages")
      .select("sender")
      .where("chat_id", "=", chat.id)
      .execute();
    expect(messages.map((message) => message.sender)).toEqual(["model"]); // the greeting only
    expect(voiceEvents()).toEqual([]);
  });

  it("a text that only mentions a voice is an ordinary message", async () => {
    const { send, voiceJobs, t } = await setup();
    expect((await send("I left you a voicemail yesterday")).status).toBe(202);
    // the reply job is where a voice would be asked for: once it has settled, none can come
    await eventually(
      () => t.database.db.selectFrom("jobs").select("status").where("kind", "=", "reply").execute(),
      {
        until: (jobs) => jobs.length > 0 && jobs.every((job) => !["queued", "running"].includes(job.status)),
        timeout: 10_000,
      },
    );
    expect(await voiceJobs()).toBe(0);
  });
});
