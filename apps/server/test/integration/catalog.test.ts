import {
  anonymousChatListSchema,
  GENDERS,
  modelBundlesResponseSchema,
  modelListSchema,
  modelSchema,
  plansResponseSchema,
  tokenPackagesResponseSchema,
} from "@reverie/shared";
import { describe, expect, it } from "vitest";
import { useTestApp } from "../helpers/test-app.ts";

const app = useTestApp();
const get = (url: string) => app().get(url);

describe("GET /api/models", () => {
  it.each(GENDERS)("lists at least 6 characters of category %s, and only those", async (gender) => {
    const { status, body } = await get(`/api/models?gender=${gender}`);
    expect(status).toBe(200);
    const { items } = modelListSchema.parse(body);
    expect(items.length).toBeGreaterThanOrEqual(6);
    for (const model of items) {
      expect(model.gender).toBe(gender);
      expect(model.age).toBeGreaterThanOrEqual(18);
      expect(model.first_msg.length).toBeGreaterThan(0);
      expect(model.user_first_msg_help.length).toBeGreaterThan(0);
      expect(model.avatar_url).toMatch(/^\/media\/.+\.(webp|png|jpg)$/);
    }
  });

  it("lists every category when no gender is given", async () => {
    const { body } = await get("/api/models");
    const { items } = modelListSchema.parse(body);
    expect(items.length).toBeGreaterThanOrEqual(24);
    expect(new Set(items.map((model) => model.gender))).toEqual(new Set(GENDERS));
    expect(new Set(items.map((model) => model.id)).size).toBe(items.length);
  });

  it("refuses an unknown gender with a 400 that says why", async () => {
    const { status, body } = await get("/api/models?gender=robot");
    expect(status).toBe(400);
    expect(body).toMatchObject({ statusCode: 400, error: "bad_request" });
    expect(body.message).toContain("gender");
  });
});

describe("GET /api/models/:id", () => {
  it("returns one character with its counts", async () => {
    const { body: list } = await get("/api/models?gender=female");
    const first = modelListSchema.parse(list).items[0];
    const { status, body } = await get(`/api/models/${first?.id}`);
    expect(status).toBe(200);
    const model = modelSchema.parse(body);
    expect(model).toEqual(first);
    expect(model.photo_count).toBeGreaterThan(0);
    expect(model.video_count).toBeGreaterThan(0);
  });

  it("answers 404 for an id that does not exist", async () => {
    const { status, body } = await get("/api/models/987654");
    expect(status).toBe(404);
    expect(body).toEqual({
      statusCode: 404,
      error: "not_found",
      message: "Character 987654 does not exist.",
    });
  });

  it.each(["abc", "0", "-3", "1.5"])("answers 400 for the malformed id %s", async (id) => {
    const { status, body } = await get(`/api/models/${id}`);
    expect(status).toBe(400);
    expect(body.message).toContain("id");
  });
});

describe("GET /api/models/bundles", () => {
  it("lists characters of a category with their bundles", async () => {
    const { status, body } = await get("/api/models/bundles?gender=anime_female");
    expect(status).toBe(200);
    const { items } = modelBundlesResponseSchema.parse(body);
    expect(items.length).toBeGreaterThan(0);
    for (const entry of items) {
      expect(entry.model.gender).toBe("anime_female");
      expect(entry.bundles.length).toBeGreaterThan(0);
      for (const bundle of entry.bundles) {
        expect(bundle.model_id).toBe(entry.model.id);
        expect(bundle.kind).toBe("bundle");
        expect(bundle.price_tokens).toBeGreaterThan(0);
      }
    }
  });

  it("refuses a bad gender", async () => {
    expect((await get("/api/models/bundles?gender=x")).status).toBe(400);
  });
});

describe("GET /api/anonym/chats", () => {
  it("offers signed-out visitors one chat per character, opening with its first message", async () => {
    const { body: models } = await get("/api/models?gender=male");
    const { status, body } = await get("/api/anonym/chats?gender=male");
    expect(status).toBe(200);
    const list = anonymousChatListSchema.parse(body);
    const byId = new Map(modelListSchema.parse(models).items.map((model) => [model.id, model]));
    expect(list.total_count).toBe(byId.size);
    expect(list.pages_count).toBe(1);
    for (const chat of list.items) {
      expect(chat.model.gender).toBe("male");
      expect(chat.last_message).toMatchObject({ from: "model", text: byId.get(chat.id)?.first_msg });
      expect(Number.isNaN(Date.parse(chat.last_message.send_at))).toBe(false);
    }
  });

  it("pages the list", async () => {
    const { body } = await get("/api/anonym/chats?gender=female&limit=4&page=2");
    const list = anonymousChatListSchema.parse(body);
    expect(list.items).toHaveLength(Math.min(4, list.total_count - 4));
    expect(list.pages_count).toBe(Math.ceil(list.total_count / 4));
  });

  it("refuses a bad page", async () => {
    expect((await get("/api/anonym/chats?page=0")).status).toBe(400);
  });
});

describe("GET /api/subscriptions/plans", () => {
  it("lists plans and the monthly tokens premium includes", async () => {
    const { status, body } = await get("/api/subscriptions/plans");
    expect(status).toBe(200);
    const { plans, features } = plansResponseSchema.parse(body);
    expect(plans.length).toBeGreaterThanOrEqual(3);
    expect(features.MonthlyTokens).toBeGreaterThan(0);
    const monthly = plans.find((plan) => plan.interval === "month" && plan.interval_count === 1);
    expect(monthly?.discount_percent).toBe(0);
    const yearly = plans.find((plan) => plan.interval === "year");
    expect(yearly?.monthly_price_cents).toBeLessThan(monthly?.monthly_price_cents ?? 0);
    expect(yearly?.discount_percent).toBeGreaterThan(0);
  });
});

describe("GET /api/subscriptions/packages", () => {
  it("lists the token packages with prices", async () => {
    const { status, body } = await get("/api/subscriptions/packages");
    expect(status).toBe(200);
    const { packages } = tokenPackagesResponseSchema.parse(body);
    expect(packages.map((tokenPackage) => tokenPackage.tokens)).toEqual([100, 350, 550, 1150, 2400, 3750]);
    expect(packages.every((tokenPackage) => tokenPackage.price_cents > 0)).toBe(true);
  });
});
