import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BillingService } from "../../src/services/billing/billing-service.ts";
import { signUp, type TestAccount } from "../helpers/accounts.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function buyerOf(bundle: { id: number; price_tokens: number }): Promise<TestAccount> {
  const buyer = await signUp(t, "user", "bundle-buyer");
  await t.database.db.transaction().execute((trx) =>
    new BillingService({ db: t.database.db }).grant(trx, {
      userId: buyer.id,
      amount: bundle.price_tokens,
      reason: "grant",
      reference: `test:${buyer.id}`,
    }),
  );
  expect((await buyer.call("POST", `/api/bundles/${bundle.id}/payment`)).status).toBe(200);
  return buyer;
}

interface PresentedItem {
  id: number;
  kind: string;
  locked: boolean;
  url: string;
  thumbnail_url: string;
}
interface PresentedBundle {
  id: number;
  cover_url: string;
  items: PresentedItem[];
}

const isSigned = (url: string) => url.startsWith("/media-private/") && url.includes("signature=");
const isBlurredStandIn = (url: string) => url.includes("/previews/");

describe("a bought bundle, as its buyer sees it", () => {
  it("shows every item's still and the cover sharp, by signed links that serve the files", async () => {
    const bundle = await t.database.db
      .selectFrom("bundles")
      .select(["id", "price_tokens", "character_id"])
      .where("kind", "=", "bundle")
      .orderBy("id")
      .executeTakeFirstOrThrow();
    const buyer = await buyerOf(bundle);

    const { body } = await buyer.call("GET", `/api/bundles/${bundle.id}/items`);
    const items = body.items as PresentedItem[];
    expect(items.some((item) => item.kind === "bundle_video")).toBe(true);
    for (const item of items) {
      expect(item.locked).toBe(false);
      expect(isSigned(item.thumbnail_url), item.thumbnail_url).toBe(true);
      expect(isBlurredStandIn(item.thumbnail_url)).toBe(false);
    }
    const video = items.find((item) => item.kind === "bundle_video") as PresentedItem;
    expect(video.thumbnail_url).toMatch(/\.poster\.webp\?/);
    const photo = items.find((item) => item.kind === "bundle_image") as PresentedItem;
    expect(photo.thumbnail_url).toBe(photo.url);

    // the video's signed still serves the poster the seed renders beside it (no media are rendered here)
    const row = await t.database.db
      .selectFrom("media")
      .select("file_key")
      .where("id", "=", video.id)
      .executeTakeFirstOrThrow();
    await t.storage.put(row.file_key.replace(/\.webm$/, ".poster.webp"), Buffer.from("RIFF....WEBPVP8 "));
    expect((await t.app.inject({ method: "GET", url: video.thumbnail_url })).statusCode).toBe(200);

    // the character page's list shows the bundle with its cover sharp, and a stranger's locked
    const mine = (await buyer.call("GET", `/api/bundles?model_id=${bundle.character_id}`)).body
      .bundles as PresentedBundle[];
    const bought = mine.find((candidate) => candidate.id === bundle.id) as PresentedBundle;
    expect(isSigned(bought.cover_url), bought.cover_url).toBe(true);
    expect(bought.items.every((item) => !item.locked && isSigned(item.thumbnail_url))).toBe(true);

    const stranger = await signUp(t, "user", "bundle-stranger");
    const theirs = (await stranger.call("GET", `/api/bundles?model_id=${bundle.character_id}`)).body
      .bundles as PresentedBundle[];
    const locked = theirs.find((candidate) => candidate.id === bundle.id) as PresentedBundle;
    expect(isBlurredStandIn(locked.cover_url)).toBe(true);
    expect(locked.items.every((item) => item.locked && isBlurredStandIn(item.thumbnail_url))).toBe(true);
  });

  it("shows a bought pack sharp in the gallery after a reload, and locked to everyone else", async () => {
    const pack = await t.database.db
      .selectFrom("bundles")
      .select(["id", "price_tokens", "gender"])
      .where("kind", "=", "pack")
      .orderBy("id")
      .executeTakeFirstOrThrow();
    const buyer = await buyerOf(pack);
    const packIn = (body: { packs: PresentedBundle[] }) =>
      body.packs.find((candidate) => candidate.id === pack.id) as PresentedBundle;

    const gallery = packIn((await buyer.call("GET", `/api/v2/gallery?gender=${pack.gender}`)).body);
    expect(isSigned(gallery.cover_url), gallery.cover_url).toBe(true);
    expect(gallery.items.every((item) => !item.locked && isSigned(item.thumbnail_url))).toBe(true);

    const visitor = packIn((await t.get(`/api/v2/gallery?gender=${pack.gender}`)).body);
    expect(isBlurredStandIn(visitor.cover_url)).toBe(true);
    expect(visitor.items.every((item) => item.locked)).toBe(true);
  });
});
