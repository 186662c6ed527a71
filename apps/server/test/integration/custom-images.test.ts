import {
  customImagesAcceptedSchema,
  galleryResponseSchema,
  generatedImageListSchema,
  IMAGE_GENERATION_PRICE_TOKENS,
  imageStylesSchema,
  modelListSchema,
  type SocketEvent,
} from "@reverie/shared";
import sharp from "sharp";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { PrivateMediaSigner } from "../../src/media/private-urls.ts";
import {
  Automatic1111Provider,
  buildImagePrompt,
  ProceduralImageProvider,
} from "../../src/providers/image/index.ts";
import {
  type ImageProvider,
  ImageProviderError,
  type ImageRequest,
} from "../../src/providers/image/types.ts";
import { MemoryEventBus } from "../../src/realtime/bus.ts";
import { BillingService } from "../../src/services/billing/billing-service.ts";
import { PRICE_LIST } from "../../src/services/billing/price-list.ts";
import { lookForCharacter } from "../../src/services/character-looks.ts";
import { ImageRequestFulfilment } from "../../src/services/custom-images/image-request-fulfilment.ts";
import { tokensOf as accountTokens, grantTokens, signUp } from "../helpers/accounts.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";
import { eventually } from "../helpers/wait.ts";

const PRICE = PRICE_LIST.costs.imageGeneration;

type PictureEvent = Extract<SocketEvent, { action: "update_custom_image" }>;

/** The procedural provider, recording what it is asked and failing where a test says so. */
class ScriptedImages implements ImageProvider {
  readonly name = "scripted";
  readonly medium = "illustrations";
  readonly requests: ImageRequest[] = [];
  /** answers true for a request that fails */
  failWhen: ((request: ImageRequest) => boolean) | null = null;
  readonly #procedural = new ProceduralImageProvider();

  async generate(request: ImageRequest) {
    this.requests.push(request);
    if (this.failWhen?.(request)) {
      throw new ImageProviderError("the test's image server is down", { retryable: true });
    }
    return this.#procedural.generate(request);
  }

  check() {
    return this.#procedural.check();
  }
}

describe("image generation (/api/custom/images)", () => {
  let t: TestApp;
  let bus: MemoryEventBus;
  let images: ScriptedImages;
  let catalogModelId: number;
  let catalogSlug: string;

  beforeAll(async () => {
    bus = new MemoryEventBus();
    images = new ScriptedImages();
    t = await createTestApp({ bus, images });
    const models = modelListSchema.parse((await t.get("/api/models?gender=female")).body).items;
    catalogModelId = models[0]?.id ?? 0;
    const row = await t.database.db
      .selectFrom("characters")
      .select("slug")
      .where("id", "=", catalogModelId)
      .executeTakeFirstOrThrow();
    catalogSlug = row.slug;
  });
  afterAll(async () => {
    await t.close();
  });
  afterEach(() => {
    images.failWhen = null;
    images.requests.length = 0;
  });

  /** A signed-up user, with `tokens` granted, whose socket events are collected. */
  async function user(tokens = 0) {
    const account = await signUp(t, { prefix: "painter", firstName: "Pat" });
    const { token } = account;
    if (tokens > 0) {
      await grantTokens(t, account.id, tokens);
    }
    const events: SocketEvent[] = [];
    bus.subscribe(account.id, (event) => events.push(event));
    const call = async (method: "GET" | "POST" | "DELETE", url: string, payload?: object) => {
      const response = await t.app.inject({
        method,
        url,
        headers: { authorization: `Bearer ${token}` },
        ...(payload ? { payload } : {}),
      });
      return {
        status: response.statusCode,
        headers: response.headers,
        raw: response.rawPayload,
        body: response.body && response.headers["content-type"]?.includes("json") ? response.json() : null,
      };
    };
    /** The update_custom_image event answering the request. */
    const pictures = async (requestId: number, timeoutMs = 20_000): Promise<PictureEvent> => {
      const found = await eventually(
        () =>
          events.find(
            (event): event is PictureEvent =>
              event.action === "update_custom_image" && event.request_id === requestId,
          ),
        { timeout: timeoutMs, what: `the pictures of request ${requestId}` },
      );
      return found as PictureEvent;
    };
    const list = async (modelId?: number) =>
      generatedImageListSchema.parse(
        (await call("GET", `/api/custom/images${modelId === undefined ? "" : `?model_id=${modelId}`}`)).body,
      ).items;
    return { id: account.id, token, events, call, pictures, list };
  }

  async function ledger(userId: string) {
    return t.database.db
      .selectFrom("token_ledger")
      .select(["delta", "reason", "reference"])
      .where("user_id", "=", userId)
      .where("reason", "!=", "purchase")
      .orderBy("id")
      .execute();
  }

  const tokensOf = (userId: string) => accountTokens(t, userId);

  async function requestsOf(userId: string) {
    return t.database.db
      .selectFrom("image_requests")
      .select(["id", "status", "count"])
      .where("user_id", "=", userId)
      .execute();
  }

  async function fetchFile(url: string) {
    const response = await t.app.inject({ method: "GET", url });
    return { status: response.statusCode, type: response.headers["content-type"], body: response.rawPayload };
  }

  /** A character another user built: a characters row with an owner. */
  async function customCharacter(ownerId: string, traits: Record<string, string> = {}) {
    const row = await t.database.db
      .insertInto("characters")
      .values({
        slug: `custom-${ownerId}-${Math.random().toString(36).slice(2)}`,
        name: "Juniper",
        age: 27,
        gender: "female",
        tagline: "Built by a user",
        description: "",
        personality: "playful",
        hobbies: "reading,hiking",
        relationship: "friend",
        first_msg: "Hi!",
        user_first_msg_help: "",
        avatar_key: "public/characters/custom.webp",
        cover_key: "public/characters/custom.webp",
        position: 0,
        owner_id: ownerId,
        traits: JSON.stringify({
          ethnicity: "east_asian",
          hair_style: "long_black",
          eyes_color: "green",
          personality: "playful",
          hobbies: "reading,hiking",
          ...traits,
        }),
        source: "builder",
        portrait_status: "ready",
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    return row.id;
  }

  it("makes 2 pictures of a catalog character: charged once per picture, delivered by signed URLs that serve the files, listed newest first", async () => {
    const painter = await user(100);
    const prompt = "sitting on a balcony with a cup of tea, smiling";
    const accepted = await painter.call("POST", "/api/custom/images", {
      model_id: catalogModelId,
      user_prompt: prompt,
      count: 2,
    });
    expect(accepted.status).toBe(202);
    const body = customImagesAcceptedSchema.parse(accepted.body);
    expect(body).toEqual({
      request_id: body.request_id,
      current_tokens: 100 - 2 * PRICE,
      price_tokens: PRICE,
    });
    // the price the web app shows before the first request is the one charged
    expect(PRICE).toBe(IMAGE_GENERATION_PRICE_TOKENS);

    const event = await painter.pictures(body.request_id);
    expect(event).toEqual({
      action: "update_custom_image",
      model_id: catalogModelId,
      images_urls: [expect.any(String), expect.any(String)],
      request_id: body.request_id,
    });
    for (const url of event.images_urls) {
      expect(url).toMatch(/^\/media-private\/generated\/\d+\/[\w-]+\.webp\?expires=\d+&signature=[\w-]+$/);
      const file = await fetchFile(url);
      expect(file.status).toBe(200);
      expect(file.type).toBe("image/webp");
      const meta = await sharp(file.body).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(["webp", 720, 960]);
    }
    const [first, second] = await Promise.all(event.images_urls.map((url) => fetchFile(url)));
    expect(Buffer.compare(first?.body ?? Buffer.alloc(0), second?.body ?? Buffer.alloc(0))).not.toBe(0);

    // paid once, for both pictures, and never again by the job
    expect(await ledger(painter.id)).toEqual([
      { delta: -2 * PRICE, reason: "image_generation", reference: `image_request:${body.request_id}` },
    ]);
    expect(await tokensOf(painter.id)).toBe(100 - 2 * PRICE);
    expect(await requestsOf(painter.id)).toEqual([{ id: body.request_id, status: "done", count: 2 }]);

    // the character's look, the user's words and the style condition every picture; adults only
    const look = lookForCharacter({ slug: catalogSlug, gender: "female" });
    expect(images.requests).toHaveLength(2);
    expect(new Set(images.requests.map((request) => request.seed)).size).toBe(2);
    for (const request of images.requests) {
      // the same person in every picture; the outfit may change from one to the next
      expect({ ...request.look, outfit: look.outfit }).toEqual(look);
      expect(request.style).toBe("realistic");
      const { prompt: text, negativePrompt } = buildImagePrompt(request);
      expect(text).toContain(prompt);
      expect(text).toContain("adult");
      expect(text).toContain("fully clothed");
      expect(negativePrompt).toContain("underage");
    }

    const listed = await painter.list();
    expect(listed).toHaveLength(2);
    expect(listed.map((item) => item.url)).toEqual([...event.images_urls].reverse());
    for (const item of listed) {
      expect(item).toMatchObject({ model_id: catalogModelId, prompt, style: "realistic" });
      const small = await fetchFile(item.thumbnail_url);
      expect(small.status).toBe(200);
      const meta = await sharp(small.body).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(["webp", 360, 480]);
    }
    expect(await painter.list(catalogModelId)).toEqual(listed);
    const rows = await t.database.db
      .selectFrom("media")
      .select(["kind", "owner_id", "character_id", "prompt", "style"])
      .where("owner_id", "=", painter.id)
      .execute();
    expect(rows).toEqual([
      { kind: "chat_image", owner_id: painter.id, character_id: catalogModelId, prompt, style: "realistic" },
      { kind: "chat_image", owner_id: painter.id, character_id: catalogModelId, prompt, style: "realistic" },
    ]);
  });

  it("offers the styles the image provider makes: the offline renderer draws illustrations, not photos", async () => {
    const painter = await user();
    const offline = await painter.call("GET", "/api/custom/images/styles");
    expect(offline.status).toBe(200);
    expect(imageStylesSchema.parse(offline.body)).toMatchObject({
      medium: "illustrations",
      styles: [
        { value: "realistic", label: "Illustration" },
        { value: "anime", label: "Anime" },
      ],
    });
    const photographic = await createTestApp({
      images: new Automatic1111Provider({ baseUrl: "http://127.0.0.1:9" }),
    });
    try {
      const { token } = await signUp(photographic);
      const answer = await photographic.app.inject({
        method: "GET",
        url: "/api/custom/images/styles",
        headers: { authorization: `Bearer ${token}` },
      });
      expect(imageStylesSchema.parse(answer.json())).toMatchObject({
        medium: "photographs",
        styles: [
          { value: "realistic", label: "Realistic" },
          { value: "anime", label: "Anime" },
        ],
      });
    } finally {
      await photographic.close();
    }
    expect((await t.app.inject({ method: "GET", url: "/api/custom/images/styles" })).statusCode).toBe(401);
  });

  it("draws what the prompt asks: the place, the time of day, the clothes' colour and what is held", async () => {
    const painter = await user(100);
    /** Generates one picture for the prompt; what the provider was asked and the picture's pixels. */
    async function picture(prompt: string) {
      images.requests.length = 0;
      const accepted = await painter.call("POST", "/api/custom/images", {
        model_id: catalogModelId,
        user_prompt: prompt,
        count: 1,
        style: "realistic",
      });
      expect(accepted.status).toBe(202);
      const event = await painter.pictures(customImagesAcceptedSchema.parse(accepted.body).request_id);
      const file = await fetchFile(event.images_urls[0] ?? "");
      const { data, info } = await sharp(file.body).removeAlpha().raw().toBuffer({ resolveWithObject: true });
      return { asked: images.requests[0] as ImageRequest, data, width: info.width, height: info.height };
    }
    type Picture = Awaited<ReturnType<typeof picture>>;
    /** The share of pixels in a band of rows (fractions of the height) that pass `test`. */
    function share(
      image: Picture,
      rows: [number, number],
      test: (r: number, g: number, b: number) => boolean,
    ) {
      let hits = 0;
      let total = 0;
      const x0 = Math.round(image.width * 0.3);
      const x1 = Math.round(image.width * 0.7);
      for (let y = Math.round(image.height * rows[0]); y < Math.round(image.height * rows[1]); y++) {
        for (let x = x0; x < x1; x++) {
          const i = (y * image.width + x) * 3;
          total += 1;
          if (test(image.data[i] as number, image.data[i + 1] as number, image.data[i + 2] as number))
            hits += 1;
        }
      }
      return hits / total;
    }
    const red = (r: number, g: number, b: number) => r > 110 && r > g * 1.8 && r > b * 1.6;
    const blue = (r: number, g: number, b: number) => b > 110 && b > r * 1.5 && b > g * 1.15;
    const brightness = (image: Picture) => {
      // the top rows, above the head: the sky
      const band = image.data.subarray(0, image.width * Math.round(image.height * 0.06) * 3);
      return band.reduce((sum, value) => sum + value, 0) / band.length;
    };

    const bridge = await picture("Charles Bridge at night, violin, red coat");
    const beach = await picture("at the beach on a sunny day, blue hoodie");

    expect(bridge.asked).toMatchObject({ scene: "bridge", time: "night", props: ["violin"] });
    expect(bridge.asked.look.outfit).toMatchObject({ style: "jacket", primary: "#b8283a" });
    expect(beach.asked).toMatchObject({ scene: "beach_day", time: "day", props: [] });
    expect(beach.asked.look.outfit).toMatchObject({ style: "hoodie", primary: "#2f5fb8" });
    // and the pictures show it: a red coat and a blue hoodie on the torso, a night sky and a day one
    const torso: [number, number] = [0.85, 1];
    expect(share(bridge, torso, red)).toBeGreaterThan(0.2);
    expect(share(beach, torso, red)).toBeLessThan(0.05);
    expect(share(beach, torso, blue)).toBeGreaterThan(0.2);
    expect(share(bridge, torso, blue)).toBeLessThan(0.05);
    expect(brightness(bridge)).toBeLessThan(brightness(beach) * 0.5);
  });

  it("makes pictures of the user's own character in its look, in the anime style", async () => {
    const maker = await user(100);
    const modelId = await customCharacter(maker.id);
    const accepted = await maker.call("POST", "/api/custom/images", {
      model_id: modelId,
      user_prompt: "walking in a park in autumn",
      count: 1,
      style: "anime",
    });
    expect(accepted.status).toBe(202);
    const { request_id } = customImagesAcceptedSchema.parse(accepted.body);
    const event = await maker.pictures(request_id);
    expect(event.images_urls).toHaveLength(1);
    expect(event.model_id).toBe(modelId);
    const character = await t.database.db
      .selectFrom("characters")
      .selectAll()
      .where("id", "=", modelId)
      .executeTakeFirstOrThrow();
    expect(images.requests.map((request) => [request.style, request.character.name])).toEqual([
      ["anime", "Juniper"],
    ]);
    // the look the character was built with, not one picked from its slug
    const look = images.requests[0]?.look;
    const built = lookForCharacter(character);
    expect({ ...look, outfit: built.outfit }).toEqual(built);
    expect(built).not.toEqual(lookForCharacter({ slug: character.slug, gender: character.gender }));
    expect(buildImagePrompt(images.requests[0] as ImageRequest).prompt).toMatch(
      /East Asian.*long straight black hair, [a-z ]*green eyes/,
    );
    expect((await maker.list(modelId)).map((item) => item.style)).toEqual(["anime"]);
    expect(await maker.list(catalogModelId)).toEqual([]);
  });

  it("answers 404 for another user's character, and charges and stores nothing", async () => {
    const owner = await user(100);
    const stranger = await user(100);
    const modelId = await customCharacter(owner.id);
    const refused = await stranger.call("POST", "/api/custom/images", {
      model_id: modelId,
      user_prompt: "at the beach",
      count: 1,
    });
    expect(refused.status).toBe(404);
    expect(refused.body).toMatchObject({ statusCode: 404, error: "not_found" });
    expect((await stranger.call("GET", `/api/custom/images?model_id=${modelId}`)).status).toBe(404);
    const missing = await stranger.call("POST", "/api/custom/images", {
      model_id: 999_999,
      user_prompt: "at the beach",
      count: 1,
    });
    expect(missing.status).toBe(404);
    expect(await ledger(stranger.id)).toEqual([]);
    expect(await requestsOf(stranger.id)).toEqual([]);
    expect(images.requests).toEqual([]);
  });

  it("refuses a prompt sexualising minors: 422, recorded as an image prompt, nothing charged or stored", async () => {
    const painter = await user(100);
    const refused = await painter.call("POST", "/api/custom/images", {
      model_id: catalogModelId,
      user_prompt: "a nude photo of a 15 year old",
      count: 2,
    });
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ statusCode: 422, error: "content_refused", category: "minors" });
    const recorded = await t.database.db
      .selectFrom("moderation_events")
      .select(["surface", "category"])
      .where("user_id", "=", painter.id)
      .execute();
    expect(recorded).toEqual([{ surface: "image_prompt", category: "minors" }]);
    expect(await ledger(painter.id)).toEqual([]);
    expect(await tokensOf(painter.id)).toBe(100);
    expect(await requestsOf(painter.id)).toEqual([]);
    // pictures come only from a custom_images job: none was queued for the user, so none can come
    const pictureJobs = await t.database.db
      .selectFrom("jobs")
      .select("id")
      .where("kind", "=", "custom_images")
      .where("payload", "like", `%${painter.id}%`)
      .execute();
    expect(pictureJobs).toEqual([]);
    expect(painter.events).toEqual([]);
  });

  it("answers 402 insufficient_balance when the tokens do not cover every picture, and stores nothing", async () => {
    const broke = await user(0);
    const jobsBefore = await t.database.db
      .selectFrom("jobs")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .where("kind", "=", "custom_images")
      .executeTakeFirstOrThrow();
    const refused = await broke.call("POST", "/api/custom/images", {
      model_id: catalogModelId,
      user_prompt: "reading a book",
      count: 1,
    });
    expect(refused.status).toBe(402);
    expect(refused.body).toMatchObject({
      statusCode: 402,
      error: "insufficient_balance",
      type: "image_generation",
    });
    // enough for three pictures, not four
    const short = await user(3 * PRICE);
    const four = await short.call("POST", "/api/custom/images", {
      model_id: catalogModelId,
      user_prompt: "reading a book",
      count: 4,
    });
    expect(four.status).toBe(402);
    expect(await tokensOf(short.id)).toBe(3 * PRICE);
    for (const who of [broke, short]) {
      expect(await ledger(who.id)).toEqual([]);
      expect(await requestsOf(who.id)).toEqual([]);
    }
    const jobsAfter = await t.database.db
      .selectFrom("jobs")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .where("kind", "=", "custom_images")
      .executeTakeFirstOrThrow();
    expect(Number(jobsAfter.count)).toBe(Number(jobsBefore.count));
  });

  it("refunds the pictures not made after the last failed attempt, once, and tells the user with those made", async () => {
    const painter = await user(100);
    // the first picture is made; the second fails every time
    images.failWhen = (request) => request.seed.endsWith(":picture:1");
    const accepted = await painter.call("POST", "/api/custom/images", {
      model_id: catalogModelId,
      user_prompt: "in a cafe",
      count: 2,
    });
    const { request_id } = customImagesAcceptedSchema.parse(accepted.body);
    const event = await painter.pictures(request_id);
    expect(event.error).toContain(`${PRICE} tokens`);
    expect(event.images_urls).toHaveLength(1);
    expect((await fetchFile(event.images_urls[0] ?? "")).status).toBe(200);
    // three attempts: the first picture made once, the second tried each time
    expect(images.requests.map((request) => request.seed.slice(-1))).toEqual(["0", "1", "1", "1"]);

    expect(await ledger(painter.id)).toEqual([
      { delta: -2 * PRICE, reason: "image_generation", reference: `image_request:${request_id}` },
      { delta: PRICE, reason: "refund", reference: `refund:image_request:${request_id}` },
    ]);
    expect(await tokensOf(painter.id)).toBe(100 - PRICE);
    expect(await requestsOf(painter.id)).toEqual([{ id: request_id, status: "failed", count: 2 }]);
    const balance = painter.events.find((item) => item.action === "user_update");
    expect(balance).toMatchObject({ action: "user_update", reason: "balance_changed", user: { tokens: 95 } });
    expect(await painter.list()).toHaveLength(1);

    // the failure hook run again (a queue reporting the failure twice) refunds nothing more
    await new ImageRequestFulfilment({
      db: t.database.db,
      billing: new BillingService({ db: t.database.db }),
      bus,
      // nothing is sent again, so any signer does
      privateMedia: new PrivateMediaSigner("another secret"),
    }).refundAndNotify({ requestId: request_id, userId: painter.id });
    expect(await ledger(painter.id)).toHaveLength(2);
    expect(await tokensOf(painter.id)).toBe(100 - PRICE);
  });

  it("a retry makes only the pictures an earlier attempt did not store, and charges nothing more", async () => {
    const painter = await user(100);
    let failures = 1;
    images.failWhen = (request) => request.seed.endsWith(":picture:1") && failures-- > 0;
    const accepted = await painter.call("POST", "/api/custom/images", {
      model_id: catalogModelId,
      user_prompt: "on a mountain trail",
      count: 2,
    });
    const { request_id } = customImagesAcceptedSchema.parse(accepted.body);
    const event = await painter.pictures(request_id);
    expect(event.error).toBeUndefined();
    expect(event.images_urls).toHaveLength(2);
    expect(images.requests.map((request) => request.seed.slice(-1))).toEqual(["0", "1", "1"]);
    expect(await ledger(painter.id)).toHaveLength(1);
    expect(await requestsOf(painter.id)).toEqual([{ id: request_id, status: "done", count: 2 }]);
  });

  it("keeps each picture its owner's: another user gets 404 on delete and download, and no file without its signature", async () => {
    const owner = await user(100);
    const stranger = await user(100);
    const accepted = await owner.call("POST", "/api/custom/images", {
      model_id: catalogModelId,
      user_prompt: "by the sea",
      count: 1,
    });
    const { request_id } = customImagesAcceptedSchema.parse(accepted.body);
    await owner.pictures(request_id);
    const [picture] = await owner.list();
    if (!picture) throw new Error("no picture listed");

    expect(await stranger.list()).toEqual([]);
    expect((await stranger.call("DELETE", `/api/custom/images/${picture.id}`)).status).toBe(404);
    expect((await stranger.call("GET", `/api/custom/images/${picture.id}/download`)).status).toBe(404);
    expect(
      (await t.app.inject({ method: "GET", url: `/api/custom/images/${picture.id}/download` })).statusCode,
    ).toBe(401);
    const unsigned = picture.url.split("?")[0] ?? "";
    expect((await fetchFile(unsigned)).status).toBe(403);
    expect((await fetchFile(`${unsigned}?expires=9999999999&signature=forged`)).status).toBe(403);
    // One character changed, always to a different one (a fixed "x" would match one signature in 64).
    const tampered = picture.url.replace(
      /signature=(.)/,
      (_, first: string) => `signature=${first === "A" ? "B" : "A"}`,
    );
    expect(tampered).not.toBe(picture.url);
    expect((await fetchFile(tampered)).status).toBe(403);

    const download = await owner.call("GET", `/api/custom/images/${picture.id}/download`);
    expect(download.status).toBe(200);
    expect(download.headers["content-type"]).toBe("image/webp");
    expect(download.headers["content-disposition"]).toBe(
      `attachment; filename="reverie-picture-${picture.id}.webp"`,
    );
    expect(Buffer.compare(download.raw, (await fetchFile(picture.url)).body)).toBe(0);
    expect(await owner.list()).toHaveLength(1);
  });

  it("deletes a picture with its files; deleting it again is a 404", async () => {
    const owner = await user(100);
    const accepted = await owner.call("POST", "/api/custom/images", {
      model_id: catalogModelId,
      user_prompt: "in a garden",
      count: 2,
    });
    const { request_id } = customImagesAcceptedSchema.parse(accepted.body);
    await owner.pictures(request_id);
    const [kept, removed] = await owner.list();
    if (!kept || !removed) throw new Error("two pictures expected");
    expect((await owner.call("DELETE", `/api/custom/images/${removed.id}`)).status).toBe(204);
    expect((await owner.list()).map((item) => item.id)).toEqual([kept.id]);
    expect((await fetchFile(removed.url)).status).toBe(404);
    expect((await fetchFile(removed.thumbnail_url)).status).toBe(404);
    expect((await fetchFile(kept.url)).status).toBe(200);
    expect((await owner.call("DELETE", `/api/custom/images/${removed.id}`)).status).toBe(404);
    expect((await owner.call("GET", `/api/custom/images/${removed.id}/download`)).status).toBe(404);
  });

  it("never shows generated pictures in the public gallery", async () => {
    const owner = await user(100);
    const accepted = await owner.call("POST", "/api/custom/images", {
      model_id: catalogModelId,
      user_prompt: "under cherry blossoms",
      count: 1,
    });
    const { request_id } = customImagesAcceptedSchema.parse(accepted.body);
    await owner.pictures(request_id);
    const generated = new Set(
      (await t.database.db.selectFrom("media").select("id").where("owner_id", "is not", null).execute()).map(
        (row) => row.id,
      ),
    );
    expect(generated.size).toBeGreaterThan(0);

    const galleryIds = async (query: string, headers: Record<string, string> = {}) => {
      const ids: number[] = [];
      for (let page = 1; ; page += 1) {
        const response = await t.app.inject({
          method: "GET",
          url: `/api/v2/gallery?${query}&limit=100&page=${page}`,
          headers,
        });
        const body = galleryResponseSchema.parse(response.json());
        ids.push(...body.items.map((item) => item.id));
        if (page >= body.pages_count) return ids;
      }
    };
    const everything = await galleryIds("gender=female");
    const ofCharacter = await galleryIds(`model_id=${catalogModelId}`);
    const asOwner = await galleryIds(`model_id=${catalogModelId}`, {
      authorization: `Bearer ${owner.token}`,
    });
    expect(ofCharacter.length).toBeGreaterThan(0);
    for (const id of [...everything, ...ofCharacter, ...asOwner]) expect(generated.has(id)).toBe(false);
    for (const id of generated) expect((await t.get(`/api/v2/gallery/${id}`)).status).toBe(404);
  });
});
