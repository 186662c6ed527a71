import { randomBytes } from "node:crypto";
import sharp from "sharp";
import type { AdminRouteCase } from "./admin-routes.ts";
import type { TestApp } from "./test-app.ts";

/** The Characters and Moderation screens' routes (decision 0030), for the access matrix. */

const MATRIX_CHARACTER = 1;
const MATRIX_BUNDLE = 1;
const categoryOrder = new Map<string, number[]>();
const reportsToAct = new Map<string, number>();
let png: Buffer | null = null;
const bundleMedia = new Map<string, number>();
const bundleItems = new Map<string, { bundle: number; item: number }>();
const mediaToDelete = new Map<string, number>();

async function smallPng(): Promise<Buffer> {
  png ??= await sharp({ create: { width: 64, height: 64, channels: 3, background: "#c86" } })
    .png()
    .toBuffer();
  return png;
}

/** A free gallery photo of the matrix character, its file in storage. */
async function galleryPhoto(t: TestApp): Promise<number> {
  const key = `public/characters/matrix/photo-${randomBytes(4).toString("hex")}.webp`;
  await t.storage.put(
    key,
    await sharp(await smallPng())
      .webp()
      .toBuffer(),
  );
  const row = await t.database.db
    .insertInto("media")
    .values({
      slug: key,
      character_id: MATRIX_CHARACTER,
      bundle_id: null,
      kind: "photo",
      file_key: key,
      preview_key: key,
      thumbnail_key: key,
      width: 64,
      height: 64,
      video_duration: null,
      position: 99,
      owner_id: null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

export const ADMIN_CATALOG_ROUTES: AdminRouteCase[] = [
  {
    method: "GET",
    route: "/api/admin/characters",
    minRole: "moderator",
    call: () => ({ url: "/api/admin/characters?gender=female" }),
  },
  {
    method: "POST",
    route: "/api/admin/characters",
    minRole: "admin",
    okStatus: 201,
    call: () => ({
      url: "/api/admin/characters",
      payload: {
        name: "Matrix",
        age: 30,
        gender: "male",
        tagline: "Checks every door",
        description: "A calm architect who likes long walks.",
        personality: "Calm",
        first_msg: "Hello there.",
      },
    }),
  },
  {
    method: "POST",
    route: "/api/admin/characters/order",
    minRole: "admin",
    prepare: async (t, target) => {
      const rows = await t.database.db
        .selectFrom("characters")
        .select("id")
        .where("owner_id", "is", null)
        .where("gender", "=", "anime_male")
        .orderBy("position")
        .orderBy("id")
        .execute();
      categoryOrder.set(
        target.id,
        rows.map((row) => row.id),
      );
    },
    call: (target) => ({
      url: "/api/admin/characters/order",
      payload: { gender: "anime_male", ids: categoryOrder.get(target.id) ?? [] },
    }),
  },
  {
    method: "GET",
    route: "/api/admin/characters/:id",
    minRole: "moderator",
    call: () => ({ url: `/api/admin/characters/${MATRIX_CHARACTER}` }),
  },
  {
    method: "PATCH",
    route: "/api/admin/characters/:id",
    minRole: "admin",
    call: () => ({ url: `/api/admin/characters/${MATRIX_CHARACTER}`, payload: { reason: "matrix" } }),
  },
  {
    method: "POST",
    route: "/api/admin/characters/:id/visibility",
    minRole: "admin",
    call: () => ({ url: `/api/admin/characters/${MATRIX_CHARACTER}/visibility`, payload: { hidden: false } }),
  },
  {
    method: "POST",
    route: "/api/admin/characters/:id/portrait",
    minRole: "admin",
    prepare: async () => {
      await smallPng();
    },
    call: () => ({
      url: `/api/admin/characters/${MATRIX_CHARACTER}/portrait`,
      payload: png ?? Buffer.alloc(0),
    }),
  },
  {
    method: "POST",
    route: "/api/admin/characters/:id/media",
    minRole: "admin",
    okStatus: 201,
    prepare: async () => {
      await smallPng();
    },
    call: () => ({ url: `/api/admin/characters/${MATRIX_CHARACTER}/media`, payload: png ?? Buffer.alloc(0) }),
  },
  {
    method: "GET",
    route: "/api/admin/bundles",
    minRole: "moderator",
    call: () => ({ url: "/api/admin/bundles?kind=pack" }),
  },
  {
    method: "PATCH",
    route: "/api/admin/bundles/:id",
    minRole: "admin",
    call: () => ({ url: `/api/admin/bundles/${MATRIX_BUNDLE}`, payload: { reason: "matrix" } }),
  },
  {
    method: "POST",
    route: "/api/admin/characters/:id/bundles",
    minRole: "admin",
    okStatus: 201,
    call: () => ({
      url: `/api/admin/characters/${MATRIX_CHARACTER}/bundles`,
      payload: { title: "Matrix set", description: "Checks every door.", price_tokens: 5 },
    }),
  },
  {
    method: "POST",
    route: "/api/admin/bundles/:id/items",
    minRole: "admin",
    okStatus: 201,
    prepare: async (t, target) => {
      bundleMedia.set(target.id, await galleryPhoto(t));
    },
    call: (target) => ({
      url: `/api/admin/bundles/${MATRIX_BUNDLE}/items`,
      payload: { media_id: bundleMedia.get(target.id) ?? 0 },
    }),
  },
  {
    method: "DELETE",
    route: "/api/admin/bundles/:id/items/:itemId",
    minRole: "admin",
    // a fresh bundle nobody bought, holding a fresh locked picture
    prepare: async (t, target) => {
      const media = await galleryPhoto(t);
      const bundle = await t.database.db
        .insertInto("bundles")
        .values({
          slug: `matrix-bundle-${media}`,
          kind: "bundle",
          character_id: MATRIX_CHARACTER,
          gender: "female",
          title: "Matrix",
          description: "Matrix",
          price_tokens: 5,
          cover_key: "",
          position: 99,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      await t.database.db
        .updateTable("media")
        .set({ kind: "bundle_image", bundle_id: bundle.id })
        .where("id", "=", media)
        .execute();
      bundleItems.set(target.id, { bundle: bundle.id, item: media });
    },
    call: (target) => {
      const arranged = bundleItems.get(target.id);
      return { url: `/api/admin/bundles/${arranged?.bundle ?? 0}/items/${arranged?.item ?? 0}` };
    },
  },
  {
    method: "DELETE",
    route: "/api/admin/characters/:id/media/:mediaId",
    minRole: "admin",
    okStatus: 204,
    prepare: async (t, target) => {
      mediaToDelete.set(target.id, await galleryPhoto(t));
    },
    call: (target) => ({
      url: `/api/admin/characters/${MATRIX_CHARACTER}/media/${mediaToDelete.get(target.id) ?? 0}`,
    }),
  },
  {
    method: "GET",
    route: "/api/admin/moderation/events",
    minRole: "moderator",
    call: (target) => ({ url: `/api/admin/moderation/events?user_id=${target.id}` }),
  },
  {
    method: "GET",
    route: "/api/admin/moderation/reports",
    minRole: "moderator",
    call: () => ({ url: "/api/admin/moderation/reports?status=all&limit=5" }),
  },
  {
    method: "POST",
    route: "/api/admin/moderation/reports/:id/action",
    minRole: "moderator",
    // the target opens a chat and reports the character's greeting
    prepare: async (_t, target) => {
      const chat = await target.call("POST", "/api/chats", { model_id: MATRIX_CHARACTER });
      const messages = await target.call("GET", `/api/chats/${chat.body.id}/messages`);
      const greeting = messages.body.items[0].id;
      const report = await target.call("POST", `/api/chats/${chat.body.id}/messages/${greeting}/report`, {
        reason: "other",
      });
      reportsToAct.set(target.id, report.body.id);
    },
    call: (target) => ({
      url: `/api/admin/moderation/reports/${reportsToAct.get(target.id) ?? 0}/action`,
      payload: { action: "dismiss", reason: "matrix" },
    }),
  },
  {
    method: "GET",
    route: "/api/admin/moderation/evaluation",
    minRole: "moderator",
    call: () => ({ url: "/api/admin/moderation/evaluation" }),
  },
];
