import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerWebApp } from "../../src/plugins/web-app.ts";

/** A built web app as `npm run build` leaves it: index.html and the route preloads of the build. */
const INDEX_HTML = `<!doctype html>
<html>
  <head>
    <script type="module" crossorigin src="/assets/index-a1.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-b2.js">
  </head>
  <body><div id="root"></div></body>
</html>`;

const PRELOADS = {
  common: ["/assets/contract-c3.js", "/assets/zod-d4.js"],
  paths: [
    { path: "/", files: [], bare: true },
    { path: "/gallery", files: ["/assets/gallery-f6.js", "/assets/tile-g7.js"] },
    { path: "/gallery/:id", files: ["/assets/gallery-item-h8.js"] },
    { path: "/chat/:id", files: ["/assets/chat-room-i9.js", "/assets/character-j0.js"] },
    { path: "/:id", files: ["/assets/landing-e5.js"] },
    // never written into a page: only hashed assets under /assets are
    { path: "/evil", files: ['/assets/x.js"><script>alert(1)</script>', "https://elsewhere.example/a.js"] },
    // already in index.html: not announced twice
    { path: "/terms", files: ["/assets/react-b2.js", "/assets/terms-k1.js"] },
  ],
};

const preloadsOf = (html: string) =>
  [...html.matchAll(/<link rel="modulepreload" crossorigin(?: fetchpriority="low")? href="([^"]+)">/g)].map(
    (match) => match[1],
  );

async function webDist(options: { preloads: boolean }): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), "reverie-web-dist-"));
  await mkdir(path.join(dir, ".vite"), { recursive: true });
  await mkdir(path.join(dir, "assets"), { recursive: true });
  await writeFile(path.join(dir, "index.html"), INDEX_HTML);
  if (options.preloads)
    await writeFile(path.join(dir, ".vite", "route-preloads.json"), JSON.stringify(PRELOADS));
  return dir;
}

async function appServing(dir: string): Promise<FastifyInstance> {
  const app = Fastify();
  await registerWebApp(app, { webDistDir: dir, mediaPublicDir: dir });
  await app.ready();
  return app;
}

const page = (app: FastifyInstance, url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: "GET", url, headers: { accept: "text/html", ...headers } });

describe("index.html with the route's modulepreloads", () => {
  let dir: string;
  let app: FastifyInstance;
  beforeAll(async () => {
    dir = await webDist({ preloads: true });
    app = await appServing(dir);
  });
  afterAll(async () => {
    await app.close();
    await rm(dir, { recursive: true, force: true });
  });

  it("announces the JavaScript of the screen at the path, then the contract, at low priority", async () => {
    const response = await page(app, "/gallery?tab=packs");
    expect(response.body).toContain(
      '<link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/gallery-f6.js">',
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toContain("text/html");
    expect(response.headers["cache-control"]).toBe("no-cache");
    expect(preloadsOf(response.body)).toEqual([
      "/assets/react-b2.js",
      "/assets/gallery-f6.js",
      "/assets/tile-g7.js",
      "/assets/contract-c3.js",
      "/assets/zod-d4.js",
    ]);
    // inside <head>, after what the build put there
    expect(response.body.indexOf("gallery-f6.js")).toBeLessThan(response.body.indexOf("</head>"));
    expect(response.body.indexOf("gallery-f6.js")).toBeGreaterThan(response.body.indexOf("react-b2.js"));
  });

  it("ranks static segments above parameters, as React Router does, case-insensitively", async () => {
    // a bare path (the landing: its first visit paints from the entry alone) announces nothing more
    expect(preloadsOf((await page(app, "/")).body)).toEqual(["/assets/react-b2.js"]);
    expect(preloadsOf((await page(app, "/Gallery/")).body)).toContain("/assets/gallery-f6.js");
    expect(preloadsOf((await page(app, "/gallery")).body)).not.toContain("/assets/landing-e5.js");
    expect(preloadsOf((await page(app, "/gallery/12")).body)).toContain("/assets/gallery-item-h8.js");
    expect(preloadsOf((await page(app, "/summer-ad")).body)).toContain("/assets/landing-e5.js");
    // both screens a chat may show (the chat room signed in, the character page signed out)
    const chat = preloadsOf((await page(app, "/chat/1")).body);
    expect(chat).toEqual(expect.arrayContaining(["/assets/chat-room-i9.js", "/assets/character-j0.js"]));
  });

  it("gives unknown paths the entry and the contract only, never anything from the URL", async () => {
    for (const url of ["/no/such/page", "/a/b/c/d", '/"><script>alert(1)</script>']) {
      const response = await page(app, url);
      expect(response.statusCode, url).toBe(200);
      expect(preloadsOf(response.body), url).toEqual([
        "/assets/react-b2.js",
        "/assets/contract-c3.js",
        "/assets/zod-d4.js",
      ]);
      expect(response.body).not.toContain("alert");
    }
  });

  it("writes only hashed assets into the page, each once", async () => {
    const evil = await page(app, "/evil");
    expect(evil.body).not.toContain("alert");
    expect(evil.body).not.toContain("elsewhere.example");
    expect(
      preloadsOf((await page(app, "/terms")).body).filter((file) => file === "/assets/react-b2.js"),
    ).toHaveLength(1);
  });

  it("serves the page to curl and monitors (any type, or none), never for a missing file or an API path", async () => {
    for (const headers of [{ accept: "*/*" }, {}] as Record<string, string>[]) {
      const home = await app.inject({ method: "GET", url: "/", headers });
      expect(home.statusCode).toBe(200);
      expect(home.headers["content-type"]).toContain("text/html");
      const head = await app.inject({ method: "HEAD", url: "/gallery", headers });
      expect(head.statusCode).toBe(200);
      expect(head.headers["content-type"]).toContain("text/html");
      for (const url of ["/missing.js", "/icons/none.png", "/api/nothing", "/assets/gone", "/dev/mailbox"]) {
        const missing = await app.inject({ method: "GET", url, headers });
        expect(missing.statusCode, url).toBe(404);
        expect(missing.headers["content-type"], url).toContain("application/json");
      }
    }
    const json = await app.inject({ method: "GET", url: "/", headers: { accept: "application/json" } });
    expect(json.statusCode).toBe(404);
  });

  it("answers a revalidation of the same page with 304, a different page in full", async () => {
    const first = await page(app, "/gallery");
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await page(app, "/gallery", { "if-none-match": etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe("");
    expect(again.headers["cache-control"]).toBe("no-cache");
    const other = await page(app, "/chat/3", { "if-none-match": etag });
    expect(other.statusCode).toBe(200);
    expect(other.headers.etag).not.toBe(etag);
  });
});

describe("index.html of a build without route preloads", () => {
  it("is served as it is", async () => {
    const dir = await webDist({ preloads: false });
    const app = await appServing(dir);
    try {
      const response = await page(app, "/gallery");
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe(INDEX_HTML);
    } finally {
      await app.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
