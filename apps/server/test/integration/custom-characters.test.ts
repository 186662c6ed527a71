import type { ServerResponse } from "node:http";
import {
  chatSchema,
  customModelCreatedSchema,
  customModelListSchema,
  customModelSchema,
  type Message,
  openedChatSchema,
  type SocketEvent,
  TRAIT_KEYS,
  traitListSchema,
} from "@reverie/shared";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ProceduralImageProvider } from "../../src/providers/image/index.ts";
import type { ImageProvider, ImageRequest } from "../../src/providers/image/types.ts";
import { EspeakProvider } from "../../src/providers/tts/index.ts";
import type { SpeechRequest, TtsProvider } from "../../src/providers/tts/types.ts";
import { MemoryEventBus } from "../../src/realtime/bus.ts";
import { PRICE_LIST } from "../../src/services/billing/price-list.ts";
import type { CardData } from "../../src/services/cards/card-data.ts";
import { ETHNICITIES, HAIR_STYLES } from "../../src/services/custom-characters/trait-options.ts";
import * as accounts from "../helpers/accounts.ts";
import { startFakeUpstream } from "../helpers/fake-upstream.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";
import { eventually } from "../helpers/wait.ts";

const PRICE = PRICE_LIST.costs.customCharacter;
const ALLOWANCE = PRICE_LIST.premiumFeatures.CustomCharacters;

/** The procedural renderer, recording what it is asked to draw. */
class RecordingImages implements ImageProvider {
  readonly name = "recording";
  readonly medium = "illustrations";
  readonly requests: ImageRequest[] = [];
  readonly #procedural = new ProceduralImageProvider();

  async generate(request: ImageRequest) {
    this.requests.push(request);
    return this.#procedural.generate(request);
  }

  check() {
    return this.#procedural.check();
  }
}

/** espeak-ng, recording the voices it is asked for. */
class RecordingTts implements TtsProvider {
  readonly name = "recording";
  readonly requests: SpeechRequest[] = [];
  readonly #espeak = new EspeakProvider({ workers: 1 });

  synthesize(request: SpeechRequest) {
    this.requests.push(request);
    return this.#espeak.synthesize(request);
  }

  check() {
    return this.#espeak.check();
  }

  close() {
    return this.#espeak.close();
  }
}

function payload(overrides: Record<string, unknown> = {}) {
  return {
    gender: "female",
    name: "Mia Torres",
    age: 26,
    ethnicity: "latin",
    body_type: "athletic",
    breast_type: "medium",
    butt_size: "medium",
    eyes_color: "green",
    hair_style: "wavy_brunette",
    personality: "playful",
    relationship: "girlfriend",
    hobbies: "surfing, photography",
    voice: "female_soft",
    description: "Mia is a nurse who surfs at dawn before her shifts.",
    ...overrides,
  };
}

/** A signed-up user with a balance and a plan, whose socket events are collected. */
async function signUp(t: TestApp, bus: MemoryEventBus, options: { tokens?: number; premium?: boolean } = {}) {
  const user = await accounts.signUp(t, { prefix: "maker", firstName: "Sam" });
  const { token } = user;
  if (options.premium)
    await t.database.db.updateTable("users").set({ plan: "premium" }).where("id", "=", user.id).execute();
  if (options.tokens) await grant(t, user.id, options.tokens);
  const events: SocketEvent[] = [];
  bus.subscribe(user.id, (event) => events.push(event));
  const call = async (method: "GET" | "POST" | "PATCH" | "DELETE", url: string, body?: object) => {
    const response = await t.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${token}` },
      ...(body ? { payload: body } : {}),
    });
    return {
      status: response.statusCode,
      body: response.headers["content-type"]?.includes("json") ? response.json() : null,
    };
  };
  /** The first event that matches, waiting for it. */
  const event = async <Event extends SocketEvent>(
    matches: (event: SocketEvent) => event is Event,
    timeoutMs = 20_000,
  ): Promise<Event> => {
    return eventually(() => events.find(matches), { timeout: timeoutMs, what: "the event" });
  };
  const created = (id: number) =>
    event(
      (candidate): candidate is Extract<SocketEvent, { action: "custom_model_created" }> =>
        candidate.action === "custom_model_created" && candidate.id === id,
    );
  const redrawn = (id: number, after = 0) =>
    event(
      (candidate): candidate is Extract<SocketEvent, { action: "update_custom_image" }> =>
        candidate.action === "update_custom_image" &&
        candidate.model_id === id &&
        events.indexOf(candidate) >= after,
    );
  /** Creates a character and waits for its portrait. */
  const create = async (overrides: Record<string, unknown> = {}) => {
    const response = await call("POST", "/api/custom/models", payload(overrides));
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    const { model_id } = customModelCreatedSchema.parse(response.body);
    await created(model_id);
    return customModelSchema.parse((await call("GET", `/api/custom/models/${model_id}`)).body);
  };
  return { id: user.id, token, events, call, event, created, redrawn, create };
}

const grant = (t: TestApp, userId: string, amount: number) =>
  accounts.grantTokens(t, userId, amount, `test:grant:${userId}:${Math.random()}`);

async function ownedRows(t: TestApp, userId: string) {
  return t.database.db.selectFrom("characters").selectAll().where("owner_id", "=", userId).execute();
}

async function ledger(t: TestApp, userId: string) {
  return t.database.db
    .selectFrom("token_ledger")
    .select(["delta", "reason"])
    .where("user_id", "=", userId)
    .where("reason", "!=", "purchase")
    .orderBy("id")
    .execute();
}

async function fetchUrl(t: TestApp, url: string) {
  const response = await t.app.inject({ method: "GET", url });
  return { status: response.statusCode, type: response.headers["content-type"], body: response.rawPayload };
}

/** Waits for the character's text reply in the chat (the first model message after `after`). */
async function replyIn(
  user: Awaited<ReturnType<typeof signUp>>,
  type: Message["type"],
  after: number,
): Promise<Message & { message_id: number }> {
  const found = await user.event(
    (event): event is Extract<SocketEvent, { action: "add" }> =>
      event.action === "add" &&
      event.message.type === type &&
      event.message.from === "model" &&
      event.message.id > after,
    30_000,
  );
  return found.message;
}

describe("custom characters", () => {
  let t: TestApp;
  let bus: MemoryEventBus;
  let images: RecordingImages;
  let tts: RecordingTts;

  beforeAll(async () => {
    bus = new MemoryEventBus();
    images = new RecordingImages();
    tts = new RecordingTts();
    t = await createTestApp({ bus, images, tts });
  });
  afterAll(async () => {
    await t.close();
    await tts.close();
  });

  it("offers every trait with its options, pictures for looks and icons for the rest, and the price", async () => {
    const { status, body } = await t.get("/api/custom/traits");
    expect(status).toBe(200);
    const traitList = traitListSchema.parse(body);
    expect(traitList.traits.map((trait) => trait.key)).toEqual([...TRAIT_KEYS]);
    expect(traitList).toMatchObject({ price_tokens: PRICE, free_per_month: ALLOWANCE });
    const trait = (key: string) => traitList.traits.find((candidate) => candidate.key === key);
    expect(trait("hobbies")).toMatchObject({ multiple: true, max: 5 });
    const breasts = trait("breast_type")?.options ?? [];
    expect(breasts.length).toBeGreaterThan(0);
    for (const option of breasts)
      expect(option.genders.every((gender) => gender.includes("female"))).toBe(true);
    const animeHair = (trait("hair_style")?.options ?? []).filter((option) => option.value === "long_pink");
    expect(animeHair.map((option) => option.genders)).toEqual([["anime_female"]]);
    for (const option of trait("voice")?.options ?? []) {
      expect(option.icon).toBeTruthy();
      expect(option.genders.length).toBe(2);
    }
    // a look's picture is a portrait drawn with it, an eye colour a swatch
    const latin = trait("ethnicity")?.options.find(
      (option) => option.value === "latin" && option.genders[0] === "female",
    );
    const portrait = await fetchUrl(t, latin?.image_url ?? "");
    expect(portrait.status).toBe(200);
    expect(portrait.type).toBe("image/webp");
    expect((await sharp(portrait.body).metadata()).width).toBe(240);
    const green = trait("eyes_color")?.options.find((option) => option.value === "green");
    expect((await fetchUrl(t, green?.image_url ?? "")).type).toBe("image/webp");
    // a preview of an option not offered in the category is a 400 naming it
    const wrong = await t.get("/api/custom/previews/portrait?gender=male&hair_style=long_pink");
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toContain("hair_style");
  });

  it("creates a character: 201 with the balance, paid once, and its portrait arrives by custom_model_created", async () => {
    const user = await signUp(t, bus, { tokens: 100 });
    const response = await user.call("POST", "/api/custom/models", payload());
    expect(response.status).toBe(201);
    const created = customModelCreatedSchema.parse(response.body);
    expect(created.current_tokens).toBe(100 - PRICE);
    expect(await ledger(t, user.id)).toEqual([{ delta: -PRICE, reason: "custom_character" }]);

    const announced = await user.created(created.model_id);
    expect(announced).toEqual({
      action: "custom_model_created",
      id: created.model_id,
      model_id: created.model_id,
    });
    const model = customModelSchema.parse(
      (await user.call("GET", `/api/custom/models/${created.model_id}`)).body,
    );
    expect(model).toMatchObject({
      id: created.model_id,
      name: "Mia Torres",
      age: 26,
      gender: "female",
      custom: true,
      source: "builder",
      portrait_status: "ready",
      lorebook_entries: 0,
      personality: "playful, teasing, spontaneous",
      relationship: "girlfriend",
      hobbies: ["surfing", "photography"],
      description: "Mia is a nurse who surfs at dawn before her shifts.",
    });
    expect(model.traits).toMatchObject({
      hair_style: "wavy_brunette",
      hobbies: "surfing,photography",
      voice: "female_soft",
    });
    expect(model.tagline).toBe("Playful girlfriend who loves surfing and photography");
    expect(model.first_msg.length).toBeGreaterThan(20);

    // the portrait is private: a signed link, a WebP of the cover's size
    expect(model.cover_url).toMatch(
      /^\/media-private\/custom\/custom-[0-9a-f]+-mia-torres\/[0-9a-f]+-cover\.webp\?expires=\d+&signature=/,
    );
    const cover = await fetchUrl(t, model.cover_url);
    expect(cover.status).toBe(200);
    expect(await sharp(cover.body).metadata()).toMatchObject({ format: "webp", width: 720, height: 960 });
    const avatar = await fetchUrl(t, model.avatar_url);
    expect(await sharp(avatar.body).metadata()).toMatchObject({ width: 512, height: 512 });
    // unsigned, or as a public file, it is not served
    expect((await fetchUrl(t, model.cover_url.split("?")[0] ?? "")).status).toBe(403);
    expect(
      (await fetchUrl(t, (model.cover_url.split("?")[0] ?? "").replace("/media-private/", "/media/"))).status,
    ).toBe(404);

    // drawn from its traits: skin and hair as chosen, set where its first hobby is, an adult
    const drawn = images.requests.findLast((request) => request.seed.startsWith("portrait:"));
    expect(drawn?.character).toMatchObject({ name: "Mia Torres", age: 26, gender: "female" });
    expect(drawn?.look.skin).toBe(ETHNICITIES.find((option) => option.value === "latin")?.skin);
    expect(drawn?.look.hair).toMatchObject({
      style: "wavy",
      color: HAIR_STYLES.find((option) => option.value === "wavy_brunette")?.color,
    });
    expect(drawn?.look.descriptors).toEqual(["Latin American", "athletic build"]);
    expect(drawn?.scene).toBe("beach_day");
  });

  it("refuses a character under 18, an unknown option, a breast size for a male category, an anime look for a realistic one", async () => {
    const user = await signUp(t, bus, { tokens: 100 });
    const cases: [Record<string, unknown>, string][] = [
      [{ age: 17 }, "age"],
      [{ hair_style: "mohawk_green" }, "hair_style"],
      [{ ethnicity: "martian" }, "ethnicity"],
      [
        {
          gender: "male",
          hair_style: "short_black",
          relationship: "boyfriend",
          voice: "male_deep",
          breast_type: "large",
        },
        "breast_type",
      ],
      [{ hair_style: "long_pink" }, "hair_style"],
      [{ hobbies: "surfing,knitting" }, "hobbies"],
      [{ hobbies: "reading,cooking,yoga,hiking,music,gaming" }, "hobbies"],
      [{ voice: "male_deep" }, "voice"],
    ];
    for (const [overrides, field] of cases) {
      const response = await user.call("POST", "/api/custom/models", payload(overrides));
      expect(response.status, JSON.stringify(overrides)).toBe(400);
      expect(response.body.message).toContain(field);
    }
    expect(await ownedRows(t, user.id)).toEqual([]);
    expect(await ledger(t, user.id)).toEqual([]);
  });

  it("refuses a minor-coded character whatever its age says, logs it, and charges nothing", async () => {
    const user = await signUp(t, bus, { tokens: 100 });
    for (const description of [
      "She is a 15 year old high school student who loves the beach.",
      "A shy middle schooler with braces.",
    ]) {
      const response = await user.call("POST", "/api/custom/models", payload({ age: 25, description }));
      expect(response.status).toBe(422);
      expect(response.body).toMatchObject({ error: "content_refused", category: "minors" });
      expect(response.body.message).toMatch(/under 18/);
    }
    const logged = await t.database.db
      .selectFrom("moderation_events")
      .select(["surface", "category", "excerpt"])
      .where("user_id", "=", user.id)
      .execute();
    expect(logged).toHaveLength(2);
    expect(logged[0]).toMatchObject({ surface: "character_definition", category: "minors" });
    expect(logged[0]?.excerpt).toContain("15 year old");
    expect(await ownedRows(t, user.id)).toEqual([]);
    expect(await ledger(t, user.id)).toEqual([]);
  });

  it("answers 402 insufficient_balance without enough tokens, and stores nothing", async () => {
    const user = await signUp(t, bus, { tokens: PRICE - 1 });
    const response = await user.call("POST", "/api/custom/models", payload());
    expect(response.status).toBe(402);
    expect(response.body).toMatchObject({
      statusCode: 402,
      error: "insufficient_balance",
      type: "custom_model",
    });
    expect(await ownedRows(t, user.id)).toEqual([]);
    expect(await ledger(t, user.id)).toEqual([]);
    // the event comes only from a portrait job: none was queued for the user, so none can come
    const portraits = await t.database.db
      .selectFrom("jobs")
      .select("id")
      .where("kind", "=", "portrait")
      .where("payload", "like", `%${user.id}%`)
      .execute();
    expect(portraits).toEqual([]);
    expect(user.events.filter((event) => event.action === "custom_model_created")).toEqual([]);
  });

  it("gives premium its monthly allowance, then charges tokens", async () => {
    const user = await signUp(t, bus, { premium: true });
    for (let index = 0; index < ALLOWANCE; index++) {
      const response = await user.call("POST", "/api/custom/models", payload({ name: `Included ${index}` }));
      expect(response.status).toBe(201);
      expect(response.body.current_tokens).toBe(0);
    }
    const over = await user.call("POST", "/api/custom/models", payload({ name: "One too many" }));
    expect(over.status).toBe(402);
    await grant(t, user.id, PRICE);
    const paid = await user.call("POST", "/api/custom/models", payload({ name: "Paid for" }));
    expect(paid.status).toBe(201);
    expect(paid.body.current_tokens).toBe(0);
    const rows = await ownedRows(t, user.id);
    expect(rows.map((row) => row.paid_tokens).sort()).toEqual([...Array(ALLOWANCE).fill(0), PRICE].sort());
    // each use of the allowance is in the statement, at no cost
    expect(await ledger(t, user.id)).toEqual([
      ...Array(ALLOWANCE).fill({ delta: 0, reason: "custom_character" }),
      { delta: -PRICE, reason: "custom_character" },
    ]);
    // deleting an included character does not give the allowance back
    const included = rows.find((row) => row.paid_tokens === 0);
    expect((await user.call("DELETE", `/api/custom/models/${included?.id}`)).status).toBe(204);
    expect((await user.call("POST", "/api/custom/models", payload({ name: "Again" }))).status).toBe(402);
  });

  it("lists, shows, changes, redraws and deletes the user's characters", async () => {
    const user = await signUp(t, bus, { tokens: 200 });
    const mia = await user.create();
    const leo = await user.create({
      gender: "anime_male",
      name: "Leo",
      breast_type: undefined,
      ethnicity: "fair",
      hair_style: "spiky_silver",
      eyes_color: "violet",
      relationship: "rival",
      voice: "male_bright",
      description: "",
    });
    expect(leo.description).toBe(
      "Leo is a playful 26-year-old who is your rival. He loves surfing and photography.",
    );

    const all = customModelListSchema.parse((await user.call("GET", "/api/custom/models")).body).items;
    expect(all.map((model) => model.id)).toEqual([leo.id, mia.id]);
    const female = customModelListSchema.parse(
      (await user.call("GET", "/api/custom/models?gender=female")).body,
    );
    expect(female.items.map((model) => model.id)).toEqual([mia.id]);

    // texts follow the traits; no look changed, so the portrait stays
    const eventsBefore = user.events.length;
    const renamed = await user.call("PATCH", `/api/custom/models/${mia.id}`, {
      name: "Mia Luz",
      personality: "calm",
      hobbies: "reading",
    });
    expect(renamed.status).toBe(200);
    const changed = customModelSchema.parse(renamed.body);
    expect(changed).toMatchObject({
      name: "Mia Luz",
      personality: "calm, steady, patient",
      tagline: "Calm girlfriend who loves reading novels",
      hobbies: ["reading novels"],
      description: mia.description,
      portrait_status: "ready",
      cover_url: expect.stringContaining(mia.cover_url.split("?")[0] ?? "-"),
    });
    // an edit that names nothing keeps the description; a moderated change is refused
    expect((await user.call("PATCH", `/api/custom/models/${mia.id}`, { age: 27 })).body.description).toBe(
      mia.description,
    );
    const refused = await user.call("PATCH", `/api/custom/models/${mia.id}`, {
      description: "She is 14 years old.",
    });
    expect(refused.status).toBe(422);
    expect(
      (await user.call("PATCH", `/api/custom/models/${mia.id}`, { hair_style: "long_pink" })).status,
    ).toBe(400);

    // a changed look redraws the portrait: pending, then update_custom_image with the new files
    const relooked = await user.call("PATCH", `/api/custom/models/${mia.id}`, { hair_style: "bob_blonde" });
    expect(relooked.body.portrait_status).toBe("pending");
    const update = await user.redrawn(mia.id, eventsBefore);
    expect(update.images_urls).toHaveLength(2);
    const redrawnModel = customModelSchema.parse(
      (await user.call("GET", `/api/custom/models/${mia.id}`)).body,
    );
    expect(redrawnModel.portrait_status).toBe("ready");
    expect(redrawnModel.avatar_url.split("?")[0]).not.toBe(mia.avatar_url.split("?")[0]);
    expect(update.images_urls[0]?.split("?")[0]).toBe(redrawnModel.avatar_url.split("?")[0]);
    // the old portrait's files are gone
    expect((await fetchUrl(t, mia.avatar_url)).status).toBe(404);

    // a redraw on request: 202, a new picture of the same look
    const beforeRedraw = user.events.length;
    const redraw = await user.call("POST", `/api/custom/models/${leo.id}/portrait`);
    expect(redraw.status).toBe(202);
    expect(redraw.body.portrait_status).toBe("pending");
    await user.redrawn(leo.id, beforeRedraw);

    // deleting takes its chats, messages and files
    const chat = chatSchema.parse((await user.call("POST", "/api/chats", { model_id: leo.id })).body);
    const leoNow = customModelSchema.parse((await user.call("GET", `/api/custom/models/${leo.id}`)).body);
    expect((await user.call("DELETE", `/api/custom/models/${leo.id}`)).status).toBe(204);
    expect((await user.call("GET", `/api/custom/models/${leo.id}`)).status).toBe(404);
    expect((await user.call("GET", `/api/chats/${chat.id}/messages`)).status).toBe(404);
    expect(
      await t.database.db.selectFrom("messages").select("id").where("chat_id", "=", chat.id).execute(),
    ).toEqual([]);
    expect((await fetchUrl(t, leoNow.cover_url)).status).toBe(404);
    expect((await user.call("DELETE", `/api/custom/models/${leo.id}`)).status).toBe(404);
  });

  it("keeps a character private: another user gets 404 on every call, its chats and its media", async () => {
    const owner = await signUp(t, bus, { tokens: 100 });
    const other = await signUp(t, bus, { tokens: 100 });
    const mia = await owner.create();
    const chat = chatSchema.parse((await owner.call("POST", "/api/chats", { model_id: mia.id })).body);

    const calls: [Parameters<typeof other.call>[0], string, object?][] = [
      ["GET", `/api/custom/models/${mia.id}`],
      ["PATCH", `/api/custom/models/${mia.id}`, { name: "Mine now" }],
      ["DELETE", `/api/custom/models/${mia.id}`],
      ["POST", `/api/custom/models/${mia.id}/portrait`],
      ["POST", "/api/chats", { model_id: mia.id }],
      ["GET", `/api/chats/${chat.id}/messages`],
      ["POST", `/api/chats/${chat.id}/messages`, { message: { text: "hello" } }],
      ["DELETE", `/api/chats/${chat.id}`],
      ["POST", "/api/custom/images", { model_id: mia.id, user_prompt: "at the beach", count: 1 }],
      ["GET", `/api/custom/images?model_id=${mia.id}`],
    ];
    for (const [method, url, body] of calls) {
      expect((await other.call(method, url, body)).status, `${method} ${url}`).toBe(404);
    }
    expect(customModelListSchema.parse((await other.call("GET", "/api/custom/models")).body).items).toEqual(
      [],
    );
    const otherChats = (await other.call("GET", "/api/chats")).body as { items: { model: { id: number } }[] };
    expect(otherChats.items.some((item) => item.model.id === mia.id)).toBe(false);
    // nothing of it changed, nothing was charged
    expect(customModelSchema.parse((await owner.call("GET", `/api/custom/models/${mia.id}`)).body).name).toBe(
      "Mia Torres",
    );
    expect(await ledger(t, other.id)).toEqual([]);
    // its portrait is served to a signed link only; the other user never receives one
    const unsigned = mia.avatar_url.split("?")[0] ?? "";
    expect((await fetchUrl(t, unsigned)).status).toBe(403);
    expect((await fetchUrl(t, unsigned.replace("/media-private/", "/media/"))).status).toBe(404);
    // its events reach its owner only
    expect(other.events.filter((event) => event.action === "custom_model_created")).toEqual([]);
  });

  it("never shows a user's character in the catalog, the gallery, bundles or the visitor's chats", async () => {
    const owner = await signUp(t, bus, { tokens: 100 });
    const mia = await owner.create({ name: "Hidden Mia" });
    const lists = ["/api/models", "/api/models?gender=female", "/api/gallery/models?gender=female"];
    for (const url of lists) {
      const { status, body } = await t.get(url);
      expect(status).toBe(200);
      expect(
        (body.items as { id: number }[]).some((item) => item.id === mia.id),
        url,
      ).toBe(false);
    }
    const anonymous = await t.get("/api/anonym/chats?gender=female&limit=100");
    expect(
      (anonymous.body.items as { model: { id: number } }[]).some((item) => item.model.id === mia.id),
    ).toBe(false);
    const bundles = await t.get("/api/models/bundles?gender=female");
    expect((bundles.body.items as { model: { id: number } }[]).some((item) => item.model.id === mia.id)).toBe(
      false,
    );
    expect((await t.get(`/api/models/${mia.id}`)).status).toBe(404);
    expect((await t.get(`/api/v2/gallery?model_id=${mia.id}`)).status).toBe(404);
    expect((await t.get(`/api/bundles?model_id=${mia.id}`)).status).toBe(404);
    // not even for its owner: the catalog is the catalog
    expect((await owner.call("GET", `/api/models/${mia.id}`)).status).toBe(404);
  });

  it("opens a chat with the character in full, its own or the catalog's, in the one call", async () => {
    const user = await signUp(t, bus, { tokens: 100, premium: true });
    const mia = await user.create();
    const own = openedChatSchema.parse((await user.call("POST", "/api/chats", { model_id: mia.id })).body);
    expect(own.model).toEqual({
      id: mia.id,
      name: mia.name,
      age: mia.age,
      gender: mia.gender,
      tagline: mia.tagline,
      description: mia.description,
      personality: mia.personality,
      hobbies: mia.hobbies,
      relationship: mia.relationship,
      first_msg: mia.first_msg,
      user_first_msg_help: mia.user_first_msg_help,
      avatar_url: expect.stringContaining(mia.avatar_url.split("?")[0] ?? "-"),
      cover_url: expect.stringContaining(mia.cover_url.split("?")[0] ?? "-"),
      photo_count: mia.photo_count,
      video_count: mia.video_count,
    });

    const catalogResponse = await t.get("/api/models/1");
    const catalog = openedChatSchema.parse((await user.call("POST", "/api/chats", { model_id: 1 })).body);
    expect(catalog.model).toEqual(catalogResponse.body);
  });

  it("chats like a catalog character: its greeting, a reply from its card, a photo in its own look, its chosen voice", async () => {
    const user = await signUp(t, bus, { tokens: 100, premium: true });
    const mia = await user.create();
    const chat = chatSchema.parse((await user.call("POST", "/api/chats", { model_id: mia.id })).body);
    expect(chat.last_message?.text).toBe(mia.first_msg);
    expect(chat.model).toMatchObject({ id: mia.id, name: "Mia Torres" });
    expect(chat.model.avatar_url).toMatch(/^\/media-private\//);

    const sent = await user.call("POST", `/api/chats/${chat.id}/messages`, {
      message: { text: "What do you do for fun?" },
    });
    expect(sent.status).toBe(202);
    const reply = await replyIn(user, "text", sent.body.message.id);
    expect(reply.text.length).toBeGreaterThan(0);
    expect(reply.model_id).toBe(mia.id);

    const drawnBefore = images.requests.length;
    const asked = await user.call("POST", `/api/chats/${chat.id}/messages`, {
      message: { text: "Send me a photo of you" },
    });
    const photo = await replyIn(user, "image", asked.body.message.id);
    expect(photo.image_url).toBeTruthy();
    const drawn = images.requests.slice(drawnBefore).at(-1);
    expect(drawn?.look.skin).toBe(ETHNICITIES.find((option) => option.value === "latin")?.skin);
    expect(drawn?.look.hair.style).toBe("wavy");

    const voice = await user.call("POST", `/api/chats/${chat.id}/messages/${reply.id}/voice`);
    expect(voice.status).toBe(202);
    await user.event(
      (event): event is Extract<SocketEvent, { action: "status_change" }> =>
        event.action === "status_change" && event.message.status_information.status === "ready",
    );
    expect(tts.requests.at(-1)).toMatchObject({ voice: "female", characterVoice: "female_soft" });
  });
});

/** A stand-in OpenAI-compatible server that answers every completion with one short reply. */
describe("custom characters with a real model (fake OpenAI-compatible server)", () => {
  let t: TestApp;
  let bus: MemoryEventBus;
  let upstream: Awaited<ReturnType<typeof startFakeUpstream>>;

  beforeAll(async () => {
    upstream = await startFakeUpstream((_req, res: ServerResponse) => {
      res.writeHead(200, { "content-type": "text/event-stream" });
      const chunk = (delta: object, finish: string | null = null) =>
        `data: ${JSON.stringify({ id: "c1", object: "chat.completion.chunk", choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
      res.end(
        `${chunk({ role: "assistant", content: "" })}${chunk({ content: "Hello you." })}${chunk({}, "stop")}data: [DONE]\n\n`,
      );
    });
    bus = new MemoryEventBus();
    t = await createTestApp({ bus, env: { LLM_BASE_URL: `${upstream.url}/v1`, LLM_MODEL: "test-model" } });
  });
  afterAll(async () => {
    await t.close();
    upstream.close();
  });

  /** The last streamed completion: the reply (memory's extraction, not streamed, may come after it). */
  const replyRequest = () => upstream.recorded.findLast((request) => request.body?.stream === true);

  /** The system prompt of the completion that answered the message. */
  async function systemPromptFor(user: Awaited<ReturnType<typeof signUp>>, chatId: number, text: string) {
    upstream.recorded.length = 0;
    const sent = await user.call("POST", `/api/chats/${chatId}/messages`, { message: { text } });
    expect(sent.status).toBe(202);
    await replyIn(user, "text", sent.body.message.id);
    const messages = replyRequest()?.body?.messages as { role: string; content: string }[];
    expect(messages[0]?.role).toBe("system");
    return messages[0]?.content ?? "";
  }

  it("sends the built character's personality, relationship, hobbies and description in the system prompt", async () => {
    const user = await signUp(t, bus, { tokens: 100 });
    const mia = await user.create();
    const chat = chatSchema.parse((await user.call("POST", "/api/chats", { model_id: mia.id })).body);
    const system = await systemPromptFor(user, chat.id, "Hi Mia!");
    expect(system).toMatch(/^You are Mia Torres, a 26-year-old woman/);
    expect(system).toContain("Personality: playful, teasing, spontaneous.");
    expect(system).toContain("Hobbies: surfing and photography.");
    expect(system).toContain("Your relationship with Sam: girlfriend.");
    expect(system).toContain("Mia is a nurse who surfs at dawn before her shifts.");
    expect(system).not.toContain("<character_card>");
  });

  it("sends an imported card's fields and the lorebook entries the conversation brings up", async () => {
    const user = await signUp(t, bus, { tokens: 100 });
    const mia = await user.create();
    const card: CardData = {
      name: "Mia Torres",
      description: "{{char}} runs a lighthouse cafe for {{user}}'s favourite town.",
      personality: "wry, warm",
      scenario: "{{user}} walks into the lighthouse cafe at closing time.",
      first_mes: "We're closing, {{user}}... but for you, one more cup.",
      mes_example: "<START>\n{{user}}: Busy day?\n{{char}}: Every day is busy when the fog rolls in.",
      creator_notes: "",
      system_prompt: "Write in short, sensory sentences.",
      post_history_instructions: "Keep the fog in mind.",
      alternate_greetings: ["The fog is thick tonight, {{user}}."],
      tags: [],
      creator: "someone",
      character_version: "1",
      extensions: {},
      character_book: {
        extensions: {},
        entries: [
          {
            keys: ["lantern"],
            content: "The Blue Lantern is the old signal lamp {{char}} keeps lit.",
            extensions: {},
            enabled: true,
            insertion_order: 1,
          },
          {
            keys: ["harbor"],
            content: "The harbor closed in the storm of '09.",
            extensions: {},
            enabled: true,
            insertion_order: 2,
          },
          {
            keys: [],
            content: "{{char}} never drinks her own coffee.",
            extensions: {},
            enabled: true,
            insertion_order: 0,
            constant: true,
          },
        ],
      },
    };
    // an imported card's character (the cards' route makes them; the chat reads them the same)
    await t.database.db
      .updateTable("characters")
      .set({
        source: "card",
        traits: null,
        definition: JSON.stringify(card),
        description: card.description,
        personality: card.personality,
        first_msg: card.first_mes,
      })
      .where("id", "=", mia.id)
      .execute();
    const imported = customModelSchema.parse((await user.call("GET", `/api/custom/models/${mia.id}`)).body);
    expect(imported).toMatchObject({ source: "card", lorebook_entries: 3, traits: {} });

    const chat = chatSchema.parse((await user.call("POST", "/api/chats", { model_id: mia.id })).body);
    // the card's greeting, with the user's name in it
    expect(chat.last_message?.text).toBe("We're closing, Sam... but for you, one more cup.");
    const system = await systemPromptFor(user, chat.id, "Is the lantern still lit tonight?");
    const messages = replyRequest()?.body?.messages as { role: string; content: string }[];
    const everything = messages.map((message) => message.content).join("\n");
    // the card's system prompt takes the main prompt's place; Reverie's rules still come last
    expect(system.startsWith("Write in short, sensory sentences.")).toBe(true);
    expect(system.lastIndexOf("Rules")).toBeGreaterThan(system.indexOf("lighthouse cafe"));
    expect(system).toContain("Mia Torres runs a lighthouse cafe for Sam's favourite town.");
    expect(system).toContain(
      "Circumstances and context of the conversation: Sam walks into the lighthouse cafe at closing time.",
    );
    // the examples in their own message, before the conversation; the greetings nowhere
    expect(messages[1]?.content).toContain("Mia Torres: Every day is busy when the fog rolls in.");
    expect(everything).not.toContain("The fog is thick tonight");
    // the post-history instructions after the conversation, not in the system prompt
    expect(messages.at(-1)).toEqual({ role: "system", content: "Keep the fog in mind." });
    expect(system).not.toContain("Keep the fog in mind.");
    // the constant entry always, the matched one, not the one nobody mentioned
    expect(system).toContain("Mia Torres never drinks her own coffee.");
    expect(system).toContain("The Blue Lantern is the old signal lamp Mia Torres keeps lit.");
    expect(everything).not.toContain("harbor");
  });
});
