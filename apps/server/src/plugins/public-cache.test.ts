import Fastify from "fastify";
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { registerPublicCache } from "./public-cache.ts";

const POLICY = { maxAgeSeconds: 60, staleWhileRevalidateSeconds: 600 };

/** One publicly cached route that counts its handler runs and its response-schema checks. */
async function appWithCountedRoute(options: { authenticates?: boolean } = {}) {
  const counts = { handler: 0, responseChecks: 0 };
  let version = 0;
  const app = Fastify({ logger: false }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerPublicCache(app, { catalogVersion: () => version });
  app.get(
    "/things",
    {
      config: { publicCache: POLICY },
      schema: {
        querystring: z.object({ limit: z.coerce.number().int().max(10).default(5) }),
        response: {
          200: z.object({
            items: z.array(z.number()).refine(() => {
              counts.responseChecks++;
              return true;
            }),
          }),
        },
      },
      ...(options.authenticates
        ? {
            preHandler: async (request) => {
              request.account = { userId: "u", sessionId: "s", token: "t", expiresAt: 0, createdAt: 0 };
            },
          }
        : {}),
    },
    async (request) => {
      counts.handler++;
      return { items: Array.from({ length: request.query.limit }, (_, index) => index) };
    },
  );
  app.get("/private", async () => ({ mine: true }));
  await app.ready();
  return {
    app,
    counts,
    catalogChanged: () => {
      version++;
    },
  };
}

let close: (() => Promise<void>) | undefined;
afterEach(async () => close?.());

describe("registerPublicCache", () => {
  it("runs the handler and the response schema once per query, not once per request", async () => {
    const { app, counts, catalogChanged } = await appWithCountedRoute();
    close = () => app.close();
    for (let i = 0; i < 5; i++) {
      const response = await app.inject("/things?limit=3");
      expect(response.json()).toEqual({ items: [0, 1, 2] });
    }
    expect(counts).toEqual({ handler: 1, responseChecks: 1 });

    await app.inject("/things");
    expect(counts.handler).toBe(2);

    catalogChanged();
    await app.inject("/things?limit=3");
    expect(counts.handler).toBe(3);
  });

  it("lets an invalid query reach validation every time", async () => {
    const { app, counts } = await appWithCountedRoute();
    close = () => app.close();
    for (let i = 0; i < 2; i++) {
      const response = await app.inject("/things?limit=11");
      expect(response.statusCode).toBe(400);
      expect(response.headers["cache-control"]).toBe("no-store");
    }
    expect(counts.handler).toBe(0);
  });

  it("makes every other route no-store", async () => {
    const { app } = await appWithCountedRoute();
    close = () => app.close();
    const response = await app.inject("/private");
    expect(response.headers["cache-control"]).toBe("no-store");
  });

  it("refuses to cache a route that authenticates its caller", async () => {
    const { app } = await appWithCountedRoute({ authenticates: true });
    close = () => app.close();
    const response = await app.inject("/things");
    expect(response.statusCode).toBe(500);
    expect(response.headers["cache-control"]).toBe("no-store");
    expect((await app.inject("/things")).statusCode).toBe(500);
  });
});
