import { readdir } from "node:fs/promises";
import type { ServerResponse } from "node:http";
import {
  chatSchema,
  healthReportSchema,
  type Message,
  messagesResponseSchema,
  modelListSchema,
  type SocketEvent,
  sendMessageResponseSchema,
  unlockMessageResponseSchema,
} from "@reverie/shared";
import sharp from "sharp";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { type ImageDependencies, imageJobHandler, RENDERS_AT_ONCE } from "../../src/jobs/image.ts";
import type { MediaStorage } from "../../src/media/storage.ts";
import { ProceduralImageProvider } from "../../src/providers/image/index.ts";
import type { ImageRequest } from "../../src/providers/image/types.ts";
import { MemoryEventBus } from "../../src/realtime/bus.ts";
import { MessageRepository } from "../../src/repositories/messages.ts";
import { AnswerService, type ImageJob } from "../../src/services/answers.ts";
import { BillingService } from "../../src/services/billing/billing-service.ts";
import * as accounts from "../helpers/accounts.ts";
import { type FakeReply, startFakeUpstream } from "../helpers/fake-upstream.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";
import { eventually } from "../helpers/wait.ts";

// --- the chat flow ---

type ChatEvent = Extract<SocketEvent, { action: "add" | "update" }>;

/** A signed-up user with an open chat, whose socket events are collected. */
async function chatter(t: TestApp, bus: MemoryEventBus, options: { modelIndex?: number } = {}) {
  const user = await accounts.signUp(t, { prefix: "pictures", firstName: "Sam" });
  const { token, call } = user;
  const events: ChatEvent[] = [];
  bus.subscribe(user.id, (event) => {
    if (event.action === "add" || event.action === "update") events.push(event);
  });
  const models = modelListSchema.parse((await t.get("/api/models?gender=female")).body).items;
  const model = models[options.modelIndex ?? 0];
  const chat = chatSchema.parse((await call("POST", "/api/chats", { model_id: model?.id })).body);
  /** The first `add` of a stored model message of this type (real id). */
  const arrival = async (
    type: Message["type"],
    timeoutMs = 20_000,
  ): Promise<Message & { message_id: number }> => {
    const found = await eventually(
      () => events.find((event) => event.action === "add" && event.message.type === type),
      { timeout: timeoutMs, what: `a ${type} message` },
    );
    return found.message;
  };
  const send = async (text: string, realistic?: boolean) => {
    const sent = await call("POST", `/api/chats/${chat.id}/messages`, {
      message: { text },
      ...(realistic === undefined ? {} : { realistic }),
    });
    return sent;
  };
  const unlock = (messageId: number) => call("POST", `/api/chats/${chat.id}/messages/${messageId}/unlock`);
  const history = async () =>
    messagesResponseSchema.parse((await call("GET", `/api/chats/${chat.id}/messages?limit=100`)).body).items;
  return { id: user.id, token, events, call, chat, model, arrival, send, unlock, history };
}

async function setAccount(
  t: TestApp,
  userId: string,
  values: { free_msgs?: number; tokens?: number; plan?: "free" | "premium" },
) {
  await t.database.db.updateTable("users").set(values).where("id", "=", userId).execute();
}

async function grantTokens(t: TestApp, userId: string, amount: number, reference: string) {
  await t.database.db
    .transaction()
    .execute((trx) =>
      new BillingService({ db: t.database.db }).grant(trx, { userId, amount, reason: "purchase", reference }),
    );
}

async function ledger(t: TestApp, userId: string) {
  return t.database.db
    .selectFrom("token_ledger")
    .select(["delta", "reason", "reference"])
    .where("user_id", "=", userId)
    .orderBy("id")
    .execute();
}

async function fetchMedia(t: TestApp, url: string, headers: Record<string, string> = {}) {
  const response = await t.app.inject({ method: "GET", url, headers });
  return {
    status: response.statusCode,
    type: response.headers["content-type"],
    body: response.rawPayload,
    headers: response.headers,
  };
}

/**
 * A test app with a bus of its own for the describe block it is called in: started before its
 * tests (with the environment `env` gives then), closed after them.
 */
function useAppWithBus(env: () => Record<string, string> = () => ({})) {
  const setup = {} as { t: TestApp; bus: MemoryEventBus };
  beforeAll(async () => {
    setup.bus = new MemoryEventBus();
    setup.t = await createTestApp({ bus: setup.bus, env: env() });
  });
  afterAll(async () => {
    await setup.t.close();
  });
  return setup;
}

describe("images in chat (procedural provider)", () => {
  const setup = useAppWithBus();

  it("answers a photo request with start_generation, then a stored image the browser can load", async () => {
    const user = await chatter(setup.t, setup.bus);
    const sent = await user.send("Send me a photo of you at the beach!");
    expect(sent.status).toBe(202);
    // paid like any message: a free message
    expect(sendMessageResponseSchema.parse(sent.body).balance).toEqual({ free_msgs: 9, tokens: 0 });

    const image = await user.arrival("image");
    const kinds = user.events.map((event) => `${event.action}:${event.message.type}`);
    // the placeholder as the message is stored, again when the job starts (the same state), then the image
    expect(kinds.at(0)).toBe("add:start_generation");
    expect(new Set(kinds.slice(0, -1))).toEqual(new Set(["add:start_generation"]));
    expect(kinds.at(-1)).toBe("add:image");
    const placeholder = user.events[0]?.message;
    expect(placeholder?.id).toBeLessThan(0);
    expect(placeholder).toMatchObject({ chat_id: user.chat.id, from: "model", model_id: user.model?.id });

    expect(image).toMatchObject({
      chat_id: user.chat.id,
      from: "model",
      model_id: user.model?.id,
      type: "image",
      locked: false,
      price_tokens: null,
      video_duration: null,
    });
    expect(image.id).toBeGreaterThan(0);
    expect(image.message_id).toBe(image.id);
    expect(image.text.length).toBeGreaterThan(5);
    expect(image.image_url).toMatch(/^\/media\/chats\/\d+\/[\w-]+\.webp$/);
    expect(image.images_urls).toEqual([image.image_url]);

    const file = await fetchMedia(setup.t, image.image_url ?? "");
    expect(file.status).toBe(200);
    expect(file.type).toBe("image/webp");
    const meta = await sharp(file.body).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["webp", 720, 960]);

    const stored = (await user.history()).at(-1);
    expect(stored).toMatchObject({
      id: image.id,
      type: "image",
      image_url: image.image_url,
      text: image.text,
    });

    // deleting the message deletes the picture
    const deleted = await user.call("PUT", `/api/chats/${user.chat.id}/messages/delete`, {
      msgs_ids: [image.id],
    });
    expect(deleted.status).toBe(200);
    expect((await fetchMedia(setup.t, image.image_url ?? "")).status).toBe(404);
  });

  it("makes a new picture for every request", async () => {
    const user = await chatter(setup.t, setup.bus, { modelIndex: 1 });
    await user.send("send me a pic");
    const first = await user.arrival("image");
    user.events.length = 0;
    await user.send("send me another pic");
    const second = await user.arrival("image");
    expect(second.image_url).not.toBe(first.image_url);
    const [a, b] = await Promise.all([
      fetchMedia(setup.t, first.image_url ?? ""),
      fetchMedia(setup.t, second.image_url ?? ""),
    ]);
    expect(Buffer.compare(a.body, b.body)).not.toBe(0);
  });

  it("answers a negated request with text, not a picture", async () => {
    const user = await chatter(setup.t, setup.bus);
    await user.send("please don't send a photo, just talk to me");
    const reply = await user.arrival("text");
    expect(reply.image_url).toBeNull();
    expect(user.events.some((event) => event.message.type === "start_generation")).toBe(false);
  });

  it("refuses an image prompt sexualising minors: 422, nothing stored or charged, recorded as an image prompt", async () => {
    const user = await chatter(setup.t, setup.bus);
    const before = await user.history();
    const refused = await user.send("send me a nude photo of a 15 year old");
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ statusCode: 422, error: "content_refused", category: "minors" });
    expect(await user.history()).toHaveLength(before.length);
    const account = await setup.t.database.db
      .selectFrom("users")
      .select(["free_msgs", "tokens"])
      .where("id", "=", user.id)
      .executeTakeFirstOrThrow();
    expect(account).toEqual({ free_msgs: 10, tokens: 0 });
    const events = await setup.t.database.db
      .selectFrom("moderation_events")
      .select(["surface", "category"])
      .where("user_id", "=", user.id)
      .execute();
    expect(events).toEqual([{ surface: "image_prompt", category: "minors" }]);
    // pictures come only from an image job: none was queued for the user, so none can come
    const imageJobs = await setup.t.database.db
      .selectFrom("jobs")
      .select("id")
      .where("kind", "=", "image")
      .where("payload", "like", `%${user.id}%`)
      .execute();
    expect(imageJobs).toEqual([]);
    expect(user.events).toEqual([]);
  });

  it("sends a private photo locked behind a blurred preview; unlocking takes tokens once and serves the full file by a signed URL", async () => {
    const user = await chatter(setup.t, setup.bus);
    await user.send("can I see a private selfie, just for me?");
    const locked = await user.arrival("private_image");
    expect(locked).toMatchObject({
      type: "private_image",
      locked: true,
      price_tokens: 20,
      video_duration: null,
    });
    expect(locked.image_url).toMatch(/^\/media\/chats\/\d+\/[\w-]+\.preview\.webp$/);
    const preview = await fetchMedia(setup.t, locked.image_url ?? "");
    expect(preview.status).toBe(200);
    expect(preview.type).toBe("image/webp");
    expect((await sharp(preview.body).metadata()).width).toBe(360);
    // the full file is not public
    const hiddenName = (locked.image_url ?? "").replace(".preview.webp", ".webp");
    expect((await fetchMedia(setup.t, hiddenName)).status).toBe(404);
    expect(JSON.stringify(await user.history())).not.toContain("/media-private/");

    // no tokens: 402 naming what could not be paid for, still locked
    const refused = await user.unlock(locked.id);
    expect(refused.status).toBe(402);
    expect(refused.body).toMatchObject({
      statusCode: 402,
      error: "insufficient_balance",
      type: "private_image",
    });
    expect((await user.history()).at(-1)).toMatchObject({ id: locked.id, locked: true });

    await grantTokens(setup.t, user.id, 25, `test:grant:${user.id}`);
    const unlocked = await user.unlock(locked.id);
    expect(unlocked.status).toBe(200);
    const body = unlockMessageResponseSchema.parse(unlocked.body);
    expect(body.balance).toEqual({ free_msgs: 9, tokens: 5 });
    expect(body.message).toMatchObject({ id: locked.id, type: "private_image", locked: false });
    const url = body.message.image_url ?? "";
    expect(url).toMatch(/^\/media-private\/chats\/\d+\/[\w-]+\.webp\?expires=\d+&signature=[\w-]+$/);
    expect(body.message.images_urls).toEqual([url]);
    expect(await ledger(setup.t, user.id)).toEqual([
      { delta: 25, reason: "purchase", reference: `test:grant:${user.id}` },
      { delta: -20, reason: "unlock", reference: `unlock:message:${locked.id}` },
    ]);

    const full = await fetchMedia(setup.t, url);
    expect(full.status).toBe(200);
    expect(full.type).toBe("image/webp");
    expect(full.headers["cache-control"]).toMatch(/^private, max-age=\d+$/);
    const meta = await sharp(full.body).metadata();
    expect([meta.width, meta.height]).toEqual([720, 960]);

    // a changed signature, a missing one, or another file under the same signature: 403
    const forged = url.replace(
      /signature=([\w-])/,
      (_match, first: string) => `signature=${first === "A" ? "B" : "A"}`,
    );
    expect((await fetchMedia(setup.t, forged)).status).toBe(403);
    expect((await fetchMedia(setup.t, url.split("?")[0] ?? "")).status).toBe(403);
    expect((await fetchMedia(setup.t, url.replace(/\/[\w-]+\.webp\?/, "/other.webp?"))).status).toBe(403);
    expect(
      (await fetchMedia(setup.t, `/media-private/..%2F..%2Fauth-secret?${url.split("?")[1]}`)).status,
    ).toBe(403);
    expect((await fetchMedia(setup.t, url)).body.equals(full.body)).toBe(true);

    // unlocking again costs nothing
    const again = await user.unlock(locked.id);
    expect(again.status).toBe(200);
    expect(again.body.balance).toEqual({ free_msgs: 9, tokens: 5 });
    expect(await ledger(setup.t, user.id)).toHaveLength(2);
    expect((await user.history()).at(-1)).toMatchObject({ id: locked.id, locked: false });

    // deleting the chat deletes the file and its preview
    expect((await user.call("DELETE", `/api/chats/${user.chat.id}`)).status).toBe(204);
    expect((await fetchMedia(setup.t, url)).status).toBe(404);
    expect((await fetchMedia(setup.t, locked.image_url ?? "")).status).toBe(404);
  });

  it("sends a video as a locked private video; premium pays tokens to unlock it too, and the file plays with ranges", async () => {
    const user = await chatter(setup.t, setup.bus);
    await setAccount(setup.t, user.id, { plan: "premium" });
    await user.send("send me a video of you dancing");
    const locked = await user.arrival("private_video");
    expect(locked).toMatchObject({
      type: "private_video",
      locked: true,
      price_tokens: 40,
      video_duration: 4,
    });
    expect(locked.image_url).toMatch(/\.preview\.webp$/);
    expect((await fetchMedia(setup.t, locked.image_url ?? "")).type).toBe("image/webp");

    const refused = await user.unlock(locked.id);
    expect(refused.status).toBe(402);
    expect(refused.body).toMatchObject({ error: "insufficient_balance", type: "private_video" });

    await grantTokens(setup.t, user.id, 100, `test:grant:${user.id}`);
    const unlocked = unlockMessageResponseSchema.parse((await user.unlock(locked.id)).body);
    expect(unlocked.balance.tokens).toBe(60);
    expect(unlocked.message).toMatchObject({ locked: false, video_duration: 4 });
    const url = unlocked.message.image_url ?? "";
    expect(url).toMatch(/^\/media-private\/chats\/\d+\/[\w-]+\.webm\?/);
    const video = await fetchMedia(setup.t, url);
    expect(video.status).toBe(200);
    expect(video.type).toBe("video/webm");
    expect(video.body.subarray(0, 4).toString("hex")).toBe("1a45dfa3"); // EBML header
    const part = await fetchMedia(setup.t, url, { range: "bytes=0-99" });
    expect(part.status).toBe(206);
    expect(part.headers["content-range"]).toBe(`bytes 0-99/${video.body.length}`);
    expect(part.body.equals(video.body.subarray(0, 100))).toBe(true);
    expect((await fetchMedia(setup.t, url, { range: `bytes=${video.body.length}-` })).status).toBe(416);
  });

  it("refuses to unlock what is not private media, and other people's chats", async () => {
    const owner = await chatter(setup.t, setup.bus);
    await owner.send("send me a private photo");
    const locked = await owner.arrival("private_image");
    const first = (await owner.history())[0];
    const notPrivate = await owner.unlock(first?.id ?? 0);
    expect(notPrivate.status).toBe(400);
    expect(notPrivate.body).toMatchObject({ error: "not_private_media" });
    expect(notPrivate.body.message).toMatch(/only private images and videos/);
    expect((await owner.unlock(999_999)).status).toBe(404);
    expect((await owner.call("POST", `/api/chats/${owner.chat.id}/messages/abc/unlock`)).status).toBe(400);

    const stranger = await chatter(setup.t, setup.bus);
    await grantTokens(setup.t, stranger.id, 100, `test:grant:${stranger.id}`);
    const foreign = await stranger.call("POST", `/api/chats/${owner.chat.id}/messages/${locked.id}/unlock`);
    expect(foreign.status).toBe(404);
    // the message is in another chat than the stranger's own
    expect((await stranger.unlock(locked.id)).status).toBe(404);
    expect(await ledger(setup.t, stranger.id)).toHaveLength(1);
  });

  it("does not store a picture twice when a retried job finds it stored", async () => {
    const user = await chatter(setup.t, setup.bus);
    await user.send("send me a selfie");
    const image = await user.arrival("image");
    const requests: ImageRequest[] = [];
    const procedural = new ProceduralImageProvider();
    const handler = imageJobHandler({
      answers: answersOf(setup.t, setup.bus),
      images: {
        name: "recording",
        medium: "illustrations",
        generate: (request) => {
          requests.push(request);
          return procedural.generate(request);
        },
        check: () => procedural.check(),
      },
      bus: setup.bus,
      storage: setup.t.storage,
    });
    const userMessage = (await user.history()).at(-2);
    const job: ImageJob = {
      userId: user.id,
      chatId: user.chat.id,
      userMessageId: userMessage?.id ?? 0,
      charge: { kind: "free_message" },
      intent: { media: "photo", private: false },
      realistic: true,
    };
    user.events.length = 0;
    await handler.run(job, { jobId: 999_001, attempt: 2, lastAttempt: false });
    expect(requests).toHaveLength(0);
    expect(user.events.map((event) => event.message.id)).toEqual([image.id]);
    expect((await user.history()).filter((message) => message.type === "image")).toHaveLength(1);
  });
});

/** The service the image job answers through, on the test app's database and bus. */
function answersOf(t: TestApp, bus: MemoryEventBus): AnswerService {
  return new AnswerService({
    db: t.database.db,
    billing: new BillingService({ db: t.database.db }),
    bus,
    presenter: t.presenter,
  });
}

/** The keys of the files stored for a chat (pictures, videos, previews). */
async function chatFiles(t: TestApp, chatId: number): Promise<string[]> {
  const list = async (root: string, prefix: string) => {
    const names = await readdir(`${root}/chats/${chatId}`).catch(() => [] as string[]);
    return names.map((name) => `${prefix}/chats/${chatId}/${name}`);
  };
  return [
    ...(await list(t.storage.publicRoot, "public")),
    ...(await list(t.storage.privateRoot, "private")),
  ].sort();
}

describe("image jobs that overlap or outlive their chat", () => {
  const setup = useAppWithBus();

  const handlerWith = (overrides: Partial<ImageDependencies>) =>
    imageJobHandler({
      answers: answersOf(setup.t, setup.bus),
      images: new ProceduralImageProvider(),
      bus: setup.bus,
      storage: setup.t.storage,
      ...overrides,
    });

  /** A photo request stored without its job, for running the job by hand. */
  const request = async (chatId: number, text: string) =>
    new MessageRepository(setup.t.database.db).insert({
      chat_id: chatId,
      sender: "user",
      type: "text",
      text,
    });

  const jobFor = (
    user: { id: string; chat: { id: number } },
    message: { id: number },
    intent: ImageJob["intent"],
  ): ImageJob => ({
    userId: user.id,
    chatId: user.chat.id,
    userMessageId: message.id,
    charge: { kind: "free_message" },
    intent,
    realistic: true,
  });

  it("stores one picture when two runs of the same job overlap; both deliver it and the other run's files are removed", async () => {
    const user = await chatter(setup.t, setup.bus);
    const asked = await request(user.chat.id, "send me a private photo at the beach");
    const job = jobFor(user, asked, { media: "photo", private: true });
    const handler = handlerWith({});
    await Promise.all([
      handler.run(job, { jobId: 999_101, attempt: 1, lastAttempt: false }),
      handler.run(job, { jobId: 999_101, attempt: 2, lastAttempt: false }),
    ]);
    const answers = await setup.t.database.db
      .selectFrom("messages")
      .select(["id", "media_key"])
      .where("reply_to", "=", asked.id)
      .execute();
    expect(answers).toHaveLength(1);
    const delivered = user.events.flatMap((event) =>
      event.action === "add" && event.message.type === "private_image" ? [event.message.id] : [],
    );
    expect(delivered).toEqual([answers[0]?.id, answers[0]?.id]);
    const key = answers[0]?.media_key ?? "";
    expect(await chatFiles(setup.t, user.chat.id)).toEqual(
      [key, key.replace(/^private\//, "public/").replace(/\.webp$/, ".preview.webp")].sort(),
    );
  });

  it("ends without a retry and leaves no files when the chat is deleted while the picture is made", async () => {
    const user = await chatter(setup.t, setup.bus);
    const asked = await request(user.chat.id, "send me a video of you dancing");
    const procedural = new ProceduralImageProvider();
    const handler = handlerWith({
      images: {
        name: "deleting",
        medium: "illustrations",
        generate: async (imageRequest) => {
          const image = await procedural.generate(imageRequest);
          expect((await user.call("DELETE", `/api/chats/${user.chat.id}`)).status).toBe(204);
          return image;
        },
        check: () => procedural.check(),
      },
    });
    await handler.run(jobFor(user, asked, { media: "video", private: true }), {
      jobId: 999_102,
      attempt: 1,
      lastAttempt: false,
    });
    expect(await chatFiles(setup.t, user.chat.id)).toEqual([]);
    expect(user.events.map((event) => event.message.type)).toEqual(["start_generation"]);
  });

  it(`renders at most ${RENDERS_AT_ONCE} pictures at once, however many jobs run`, async () => {
    const user = await chatter(setup.t, setup.bus);
    let writing = 0;
    let mostAtOnce = 0;
    const slowStorage: MediaStorage = {
      exists: (key) => setup.t.storage.exists(key),
      read: (key) => setup.t.storage.read(key),
      remove: (keys) => setup.t.storage.remove(keys),
      publicUrl: (key) => setup.t.storage.publicUrl(key),
      publicRoot: setup.t.storage.publicRoot,
      privateRoot: setup.t.storage.privateRoot,
      put: async (key, data) => {
        writing += 1;
        mostAtOnce = Math.max(mostAtOnce, writing);
        await new Promise((resolve) => setTimeout(resolve, 150));
        await setup.t.storage.put(key, data);
        writing -= 1;
      },
    };
    const handler = handlerWith({ storage: slowStorage });
    const asked = await Promise.all(
      [1, 2, 3, 4, 5].map((number) => request(user.chat.id, `send me photo number ${number}`)),
    );
    await Promise.all(
      asked.map((message, index) =>
        handler.run(jobFor(user, message, { media: "photo", private: false }), {
          jobId: 999_200 + index,
          attempt: 1,
          lastAttempt: false,
        }),
      ),
    );
    expect(mostAtOnce).toBe(RENDERS_AT_ONCE);
    expect(user.events.filter((event) => event.message.type === "image")).toHaveLength(5);
  });
});

// --- remote providers, against local servers speaking their protocols ---

type Reply = FakeReply;

/** The fake image server answers by `METHOD /path` (query left out); anything else is a 404. */
function startFakeServer(routes: Record<string, Reply>) {
  return startFakeUpstream((req, res, body) => {
    const route = routes[`${req.method} ${(req.url ?? "").split("?")[0]}`];
    if (!route) {
      res.writeHead(404, { "content-type": "application/json" }).end(JSON.stringify({ detail: "Not Found" }));
      return;
    }
    return route(req, res, body);
  });
}

const json = (res: ServerResponse, status: number, body: unknown) =>
  res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));

/**
 * A test app (with its bus) whose image provider is a fake server answering `routes`, set up for
 * the describe block it is called in; after each test the server's record is emptied and `reset` run.
 */
function useImageServer(
  routes: Record<string, Reply>,
  env: (url: string) => Record<string, string>,
  reset: () => void,
) {
  let upstream: Awaited<ReturnType<typeof startFakeServer>>;
  beforeAll(async () => {
    upstream = await startFakeServer(routes);
  });
  afterAll(() => upstream.close());
  const setup = useAppWithBus(() => env(upstream.url));
  afterEach(() => {
    reset();
    upstream.recorded.length = 0;
  });
  return {
    get t() {
      return setup.t;
    },
    get bus() {
      return setup.bus;
    },
    get upstream() {
      return upstream;
    },
  };
}

/** The user's token balance and free messages, as stored. */
const balanceOf = (t: TestApp, userId: string) =>
  t.database.db
    .selectFrom("users")
    .select(["tokens", "free_msgs"])
    .where("id", "=", userId)
    .executeTakeFirstOrThrow();

/** A real small PNG, as the servers return them. */
async function png(width: number, height: number, color: string): Promise<string> {
  const data = await sharp({ create: { width, height, channels: 3, background: color } })
    .png()
    .toBuffer();
  return data.toString("base64");
}

describe("images from AUTOMATIC1111 / Forge", () => {
  let failure: { status: number; body: unknown } | null = null;
  const server = useImageServer(
    {
      "POST /sdapi/v1/txt2img": async (_req, res, body) => {
        if (failure) return json(res, failure.status, failure.body);
        const width = Number(body?.width);
        const height = Number(body?.height);
        json(res, 200, { images: [await png(width, height, "#d08060")], parameters: body, info: "{}" });
      },
      "GET /sdapi/v1/options": (_req, res) =>
        json(res, 200, { sd_model_checkpoint: "dreamshaper_8.safetensors" }),
    },
    (url) => ({ IMAGE_PROVIDER: "automatic1111", IMAGE_BASE_URL: url, IMAGE_API_KEY: "forge:secret" }),
    () => {
      failure = null;
    },
  );

  it("reports the server in the health check", async () => {
    const health = healthReportSchema.parse((await server.t.get("/api/health")).body);
    expect(health.providers.image).toEqual({
      status: "ok",
      detail: `automatic1111 ${server.upstream.url}, model dreamshaper_8.safetensors`,
    });
  });

  it("draws the requested picture with txt2img and stores it as WebP", async () => {
    const user = await chatter(server.t, server.bus);
    await user.send("send me a photo of you in the snow", false);
    const image = await user.arrival("image");
    const [call] = server.upstream.recorded.filter((item) => item.path === "/sdapi/v1/txt2img");
    expect(call?.method).toBe("POST");
    expect(call?.headers.authorization).toBe(`Basic ${Buffer.from("forge:secret").toString("base64")}`);
    expect(call?.body).toMatchObject({
      width: 576,
      height: 768,
      steps: 24,
      send_images: true,
      save_images: false,
    });
    expect(typeof call?.body?.seed).toBe("number");
    const prompt = String(call?.body?.prompt);
    expect(prompt.startsWith("anime illustration")).toBe(true); // realistic: false
    expect(prompt).toContain(user.model?.name);
    expect(prompt).toContain("snowy cabin");
    expect(prompt).toContain("fully clothed");
    expect(String(call?.body?.negative_prompt)).toContain("underage");

    const file = await fetchMedia(server.t, image.image_url ?? "");
    expect(file.type).toBe("image/webp");
    const meta = await sharp(file.body).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["webp", 720, 960]);
    const { dominant } = await sharp(file.body).stats();
    // the upstream's picture, not a procedural one
    expect(Math.abs(dominant.r - 0xd0)).toBeLessThan(24);
  });

  it("refunds the tokens and tells the user when the server keeps failing", async () => {
    failure = {
      status: 500,
      body: { error: "RuntimeError", detail: "", body: "", errors: "CUDA out of memory" },
    };
    const user = await chatter(server.t, server.bus);
    await setAccount(server.t, user.id, { free_msgs: 0, tokens: 3 });
    const sent = await user.send("send me a picture");
    expect(sent.body.balance).toEqual({ free_msgs: 0, tokens: 2 });
    const notice = await user.arrival("text");
    expect(notice.text).toContain("not charged");
    expect(server.upstream.recorded.filter((item) => item.path === "/sdapi/v1/txt2img")).toHaveLength(3);
    expect(user.events.filter((event) => event.message.type === "start_generation").length).toBeGreaterThan(
      0,
    );
    expect((await balanceOf(server.t, user.id)).tokens).toBe(3);
    expect((await ledger(server.t, user.id)).map((row) => [row.delta, row.reason])).toEqual([
      [-1, "message"],
      [1, "refund"],
    ]);
    expect((await user.history()).some((message) => message.type === "image")).toBe(false);
  });
});

describe("images from an OpenAI-compatible images API", () => {
  /** the next `times` calls fail (-1: all of them) */
  let failure: { status: number; body: unknown; times: number } | null = null;
  const server = useImageServer(
    {
      "POST /v1/images/generations": async (req, res) => {
        if (req.headers.authorization !== "Bearer sk-test") {
          return json(res, 401, {
            error: { message: "Incorrect API key provided", type: "invalid_request_error" },
          });
        }
        if (failure && failure.times !== 0) {
          failure.times -= 1;
          return json(res, failure.status, failure.body);
        }
        json(res, 200, { created: 1_700_000_000, data: [{ b64_json: await png(1024, 1024, "#3060c0") }] });
      },
      "GET /v1/models": (_req, res) => json(res, 200, { object: "list", data: [{ id: "dall-e-3" }] }),
    },
    (url) => ({
      IMAGE_PROVIDER: "openai",
      IMAGE_BASE_URL: `${url}/v1`,
      IMAGE_API_KEY: "sk-test",
      IMAGE_MODEL: "dall-e-3",
    }),
    () => {
      failure = null;
    },
  );

  it("reports the server in the health check", async () => {
    const health = healthReportSchema.parse((await server.t.get("/api/health")).body);
    expect(health.providers.image?.status).toBe("ok");
    expect(health.providers.image?.detail).toContain("model dall-e-3");
  });

  it("generates with the images API and crops the square result to the chat size", async () => {
    const user = await chatter(server.t, server.bus);
    await user.send("show me a pic of you at the cafe");
    const image = await user.arrival("image");
    const [call] = server.upstream.recorded.filter((item) => item.path === "/v1/images/generations");
    expect(call?.body).toMatchObject({
      model: "dall-e-3",
      n: 1,
      size: "1024x1024",
      response_format: "b64_json",
    });
    const prompt = String(call?.body?.prompt);
    expect(prompt.startsWith("photograph, realistic")).toBe(true);
    expect(prompt).toContain("cafe");
    expect(prompt).toMatch(/adult and fully clothed/);
    const meta = await sharp((await fetchMedia(server.t, image.image_url ?? "")).body).metadata();
    expect([meta.width, meta.height]).toEqual([720, 960]);
  });

  it("makes a private photo from the same API: preview public, file private", async () => {
    const user = await chatter(server.t, server.bus);
    await user.send("send me a special private pic");
    const locked = await user.arrival("private_image");
    expect(locked.locked).toBe(true);
    expect((await fetchMedia(server.t, locked.image_url ?? "")).status).toBe(200);
  });

  it("gives up at once on a refusal (4xx) and refunds the free message", async () => {
    failure = {
      status: 400,
      times: -1,
      body: {
        error: {
          message: "Your request was rejected as a result of our safety system.",
          type: "invalid_request_error",
          code: "content_policy_violation",
        },
      },
    };
    const user = await chatter(server.t, server.bus);
    const sent = await user.send("send me a photo");
    expect(sent.body.balance).toEqual({ free_msgs: 9, tokens: 0 });
    const notice = await user.arrival("text");
    expect(notice.text).toContain("not charged");
    expect(server.upstream.recorded.filter((item) => item.path === "/v1/images/generations")).toHaveLength(1);
    expect((await balanceOf(server.t, user.id)).free_msgs).toBe(10);
  });

  it("retries a rate-limited request (429)", async () => {
    const user = await chatter(server.t, server.bus);
    failure = { status: 429, body: { error: { message: "Rate limit reached", type: "requests" } }, times: 1 };
    await user.send("send me a photo");
    await user.arrival("image");
    expect(server.upstream.recorded.filter((item) => item.path === "/v1/images/generations")).toHaveLength(2);
  });
});
