import { ADMIN_UPLOAD_MAX_BYTES, adminCharacterDetailSchema, adminCharacterSchema } from "@reverie/shared";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SIZES } from "../../src/media/sizes.ts";
import { signUp, type TestAccount } from "../helpers/accounts.ts";
import { auditEntriesFor } from "../helpers/admin.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";

let t: TestApp;
let admin: TestAccount;
let moderator: TestAccount;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signUp(t, "admin", "catalog-admin");
  moderator = await signUp(t, "moderator", "catalog-moderator");
});
afterAll(async () => {
  await t.close();
});

const NEW_CHARACTER = {
  name: "Marlowe",
  age: 34,
  gender: "male",
  tagline: "Lighthouse keeper with stories",
  description: "Keeps the old lighthouse running and collects stories from sailors.",
  personality: "Warm, patient, dry humour",
  hobbies: "sailing, reading",
  relationship: "friend",
  first_msg: "The lamp is lit. Come in from the rain.",
};

async function modelIds(gender: string): Promise<number[]> {
  const answer = await t.get(`/api/models?gender=${gender}`);
  expect(answer.status).toBe(200);
  return answer.body.items.map((item: { id: number }) => item.id);
}

/** A raw upload, as the console sends it. */
async function upload(url: string, body: Buffer, contentType = "image/png") {
  const response = await t.app.inject({
    method: "POST",
    url,
    headers: { authorization: `Bearer ${admin.token}`, "content-type": contentType },
    payload: body,
  });
  return { status: response.statusCode, body: response.json() };
}

describe("the catalog in the console", () => {
  it("creates a character that joins the public catalog at the end of its category, audited", async () => {
    const before = await modelIds("male");
    const created = await admin.call("POST", "/api/admin/characters", {
      ...NEW_CHARACTER,
      reason: "new face",
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const character = adminCharacterSchema.parse(created.body);
    expect(character).toMatchObject({ name: "Marlowe", age: 34, hidden: false, avatar_url: "" });
    // the cached public answer moved with the change
    expect(await modelIds("male")).toEqual([...before, character.id]);
    const [entry] = await auditEntriesFor(t, String(character.id));
    expect(entry).toMatchObject({ action: "character.created", actor_id: admin.id, reason: "new face" });
    expect(JSON.parse(entry?.after ?? "null")).toMatchObject({ name: "Marlowe", age: 34 });
  });

  it("refuses an age under 18 (400) and records it for moderation, for admins too", async () => {
    const refused = await admin.call("POST", "/api/admin/characters", {
      ...NEW_CHARACTER,
      name: "Kiddo",
      age: 16,
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe("underage");
    const events = await admin.call("GET", `/api/admin/moderation/events?user_id=${admin.id}`);
    expect(events.body.items[0]).toMatchObject({
      surface: "character_definition",
      category: "minors",
      classifier: "age_check",
      user_email: admin.email,
    });
    const first = (await admin.call("GET", "/api/admin/characters?gender=female")).body.items[0];
    const edit = await admin.call("PATCH", `/api/admin/characters/${first.id}`, { age: 17 });
    expect(edit.status).toBe(400);
    expect((await t.get(`/api/models/${first.id}`)).body.age).toBe(first.age);
  });

  it("moderates the definition as custom characters are (422) and stores nothing", async () => {
    const count = (await admin.call("GET", "/api/admin/characters")).body.items.length;
    const refused = await admin.call("POST", "/api/admin/characters", {
      ...NEW_CHARACTER,
      description: "She is a 14 year old schoolgirl who flirts with you.",
    });
    expect(refused.status).toBe(422);
    expect(refused.body.error).toBe("content_refused");
    expect((await admin.call("GET", "/api/admin/characters")).body.items).toHaveLength(count);
  });

  it("edits a character: the public answer changes and the audit keeps before and after", async () => {
    const [id] = await modelIds("female");
    const old = (await t.get(`/api/models/${id}`)).body;
    const edited = await admin.call("PATCH", `/api/admin/characters/${id}`, {
      tagline: "Now a night-market chef",
      reason: "refresh",
    });
    expect(edited.status).toBe(200);
    expect((await t.get(`/api/models/${id}`)).body.tagline).toBe("Now a night-market chef");
    const entries = await auditEntriesFor(t, String(id));
    const entry = entries.filter((one) => one.action === "character.updated").at(-1);
    expect(JSON.parse(entry?.before ?? "null")).toEqual({ tagline: old.tagline });
    expect(JSON.parse(entry?.after ?? "null")).toEqual({ tagline: "Now a night-market chef" });
  });

  it("hides a character from the catalog, the gallery and its bundles, and shows it again", async () => {
    const [id] = await modelIds("anime_female");
    expect((await t.get(`/api/v2/gallery?model_id=${id}`)).status).toBe(200);
    const hidden = await admin.call("POST", `/api/admin/characters/${id}/visibility`, {
      hidden: true,
      reason: "rework",
    });
    expect(hidden.status).toBe(200);
    expect(hidden.body.hidden).toBe(true);
    expect(await modelIds("anime_female")).not.toContain(id);
    expect((await t.get(`/api/models/${id}`)).status).toBe(404);
    expect((await t.get(`/api/v2/gallery?model_id=${id}`)).status).toBe(404);
    const gallery = (await t.get("/api/v2/gallery?gender=anime_female&limit=100")).body;
    expect(gallery.items.every((item: { model: { id: number } }) => item.model.id !== id)).toBe(true);
    const bundles = (await t.get("/api/models/bundles?gender=anime_female")).body;
    expect(bundles.items.every((item: { model: { id: number } }) => item.model.id !== id)).toBe(true);
    // the console still lists it
    const listed = (await moderator.call("GET", "/api/admin/characters?gender=anime_female")).body.items;
    expect(listed.find((item: { id: number }) => item.id === id)?.hidden).toBe(true);

    await admin.call("POST", `/api/admin/characters/${id}/visibility`, { hidden: false });
    expect(await modelIds("anime_female")).toContain(id);
    const actions = (await auditEntriesFor(t, String(id)))
      .filter((entry) => entry.target_type === "character")
      .map((entry) => entry.action);
    expect(actions).toEqual(["character.hidden", "character.shown"]);
  });

  it("leaves a hidden character no new chats, pictures or bundle sales by id, and keeps the chats people had", async () => {
    const [id] = await modelIds("female");
    const regular = await signUp(t, "user", "hidden-regular");
    const newcomer = await signUp(t, "user", "hidden-newcomer");
    const chat = await regular.call("POST", "/api/chats", { model_id: id });
    expect(chat.status).toBe(200);
    const [bundle] = (await t.get(`/api/bundles?model_id=${id}`)).body.bundles;
    expect(bundle).toBeDefined();
    await admin.call("POST", `/api/admin/characters/${id}/visibility`, { hidden: true, reason: "rework" });
    try {
      expect((await newcomer.call("POST", "/api/chats", { model_id: id })).status).toBe(404);
      const picture = await newcomer.call("POST", "/api/custom/images", {
        model_id: id,
        user_prompt: "on a balcony at sunset",
        count: 1,
      });
      expect(picture.status).toBe(404);
      const sale = await newcomer.call("POST", `/api/bundles/${bundle.id}/payment`, {});
      expect(sale.status, JSON.stringify(sale.body)).toBe(404);
      // the regular keeps the chat and its history
      const reopened = await regular.call("POST", "/api/chats", { model_id: id });
      expect(reopened.status).toBe(200);
      expect(reopened.body.id).toBe(chat.body.id);
    } finally {
      await admin.call("POST", `/api/admin/characters/${id}/visibility`, { hidden: false });
    }
  });

  it("reorders a category, and refuses an order that leaves one out", async () => {
    const ids = await modelIds("anime_male");
    const reversed = [...ids].reverse();
    const answer = await admin.call("POST", "/api/admin/characters/order", {
      gender: "anime_male",
      ids: reversed,
    });
    expect(answer.status).toBe(200);
    expect(await modelIds("anime_male")).toEqual(reversed);
    const partial = await admin.call("POST", "/api/admin/characters/order", {
      gender: "anime_male",
      ids: reversed.slice(1),
    });
    expect(partial.status).toBe(400);
    expect(partial.body.error).toBe("order_incomplete");
    const [entry] = await auditEntriesFor(t, "anime_male");
    expect(entry?.action).toBe("character.reordered");
    expect(JSON.parse(entry?.after ?? "null")).toEqual({ ids: reversed });
  });

  it("edits a bundle's price, which buyers are charged from then on", async () => {
    const bundles = (await admin.call("GET", "/api/admin/bundles?kind=bundle")).body.items;
    const bundle = bundles[0];
    const changed = await admin.call("PATCH", `/api/admin/bundles/${bundle.id}`, {
      price_tokens: bundle.price_tokens + 7,
      reason: "sale over",
    });
    expect(changed.status).toBe(200);
    expect(changed.body.price_tokens).toBe(bundle.price_tokens + 7);
    const publicBundles = (await t.get(`/api/bundles?model_id=${bundle.character_id}`)).body.bundles;
    expect(publicBundles.find((item: { id: number }) => item.id === bundle.id).price_tokens).toBe(
      bundle.price_tokens + 7,
    );
    const [entry] = (await auditEntriesFor(t, String(bundle.id))).filter(
      (one) => one.target_type === "bundle",
    );
    expect(entry).toMatchObject({ action: "bundle.updated", target_type: "bundle", reason: "sale over" });
    expect(JSON.parse(entry?.before ?? "null")).toEqual({ price_tokens: bundle.price_tokens });
    expect((await admin.call("PATCH", `/api/admin/bundles/${bundle.id}`, { price_tokens: 0 })).status).toBe(
      400,
    );
  });
});

describe("uploads", () => {
  let characterId: number;
  beforeAll(async () => {
    characterId = (await admin.call("POST", "/api/admin/characters", { ...NEW_CHARACTER, name: "Uploadee" }))
      .body.id;
  });

  it("re-encodes a portrait into the avatar and cover sizes (WebP), whatever the declared type", async () => {
    const jpeg = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: "#3a6" } })
      .jpeg()
      .toBuffer();
    const answer = await upload(
      `/api/admin/characters/${characterId}/portrait`,
      jpeg,
      "application/octet-stream",
    );
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const character = adminCharacterSchema.parse(answer.body);
    expect(character.avatar_url).toMatch(/^\/media\/characters\/.+\/avatar-\w+\.webp$/);
    const row = await t.database.db
      .selectFrom("characters")
      .select(["avatar_key", "cover_key"])
      .where("id", "=", characterId)
      .executeTakeFirstOrThrow();
    const avatar = await sharp(await t.storage.read(row.avatar_key)).metadata();
    const cover = await sharp(await t.storage.read(row.cover_key)).metadata();
    expect([avatar.format, avatar.width, avatar.height]).toEqual([
      "webp",
      SIZES.avatar.width,
      SIZES.avatar.height,
    ]);
    expect([cover.format, cover.width, cover.height]).toEqual([
      "webp",
      SIZES.cover.width,
      SIZES.cover.height,
    ]);
    expect((await t.get(`/api/models/${characterId}`)).body.avatar_url).toBe(character.avatar_url);
    const entries = await auditEntriesFor(t, String(characterId));
    expect(entries.at(-1)?.action).toBe("character.portrait_uploaded");
  });

  it("adds a gallery photo in the photo and thumbnail sizes", async () => {
    const png = await sharp({ create: { width: 900, height: 900, channels: 4, background: "#a36c" } })
      .png()
      .toBuffer();
    const answer = await upload(`/api/admin/characters/${characterId}/media`, png);
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({
      kind: "photo",
      width: SIZES.photo.width,
      height: SIZES.photo.height,
    });
    const detail = adminCharacterDetailSchema.parse(
      (await moderator.call("GET", `/api/admin/characters/${characterId}`)).body,
    );
    expect(detail.media.map((item) => item.id)).toContain(answer.body.id);
    const row = await t.database.db
      .selectFrom("media")
      .selectAll()
      .where("id", "=", answer.body.id)
      .executeTakeFirstOrThrow();
    const still = await sharp(await t.storage.read(row.thumbnail_key)).metadata();
    expect([still.format, still.width, still.height]).toEqual([
      "webp",
      SIZES.thumbnail.width,
      SIZES.thumbnail.height,
    ]);
    const gallery = (await t.get(`/api/v2/gallery?model_id=${characterId}`)).body;
    expect(gallery.total_count).toBe(1);
  });

  it("refuses what is not a picture by its content (415), named a PNG or not", async () => {
    const text = Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'></svg>");
    const answer = await upload(`/api/admin/characters/${characterId}/media`, text, "image/png");
    expect(answer.status).toBe(415);
    expect(answer.body.error).toBe("unsupported_type");
  });

  it("refuses a file over the limit (413)", async () => {
    const big = Buffer.alloc(ADMIN_UPLOAD_MAX_BYTES + 1, 0);
    big.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const answer = await upload(`/api/admin/characters/${characterId}/portrait`, big);
    expect(answer.status).toBe(413);
    expect(answer.body.error).toBe("too_large");
  });

  it("refuses a moderator before reading the body (403)", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: `/api/admin/characters/${characterId}/media`,
      headers: { authorization: `Bearer ${moderator.token}`, "content-type": "image/png" },
      payload: Buffer.from("anything"),
    });
    expect(response.statusCode).toBe(403);
  });
});

describe("bundles' contents", () => {
  let characterId: number;
  let bundleId: number;
  const photos: number[] = [];

  beforeAll(async () => {
    characterId = (await admin.call("POST", "/api/admin/characters", { ...NEW_CHARACTER, name: "Bundler" }))
      .body.id;
    for (const background of ["#c33", "#3c3", "#33c"]) {
      const png = await sharp({ create: { width: 400, height: 500, channels: 3, background } })
        .png()
        .toBuffer();
      const answer = await upload(`/api/admin/characters/${characterId}/media`, png);
      expect(answer.status).toBe(201);
      photos.push(answer.body.id);
    }
  });

  it("creates a bundle that the public character's bundles show at its price, audited", async () => {
    const created = await admin.call("POST", `/api/admin/characters/${characterId}/bundles`, {
      title: "Night shift",
      description: "The lamp room after dark.",
      price_tokens: 45,
      reason: "new set",
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({ kind: "bundle", character_id: characterId, price_tokens: 45 });
    bundleId = created.body.id;
    const answer = await t.get(`/api/bundles?model_id=${characterId}`);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const publicBundles = answer.body.bundles;
    expect(publicBundles.find((item: { id: number }) => item.id === bundleId)).toMatchObject({
      title: "Night shift",
      price_tokens: 45,
    });
    const [entry] = (await auditEntriesFor(t, String(bundleId))).filter(
      (one) => one.target_type === "bundle",
    );
    expect(entry).toMatchObject({ action: "bundle.created", actor_id: admin.id, reason: "new set" });
  });

  it("moves a gallery photo into the bundle: a private copy and blurred public previews", async () => {
    const before = await t.database.db
      .selectFrom("media")
      .selectAll()
      .where("id", "=", photos[0] as number)
      .executeTakeFirstOrThrow();
    for (const id of photos.slice(0, 2)) {
      const added = await admin.call("POST", `/api/admin/bundles/${bundleId}/items`, { media_id: id });
      expect(added.status, JSON.stringify(added.body)).toBe(201);
      expect(added.body).toMatchObject({ id, kind: "bundle_image", bundle_id: bundleId });
    }
    const row = await t.database.db
      .selectFrom("media")
      .selectAll()
      .where("id", "=", photos[0] as number)
      .executeTakeFirstOrThrow();
    expect(row.file_key).toMatch(/^private\/bundles\//);
    expect(row.preview_key).toMatch(/^public\/previews\//);
    const preview = await sharp(await t.storage.read(row.preview_key)).metadata();
    expect([preview.format, preview.width, preview.height]).toEqual([
      "webp",
      SIZES.lockedPreview.width,
      SIZES.lockedPreview.height,
    ]);
    // the free copy is gone: a locked picture is not reachable at its old public address
    expect(await t.storage.exists(before.file_key)).toBe(false);
    const items = (await t.get(`/api/bundles/${bundleId}/items`)).body.items;
    expect(items).toHaveLength(2);
    for (const item of items) {
      expect(item.locked).toBe(true);
      expect(item.price_tokens).toBe(45);
      expect(item.url).toMatch(/^\/media\/previews\//);
    }
    const publicBundle = (await t.get(`/api/bundles?model_id=${characterId}`)).body.bundles.find(
      (item: { id: number }) => item.id === bundleId,
    );
    expect(publicBundle.photo_count).toBe(2);
    const entries = (await auditEntriesFor(t, String(bundleId))).map((one) => one.action);
    expect(entries).toContain("bundle.item_added");
    // only a free gallery photo goes in
    const again = await admin.call("POST", `/api/admin/bundles/${bundleId}/items`, { media_id: photos[0] });
    expect(again.status).toBe(400);
  });

  it("moves an item back to the free gallery", async () => {
    const removed = await admin.call("DELETE", `/api/admin/bundles/${bundleId}/items/${photos[1]}`);
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    expect(removed.body).toMatchObject({ id: photos[1], kind: "photo", bundle_id: null });
    expect((await t.get(`/api/bundles/${bundleId}/items`)).body.items).toHaveLength(1);
    const entries = (await auditEntriesFor(t, String(bundleId))).map((one) => one.action);
    expect(entries).toContain("bundle.item_removed");
  });

  it("deletes a gallery item, but not one in a bundle someone bought (409)", async () => {
    const deleted = await admin.call("DELETE", `/api/admin/characters/${characterId}/media/${photos[2]}`);
    expect(deleted.status).toBe(204);
    const detail = (await admin.call("GET", `/api/admin/characters/${characterId}`)).body;
    expect(detail.media.map((item: { id: number }) => item.id)).not.toContain(photos[2]);
    const entries = (await auditEntriesFor(t, String(characterId))).map((one) => one.action);
    expect(entries).toContain("character.media_deleted");

    const buyer = await signUp(t, "user", "bundle-buyer");
    await t.database.db
      .insertInto("bundle_purchases")
      .values({ user_id: buyer.id, bundle_id: bundleId, price_tokens: 45 })
      .execute();
    const refused = await admin.call("DELETE", `/api/admin/characters/${characterId}/media/${photos[0]}`);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe("bundle_bought");
    const kept = await admin.call("DELETE", `/api/admin/bundles/${bundleId}/items/${photos[0]}`);
    expect(kept.status).toBe(409);
    expect((await t.get(`/api/bundles/${bundleId}/items`)).body.items).toHaveLength(1);
  });

  it("refuses moderators (403)", async () => {
    expect(
      (
        await moderator.call("POST", `/api/admin/characters/${characterId}/bundles`, {
          title: "No",
          description: "No",
          price_tokens: 5,
        })
      ).status,
    ).toBe(403);
    expect(
      (await moderator.call("POST", `/api/admin/bundles/${bundleId}/items`, { media_id: photos[1] })).status,
    ).toBe(403);
    expect((await moderator.call("DELETE", `/api/admin/bundles/${bundleId}/items/${photos[0]}`)).status).toBe(
      403,
    );
    expect(
      (await moderator.call("DELETE", `/api/admin/characters/${characterId}/media/${photos[1]}`)).status,
    ).toBe(403);
  });
});
